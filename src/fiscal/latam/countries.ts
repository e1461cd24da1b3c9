// The LATAM countries read, on their own so that `--help` can list them without loading zod.

/** ISO 3166-1 alpha-2 of the countries read: Mexico (CFDI 4.0), Chile (DTE), Colombia and Peru (UBL 2.1). */
export const LATAM_COUNTRIES = ['MX', 'CL', 'CO', 'PE'] as const;
export type LatamCountry = (typeof LATAM_COUNTRIES)[number];
