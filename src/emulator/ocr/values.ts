// What the account's invoices and utility bills write alike: amounts in cents, dates, and the
// Brasília instants of their created_at.
export const DAY_MS = 86_400_000;

export function cents(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A created_at as the other records write it: Brasília time with its offset. */
export function brasilia(ms: number): string {
  return `${new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}
