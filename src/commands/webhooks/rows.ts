// What the webhook management verbs share: id checks, the rows of add/remove and the one message
// for an id the account does not hold (R31: another account's resource is a 404, never a 403).
import {
  ApiError,
  AuthError,
  FiscalError,
  InterruptedError,
  NotFoundError,
  PartialError,
  UsageError,
} from '../../errors.js';
import { webhookWrites, type WebhookResource } from '../../api/webhooks.js';
import type { Column } from '../../output/writer.js';

/** Ids are the service's: any non-blank text without spaces (they go into the path encoded). */
export function checkIds(ids: string[], what: string): string[] {
  const out = ids.map((id) => id.trim());
  if (out.length === 0) throw new UsageError(`give at least one ${what} id`);
  const bad = out.find((id) => id === '' || /\s/.test(id));
  if (bad !== undefined) throw new UsageError(`"${bad}" is not a webhook ${what} id`);
  return [...new Set(out)];
}

export function notFound(kind: WebhookResource, id: string, error: ApiError): NotFoundError {
  return new NotFoundError(
    `webhook ${kind} ${id} not found in this account (it was removed, or belongs to another account)`,
    error.status,
    error.method,
    error.path,
    { cause: error },
  );
}

/** Errors that end the whole run instead of failing one row: credentials and interruptions. */
export function isFatal(error: unknown): boolean {
  return error instanceof AuthError || error instanceof InterruptedError || !(error instanceof FiscalError);
}

export interface RemoveRow {
  id: string;
  status: 'deleted' | 'not-found' | 'error' | 'dry-run';
  subscriptions_removed?: number | undefined;
  message?: string | undefined;
}

export const REMOVE_COLUMNS: Column<RemoveRow>[] = [
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'SUBSCRIPTIONS REMOVED', get: (r) => r.subscriptions_removed },
  { header: 'MESSAGE', get: (r) => r.message, width: 70 },
];

/**
 * One id not found: exit 4 with its message; every id failed the same way: exit 4 too; some ids
 * failed otherwise, or next to ids that worked: exit 7.
 */
export function removeOutcome(kind: WebhookResource, rows: RemoveRow[], lastNotFound: NotFoundError | undefined): void {
  const failed = rows.filter((r) => r.status === 'not-found' || r.status === 'error');
  if (failed.length === 0) return;
  if (failed.length === rows.length && failed.every((r) => r.status === 'not-found')) {
    if (rows.length === 1 && lastNotFound) throw lastNotFound;
    const [method, path] = webhookWrites.delete(kind).split(' ') as [string, string];
    throw new NotFoundError(`none of the ${rows.length} webhook ${kind}s was found in this account`, 404, method, path);
  }
  throw new PartialError(`${failed.length} of ${rows.length} webhook ${kind}s were not removed`);
}
