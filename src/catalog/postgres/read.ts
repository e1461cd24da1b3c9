// `fiscal query --catalog postgres://…`: a statement on the shared catalog, every profile side by
// side, on a connection of its own that never writes (queries.ts).
import { catalogError, connect, isConnectionLoss } from './connection.js';
import { CatalogError } from '../../errors.js';
import { readOnly } from './queries.js';
import { readableVersion } from './schema.js';
import type { QueryResult } from '../store.js';
import type { CatalogTarget } from './target.js';

export async function queryShared(
  target: CatalogTarget,
  o: { env: Readonly<Record<string, string | undefined>>; version: string },
  sql: string,
): Promise<QueryResult> {
  const client = await connect(target, o.env);
  try {
    const exists = await client.query("SELECT to_regclass('fiscal_schema') IS NOT NULL AS ok");
    if (!exists.rows[0]?.ok || (await readableVersion(client, target, o.version)) === 0) {
      throw new CatalogError(`catalog ${target.shown} holds no fiscal catalog yet`, {
        details: ['a `fiscal pull --catalog` with this URL creates it'],
      });
    }
    return await readOnly(client, sql);
  } catch (error) {
    throw isConnectionLoss(error) ? catalogError(target, error, 'running the query') : error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
