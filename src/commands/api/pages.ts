// --paginate of `fiscal api`: recognises the page the first answer is and follows it with the
// shared iterators (src/api/paginate.ts): a v1 cursor page (`data` + `page.next`, R12: never
// null, stop on an empty page or a repeated cursor) or a v2 page (`Paginator` or `paginator` and
// one list, R19a). Records go to stdout as NDJSON as the pages come, so a filter downstream sees
// records, not pages.
import { paginateCursor, paginateToken } from '../../api/paginate.js';
import type { V1Page } from '../../api/wire/common.js';
import type { Context } from '../../context.js';
import type { ApiRequest, Send } from './api.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function isV1Page(body: unknown): body is V1Page<unknown> {
  return isObject(body) && Array.isArray(body.data) && isObject(body.page) && typeof body.page.next === 'string';
}

/** The v2 page's Paginator key and list key, when `body` is one. */
function v2Keys(body: unknown): { token: string; list: string } | undefined {
  if (!isObject(body)) return undefined;
  const token = ['Paginator', 'paginator'].find((k) => k in body && (body[k] === null || typeof body[k] === 'string'));
  const list = Object.keys(body).find((k) => Array.isArray(body[k]));
  return token && list ? { token, list } : undefined;
}

/** Streams the records of every page; false when `first` is not a page (it is then printed whole). */
export async function streamRecords(ctx: Context, first: unknown, send: Send, o: ApiRequest): Promise<boolean> {
  const write = (item: unknown) => ctx.io.stdout.write(`${JSON.stringify(item)}\n`);
  if (isV1Page(first)) {
    const start = Number(o.query.cursor?.[0] ?? 0);
    const fetchPage = async (cursor: number) =>
      cursor === start ? first : ((await send({ cursor: [String(cursor)] })) as V1Page<unknown>);
    for await (const page of paginateCursor(fetchPage, { start, signal: ctx.signal })) page.items.forEach(write);
    return true;
  }
  const keys = v2Keys(first);
  if (keys) {
    const fetchPage = async (token: string | undefined) => {
      const body = (
        token === undefined
          ? first
          : await send(o.body === undefined && o.input === undefined ? { [keys.token]: [token] } : {}, {
              [keys.token]: token,
            })
      ) as Json;
      return {
        items: Array.isArray(body[keys.list]) ? (body[keys.list] as unknown[]) : [],
        token: (body[keys.token] as string | null | undefined) ?? null,
      };
    };
    for await (const page of paginateToken(fetchPage, { signal: ctx.signal })) page.items.forEach(write);
    return true;
  }
  ctx.log.warn(
    '--paginate: the answer is not a page (v1 data + page.next, or a v2 Paginator and a list); printed as is',
  );
  return false;
}
