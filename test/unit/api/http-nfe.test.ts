import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../src/api/http.js';
import { listNfeV1, nfeV1Pages, nfeV2Pages, searchNfeV2 } from '../../../src/api/nfe.js';
import { collect } from '../../../src/api/paginate.js';
import { phpJsonEncodings } from '../../../src/api/wire/common.js';
import { ExitCode, exitCodeOf, ProtocolError } from '../../../src/errors.js';
import {
  createMemoryLogger,
  startScriptedServer,
  testHttpClient,
  type MemoryLogger,
  type ScriptedServer,
} from '../../helpers/scripted-server.js';

const KEY_A = '3'.repeat(44);
const KEY_B = '4'.repeat(44);

let server: ScriptedServer;
let http: HttpClient;
let log: MemoryLogger;
beforeEach(async () => {
  server = await startScriptedServer();
  log = createMemoryLogger();
  http = testHttpClient(`${server.url}/api`, { log });
});
afterEach(async () => {
  await http.close();
  await server.close();
});

const sign = (data: unknown) => createHash('sha256').update(phpJsonEncodings(data)[0]!).digest('hex');

/** A signed v1 page (R12, R14) whose next cursor is `next`. */
function v1Body(items: Array<{ access_key: string; xml: string }>, cursor: number, next: number) {
  return {
    status: { code: 200, message: 'OK' },
    data: items,
    page: {
      next: `${server.url}/api/v1/nfe/received?cursor=${next}&limit=50`,
      previous: `${server.url}/api/v1/nfe/received?cursor=${cursor}&limit=50`,
    },
    count: items.length,
    signature: sign(items),
  };
}

describe('GET /v1/nfe/{role}', () => {
  it('R11/R15/R16/R17: maps NfeV1Query to the service parameter names', async () => {
    server.enqueue({ body: v1Body([], 0, 0) });
    await listNfeV1(http, 'received', {
      cursor: 7,
      limit: 50,
      accessKeys: [KEY_A, KEY_B],
      cnpjs: ['12345678000195'],
      filter: '(= status novo)',
      createdFrom: '2024-01-01',
      createdTo: '2024-01-31 23:59:59',
      formatType: 'json',
    });
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.path).toBe('/api/v1/nfe/received');
    expect(Object.fromEntries([...new Set(req.query.keys())].map((k) => [k, req.query.getAll(k)]))).toEqual({
      cursor: ['7'],
      limit: ['50'],
      'access_key[]': [KEY_A, KEY_B],
      'cnpj[]': ['12345678000195'],
      filter: ['(= status novo)'],
      'created_at[from]': ['2024-01-01'],
      'created_at[to]': ['2024-01-31 23:59:59'],
      format_type: ['json'],
    });
  });

  it('R12: nfeV1Pages walks the cursors the server returns and stops on the empty page', async () => {
    const a = { access_key: KEY_A, xml: 'PD94bWw+' };
    const b = { access_key: KEY_B, xml: 'PD94/bWw+' };
    server.enqueue({ body: v1Body([a], 0, 10) }, { body: v1Body([b], 10, 11) }, { body: v1Body([], 11, 11) });
    const pages = await collect(nfeV1Pages(http, 'emitted', { limit: 1 }));
    expect(pages.map((p) => [p.cursor, p.next, p.items.map((i) => i.access_key)])).toEqual([
      [0, 10, [KEY_A]],
      [10, 11, [KEY_B]],
    ]);
    expect(server.requests.map((r) => r.query.get('cursor'))).toEqual(['0', '10', '11']);
    expect(server.requests.every((r) => r.path === '/api/v1/nfe/emitted' && r.query.get('limit') === '1')).toBe(true);
  });

  it('R14: a page whose signature does not match is fetched again, and the good copy accepted', async () => {
    const items = [{ access_key: KEY_A, xml: 'PD94bWw+' }];
    server.enqueue(
      { body: { ...v1Body(items, 0, 1), signature: sign([{ access_key: KEY_A, xml: 'PD9' }]) } },
      { body: v1Body(items, 0, 1) },
    );
    const page = await listNfeV1(http, 'received', {});
    expect(page.data).toEqual(items);
    expect(server.requests).toHaveLength(2);
    expect(http.stats.signatureMismatches).toBe(1);
  });

  it('R14: the same mismatching body twice is refused (exit 11), never accepted', async () => {
    const body = { ...v1Body([{ access_key: KEY_A, xml: 'x' }], 0, 1), signature: 'f'.repeat(64) };
    server.enqueue({ body }, { body });
    const err = await listNfeV1(http, 'received', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProtocolError);
    expect(exitCodeOf(err)).toBe(ExitCode.unreadableAnswer);
    expect((err as Error).message).toMatch(/signature does not match its data \(the same body twice\); refused/);
    expect(server.requests).toHaveLength(2);
    expect(log.lines.some((l) => l.includes('accepting'))).toBe(false);
  });
});

describe('POST /v2/dfe/nfe', () => {
  const nfes = (...keys: string[]) => keys.map((k) => ({ AccessKey: k, Xml: 'PD94' }));

  it('R18/R19a: nfeV2Pages sends PascalCase bodies, follows Paginator and stops on null', async () => {
    server.enqueue(
      { body: { Nfes: nfes(KEY_A), Paginator: 'p2', Total: 2 } },
      { body: { Nfes: nfes(KEY_B), Paginator: null, Total: 2 } },
    );
    const req = { Fields: ['AccessKey', 'Xml'], Filters: { OwnerRoles: ['received'] }, Limit: 1 };
    const pages = await collect(nfeV2Pages(http, req));
    expect(pages.map((p) => [p.items.map((n) => n.AccessKey), p.total])).toEqual([
      [[KEY_A], 2],
      [[KEY_B], 2],
    ]);
    expect(server.requests.map((r) => r.json)).toEqual([req, { ...req, Paginator: 'p2' }]);
    expect(server.requests.every((r) => r.method === 'POST' && r.path === '/api/v2/dfe/nfe')).toBe(true);
  });

  it('searchNfeV2 is a list read: retried after a 500 although it is a POST', async () => {
    server.enqueue(
      { status: 500 },
      { body: { status: { code: 200, message: 'OK' }, Nfes: [], Paginator: '', Total: 0 } },
    );
    await expect(searchNfeV2(http, {})).resolves.toMatchObject({ Total: 0 });
    expect(server.requests).toHaveLength(2);
  });
});
