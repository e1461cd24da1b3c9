// The CSV of a search with --fields holds what was asked for, in the order asked: each field's
// designed columns (Emitter: its CNPJ/CPF, name and UF), or one column with the field's value.
import type { Cell, Column } from '../../output/writer.js';

/** A CSV column and the field it is read from; none for an identifier every record has. */
export type FieldColumn<R> = Column<R> & { field?: string | null };

/** `AccessKey` -> `access_key`, `HasCCE` -> `has_cce`, `xmlAbrasf` -> `xml_abrasf`. */
export const snakeCase = (name: string): string =>
  name
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/** A field without designed columns: its value as is, or as JSON when it is a list or an object. */
function valueColumn<R>(field: string): Column<R> {
  return {
    header: snakeCase(field),
    get: (r): Cell => {
      const v = (r as Record<string, unknown>)[field];
      return v === undefined || v === null || typeof v !== 'object' ? (v as Cell) : JSON.stringify(v);
    },
  };
}

/** All designed columns without --fields; with it, the identifiers and then each field's columns. */
export function csvColumnsFor<R>(
  designed: readonly FieldColumn<R>[],
  fields: readonly string[] | undefined,
): Column<R>[] {
  if (!fields) return [...designed];
  const asked = [...new Set(fields)];
  return [
    ...designed.filter((c) => c.field == null),
    ...asked.flatMap((f) => {
      const own = designed.filter((c) => c.field === f);
      return own.length ? own : [valueColumn<R>(f)];
    }),
  ];
}
