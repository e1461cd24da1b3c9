// A search that names documents (access keys, NFS-e ids, an NF-e number) rather than a period
// asks whether they exist: what it did not find is said on stderr, and the exit code says it too
// (4 when nothing named was found, 7 when some was), like `fiscal xml` and `fiscal events`.
import type { Context } from '../../context.js';
import type { Endpoint } from '../../api/document-filters.js';
import { NotFoundError, PartialError } from '../../errors.js';

export interface NamedDocuments<R> {
  /** The document type as the messages name it: `NF-e`, `CT-e`... */
  what: string;
  /** The ids named (keys, NFS-e ids); none when the search names documents another way. */
  ids: readonly string[];
  /** How the search names them, for the message when nothing is found: `numbered 52143`. */
  described: string;
  /** The id of a written record, when its fields hold it. */
  idOf: (record: R) => string | undefined;
  /** The request that answered, for the error. */
  endpoint: Endpoint;
}

/** Tracks the records written; `finish` reports what was named and not found. */
export function namedTracker<R>(named: NamedDocuments<R> | undefined) {
  const seen = new Set<string>();
  let written = 0;
  let unidentified = false;
  return {
    saw(record: R): void {
      written++;
      const id = named?.idOf(record);
      if (id === undefined) unidentified = true;
      else seen.add(id);
    },
    /** Call when the search ran to its end (not cut short by --limit). */
    finish(ctx: Context): void {
      if (!named) return;
      if (written === 0) {
        const many = named.ids.length > 1;
        if (many) for (const id of named.ids) ctx.io.stderr.write(`fiscal: ${id}: no ${named.what} found\n`);
        const message = many
          ? `none of the ${named.ids.length} ${named.what} named was found`
          : `no ${named.what} ${named.described} found`;
        throw new NotFoundError(message, 404, named.endpoint.method, named.endpoint.path);
      }
      // Records whose fields do not hold their id (--fields without it) cannot be matched to ids.
      if (unidentified) return;
      const missing = named.ids.filter((id) => !seen.has(id));
      if (missing.length === 0) return;
      for (const id of missing) ctx.io.stderr.write(`fiscal: ${id}: no ${named.what} found\n`);
      throw new PartialError(`${missing.length} of ${named.ids.length} ${named.what} named not found`);
    },
  };
}

/** The named documents of key flags: `with access key <key>` for one. */
export function namedKeys<R extends { AccessKey?: string | undefined }>(
  what: string,
  keys: readonly string[] | undefined,
  endpoint: Endpoint,
): NamedDocuments<R> | undefined {
  if (!keys?.length) return undefined;
  return { what, ids: [...new Set(keys)], described: `with access key ${keys[0]}`, idOf: (r) => r.AccessKey, endpoint };
}
