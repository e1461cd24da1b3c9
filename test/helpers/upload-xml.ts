// XML to upload in tests: the emulator's own documents under a new access key, so they are
// documents the account does not hold yet.
import { accessKeyCheckDigit } from '../../src/fiscal/access-key.js';

/** A key like `key` with another cNF (digits 36-43) and its check digit (R7). */
export function renumberedKey(key: string, code: number): string {
  const first43 = key.slice(0, 35) + String(code).padStart(8, '0');
  return first43 + accessKeyCheckDigit(first43);
}

/** `xml` with every occurrence of `from` replaced by `to`. */
export const rekeyed = (xml: string, from: string, to: string): string => xml.split(from).join(to);

export const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
