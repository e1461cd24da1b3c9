// `--where name=value` and `--where-missing name`: a small builder for the R17 prefix expression,
// so the common case needs no parentheses: `--where status=done --where-missing erp_id` is
// `(AND (= status done) (NOT_EXISTS erp_id))`. It stands in for --filter (and so answers from the
// v1 role listing like --filter does); giving both is a usage error.
import { UsageError } from '../../errors.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** A value as the filter language reads it: a bare word, or a quoted string. */
function quoted(value: string): string {
  return /^[^\s()"\\]+$/.test(value) ? value : `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

function name(text: string, flag: string): string {
  const trimmed = text.trim();
  if (!NAME.test(trimmed)) throw new UsageError(`${flag}: "${text}" is not a property name (letters, digits, _ . -)`);
  return trimmed;
}

/** The prefix expression of the `--where` and `--where-missing` items (AND of all). */
export function composeWhere(where: readonly string[], missing: readonly string[]): string {
  const terms = [
    ...where.map((item) => {
      const eq = item.indexOf('=');
      if (eq < 0) throw new UsageError(`--where: expected name=value, got "${item}"`);
      return `(= ${name(item.slice(0, eq), '--where')} ${quoted(item.slice(eq + 1))})`;
    }),
    ...missing.map((item) => `(NOT_EXISTS ${name(item, '--where-missing')})`),
  ];
  return terms.length === 1 ? terms[0]! : `(AND ${terms.join(' ')})`;
}

/** The --filter a search sends: given, or composed from --where and --where-missing (not both). */
export function whereFilter(o: {
  filter?: string | undefined;
  where?: readonly string[] | undefined;
  whereMissing?: readonly string[] | undefined;
}): string | undefined {
  if (!o.where?.length && !o.whereMissing?.length) return o.filter;
  if (o.filter !== undefined)
    throw new UsageError('--where and --where-missing build a --filter expression: give one or the other, not both');
  return composeWhere(o.where ?? [], o.whereMissing ?? []);
}
