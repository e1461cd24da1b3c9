// What the LATAM readers share: the error that names a problem, and number reading.
import type { LatamParty } from '../../api/wire/latam.js';

/** Why a file is not a LATAM document the service takes; the message is shown as is. */
export class LatamReadError extends Error {
  override name = 'LatamReadError';
}

/** A required value, or a LatamReadError naming where it was looked for. */
export function required(value: string | undefined, what: string): string {
  if (value === undefined) throw new LatamReadError(`${what} is missing`);
  return value;
}

/** A decimal as the documents write it (`1160.00`, `16`); undefined when absent. */
export function decimal(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new LatamReadError(`${what} is not a number: "${value}"`);
  return Number(value);
}

export function requiredDecimal(value: string | undefined, what: string): number {
  return decimal(required(value, what), what)!;
}

/** A rate written as a fraction (`0.160000`) as a percent (16), rounded off float noise. */
export function percentOf(fraction: number | undefined): number | null {
  return fraction === undefined ? null : Math.round(fraction * 1e6) / 1e4;
}

export function partyOf(taxId: string | undefined, name: string | undefined, country: string | undefined): LatamParty {
  return { tax_id: taxId ?? null, name: name ?? null, country: country ?? null };
}

/** Throws the tax id's problem, said of `who`. */
export function checkTaxId(problem: string | undefined, who: string): void {
  if (problem) throw new LatamReadError(`${who}: ${problem}`);
}
