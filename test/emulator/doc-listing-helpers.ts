// HTTP helpers for the listings of the other document types, against an emulator on 127.0.0.1.
import type { Emulator } from '../../src/emulator/server.js';
import { authHeaders, get, type Answer } from './fixtures.js';

export { get };

/** The first account's credentials, as the generated data set names them. */
export function headersOf(emu: Emulator, account = 0): Record<string, string> {
  return authHeaders(emu.accounts[account]!);
}

export async function post(
  emu: Emulator,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Answer> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(`${emu.url}${path}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: payload,
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** Every item of a v1 cursor listing, following page.next until an empty page (R12). */
export async function walkV1(
  emu: Emulator,
  pathAndQuery: string,
  headers: Record<string, string>,
): Promise<{ items: any[]; pages: number; cursors: number[] }> {
  const items: any[] = [];
  const cursors: number[] = [];
  let url = pathAndQuery;
  for (let pages = 0; pages < 1000; pages++) {
    const r = await get(emu, url, headers);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.text}`);
    if (r.body.data.length === 0) return { items, pages, cursors };
    items.push(...r.body.data);
    const next = new URL(r.body.page.next);
    cursors.push(Number(next.searchParams.get('cursor')));
    url = next.pathname + next.search;
  }
  throw new Error('no end');
}

/** Every record of a body search, following the Paginator (its key spelled as the endpoint spells it). */
export async function walkBody(
  emu: Emulator,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string>,
  keys: { list: string; paginator: string; total: string },
): Promise<{ records: any[]; pages: number; totals: number[] }> {
  const records: any[] = [];
  const totals: number[] = [];
  let paginator: string | null = null;
  let pages = 0;
  do {
    const r = await post(emu, path, { ...body, ...(paginator ? { [keys.paginator]: paginator } : {}) }, headers);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.text}`);
    records.push(...r.body[keys.list]);
    totals.push(r.body[keys.total]);
    paginator = r.body[keys.paginator];
    pages++;
  } while (paginator && pages < 1000);
  return { records, pages, totals };
}
