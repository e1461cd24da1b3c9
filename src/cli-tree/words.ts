// Value hints as the words a shell offers.
import type { ValueHint } from './hints.js';

export function valueWords(values: ValueHint): string[] | 'profiles' {
  return typeof values === 'string' ? values : [...values];
}
