// `fiscal webhooks` management verbs against a scripted server (R31): what is sent, what is shown,
// and the exit codes of bad input (2), another account's id (404 -> 4) and partial failures (7).
import { PassThrough, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_DOCUMENT_TYPES, WEBHOOK_EVENT_TYPES } from '../../../src/api/wire/webhooks.js';
import { DOCUMENT_TYPE_CHOICES, EVENT_TYPE_CHOICES } from '../../../src/commands/webhooks/index.js';
import listenVerb, { isLoopback } from '../../../src/commands/webhooks/listen.js';

/** As commander gives the values: with the declared defaults. */
const parseListen = (raw: Record<string, unknown>) => listenVerb.parse({ host: '127.0.0.1', port: '0', ...raw }, []).options;
import { UsageError } from '../../../src/errors.js';
import { main } from '../../../src/main.js';
import { tempDir } from '../../helpers/context.js';
import { startScriptedServer, type ScriptedServer } from '../../helpers/scripted-server.js';

const STATUS = { code: 200, message: 'OK' };
const CNPJ_A = '11222333000181';
const CPF_B = '52998224725';
const SECRET = 'whsec_5b1e9c0a7d';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _e: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString('utf8');
    cb();
  }
}

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => server.close());

async function fiscal(...args: string[]): Promise<{ code: number; stdout: string; stderr: string; rows: Array<Record<string, any>> }> {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  stdin.end();
  const env = { FISCAL_CONFIG_DIR: tempDir('fiscal-config-'), FISCAL_BASE_URL: server.url, FISCAL_API_ID: 'acc-1', FISCAL_API_KEY: 'key-abcdef123456' };
  const code = await main(['webhooks', ...args], {
    env, signal: new AbortController().signal,
    io: { stdin, stdout, stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
  });
  const rows = stdout.text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
  return { code, stdout: stdout.text, stderr: stderr.text, rows };
}

const metadata = (document_types = [...WEBHOOK_DOCUMENT_TYPES], event_types = [...WEBHOOK_EVENT_TYPES]) => ({
  body: { status: STATUS, data: { document_types, event_types, signature: { header: 'X-Fiscal-Signature', algorithm: 'HMAC-SHA256' } } },
});
const endpoint = (id: string, extra: Record<string, unknown> = {}) => ({ id, url: `https://erp.example.com/${id}`, description: null, created_at: '2026-01-05T10:00:00Z', ...extra });
const subscription = (id: string, body: Record<string, string>) => ({ body: { status: STATUS, data: { id, created_at: '2026-01-05T10:00:00Z', ...body } } });
const notFound = { status: 404, body: { error: { code: 'not_found', message: 'webhook endpoint not found', context: null } } };

describe('fiscal webhooks metadata and endpoints', () => {
  it('R31: metadata reads GET /v1/webhooks/metadata with the account headers', async () => {
    server.enqueue(metadata());
    const r = await fiscal('metadata');
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.map((q) => [q.method, q.path, q.headers['x-api-id']])).toEqual([['GET', '/v1/webhooks/metadata', 'acc-1']]);
    expect(r.rows).toEqual([metadata().body.data]);
  });

  it('R31: add sends url and description, shows the secret once in its row and says so on stderr; list never shows it', async () => {
    server.enqueue({ status: 201, body: { status: STATUS, data: endpoint('we_1', { description: 'ERP inbox', secret: SECRET }) } });
    const added = await fiscal('endpoints', 'add', 'https://erp.example.com/we_1', '--description', 'ERP inbox');
    expect(added.code, added.stderr).toBe(0);
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/webhooks/endpoints', json: { url: 'https://erp.example.com/we_1', description: 'ERP inbox' } });
    expect(added.rows).toEqual([expect.objectContaining({ id: 'we_1', status: 'created', secret: SECRET })]);
    expect(added.stderr).toMatch(/not shown again/);
    expect(added.stderr).not.toContain(SECRET);

    // A server that wrongly repeats the secret in a listing still does not get it shown.
    server.enqueue({ body: { status: STATUS, data: [endpoint('we_1', { secret: SECRET }), endpoint('we_2')] } });
    const listed = await fiscal('endpoints', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.rows.map((e) => e.id)).toEqual(['we_1', 'we_2']);
    expect(listed.stdout + listed.stderr).not.toContain(SECRET);
  });

  it('R31: add refuses a URL that is not http(s) (exit 2, nothing sent), and --dry-run sends nothing', async () => {
    const bad = await fiscal('endpoints', 'add', 'ftp://erp.example.com/hooks');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/<url>: expected an http:\/\/ or https:\/\/ URL/);
    const long = await fiscal('endpoints', 'add', `https://erp.example.com/${'x'.repeat(2048)}`);
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/<url>: expected at most 2048 characters/);
    const dry = await fiscal('endpoints', 'add', 'https://erp.example.com/hooks', '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.rows).toEqual([expect.objectContaining({ status: 'dry-run', url: 'https://erp.example.com/hooks' })]);
    expect(server.requests).toHaveLength(0);
  });

  it('R31: removing another account\'s endpoint (404) exits 4 with a clear message', async () => {
    server.enqueue(notFound);
    const r = await fiscal('endpoints', 'remove', 'we_foreign');
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/webhook endpoint we_foreign not found in this account/);
    expect(server.requests.map((q) => [q.method, q.path])).toEqual([['DELETE', '/v1/webhooks/endpoints/we_foreign']]);
    expect(r.rows).toEqual([expect.objectContaining({ id: 'we_foreign', status: 'not-found' })]);
  });

  it('R31: removing several endpoints gives a row each; one not found next to one removed exits 7', async () => {
    server.enqueue({ body: { status: STATUS, data: { id: 'we_1', deleted: true, subscriptions_removed: 3 } } }, notFound);
    const r = await fiscal('endpoints', 'remove', 'we_1', 'we_foreign');
    expect(r.code).toBe(7);
    expect(r.rows.map((row) => [row.id, row.status, row.subscriptions_removed])).toEqual([['we_1', 'deleted', 3], ['we_foreign', 'not-found', undefined]]);
    const dry = await fiscal('endpoints', 'remove', 'we_1', '--dry-run');
    expect(dry.code).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('R31: deliveries lists the attempts; another account\'s endpoint exits 4', async () => {
    const attempt = { id: 'wd_1', notification_id: 'ntf_1', type: 'document.received', attempt: 2, at: '2026-01-05T10:01:00Z', status_code: 500, error: 'endpoint answered 500', outcome: 'retrying', next_attempt_at: '2026-01-05T10:05:00Z' };
    server.enqueue({ body: { status: STATUS, data: [attempt] } }, notFound);
    const ok = await fiscal('endpoints', 'deliveries', 'we_1');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.rows).toEqual([attempt]);
    const foreign = await fiscal('endpoints', 'deliveries', 'we_foreign');
    expect(foreign.code).toBe(4);
    expect(foreign.stderr).toMatch(/webhook endpoint we_foreign not found in this account/);
    expect(server.requests.map((q) => q.path)).toEqual(['/v1/webhooks/endpoints/we_1/deliveries', '/v1/webhooks/endpoints/we_foreign/deliveries']);
  });
});

describe('fiscal webhooks subscriptions', () => {
  it('R31: the command\'s choices are the contract\'s document and event types', () => {
    expect([...DOCUMENT_TYPE_CHOICES]).toEqual([...WEBHOOK_DOCUMENT_TYPES]);
    expect([...EVENT_TYPE_CHOICES]).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it('R31: add creates one subscription per CNPJ x type x event after one metadata call', async () => {
    server.enqueue(metadata(), (req) => subscription('ws_1', req.json as Record<string, string>), (req) => subscription('ws_2', req.json as Record<string, string>),
      (req) => subscription('ws_3', req.json as Record<string, string>), (req) => subscription('ws_4', req.json as Record<string, string>));
    const r = await fiscal('subscriptions', 'add', '--endpoint', 'we_1', '--cnpj', `${CNPJ_A},${CPF_B}`, '--document-type', 'nfe', '--event-type', 'received,canceled');
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.map((q) => [q.method, q.path])).toEqual([['GET', '/v1/webhooks/metadata'], ...Array(4).fill(['POST', '/v1/webhooks/subscriptions'])]);
    expect(server.requests.slice(1).map((q) => q.json)).toEqual([
      { endpoint_id: 'we_1', cnpj: CNPJ_A, document_type: 'nfe', event_type: 'received' },
      { endpoint_id: 'we_1', cnpj: CNPJ_A, document_type: 'nfe', event_type: 'canceled' },
      { endpoint_id: 'we_1', cnpj: CPF_B, document_type: 'nfe', event_type: 'received' },
      { endpoint_id: 'we_1', cnpj: CPF_B, document_type: 'nfe', event_type: 'canceled' },
    ]);
    expect(r.rows.map((row) => [row.id, row.status])).toEqual([['ws_1', 'created'], ['ws_2', 'created'], ['ws_3', 'created'], ['ws_4', 'created']]);
  });

  it('R31: bad check digits, an unknown type or a type the service does not accept exit 2 naming the flag', async () => {
    const digits = await fiscal('subscriptions', 'add', '--endpoint', 'we_1', '--cnpj', '11222333000182', '--document-type', 'nfe', '--event-type', 'received');
    expect(digits.code).toBe(2);
    expect(digits.stderr).toMatch(/--cnpj: 11222333000182: check digits are 82, expected 81/);
    const choice = await fiscal('subscriptions', 'add', '--endpoint', 'we_1', '--cnpj', CNPJ_A, '--document-type', 'boleto', '--event-type', 'received');
    expect(choice.code).toBe(2);
    expect(choice.stderr).toMatch(/--document-type/);
    const missing = await fiscal('subscriptions', 'add', '--endpoint', 'we_1', '--cnpj', CNPJ_A, '--document-type', 'nfe');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--event-type is missing/);
    expect(server.requests).toHaveLength(0);

    server.enqueue(metadata(['nfe', 'cte']));
    const refused = await fiscal('subscriptions', 'add', '--endpoint', 'we_1', '--cnpj', CNPJ_A, '--document-type', 'nfe,mdfe', '--event-type', 'received');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--document-type: "mdfe" is not accepted by the service \(accepted: nfe, cte\)/);
    expect(server.requests.map((q) => q.path)).toEqual(['/v1/webhooks/metadata']);
  });

  it('R31: a refused subscription is a failed row and the others go on (exit 7); an unknown endpoint exits 4', async () => {
    const refused = { status: 422, body: { error: { code: 'cnpj_not_in_account', message: 'CNPJ is not a company of this account', context: null } } };
    server.enqueue(metadata(), refused, (req) => subscription('ws_9', req.json as Record<string, string>));
    const partial = await fiscal('subscriptions', 'add', '--endpoint', 'we_1', '--cnpj', CNPJ_A, '--cnpj', CPF_B, '--document-type', 'nfe', '--event-type', 'received');
    expect(partial.code).toBe(7);
    expect(partial.rows.map((row) => [row.cnpj, row.status])).toEqual([[CNPJ_A, 'error'], [CPF_B, 'created']]);
    expect(partial.rows[0]!.message).toMatch(/CNPJ is not a company of this account/);

    server.enqueue(metadata(), notFound);
    const foreign = await fiscal('subscriptions', 'add', '--endpoint', 'we_foreign', '--cnpj', CNPJ_A, '--cnpj', CPF_B, '--document-type', 'nfe', '--event-type', 'received');
    expect(foreign.code).toBe(4);
    expect(foreign.stderr).toMatch(/webhook endpoint we_foreign not found in this account/);
    expect(server.requests.filter((q) => q.method === 'POST')).toHaveLength(3);
  });

  it('R31: add --dry-run checks against the metadata and creates nothing', async () => {
    server.enqueue(metadata());
    const r = await fiscal('subscriptions', 'add', '--endpoint', 'we_1', '--cnpj', CNPJ_A, '--document-type', 'nfe', '--document-type', 'cte', '--event-type', 'received', '--dry-run');
    expect(r.code, r.stderr).toBe(0);
    expect(r.rows.map((row) => [row.document_type, row.status])).toEqual([['nfe', 'dry-run'], ['cte', 'dry-run']]);
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });

  it('R31: list --endpoint asks for that endpoint and keeps only its subscriptions; remove of another account\'s id exits 4', async () => {
    const s = (id: string, endpoint_id: string) => ({ id, endpoint_id, cnpj: CNPJ_A, document_type: 'nfe', event_type: 'received', created_at: '2026-01-05T10:00:00Z' });
    server.enqueue({ body: { status: STATUS, data: [s('ws_1', 'we_1'), s('ws_2', 'we_2')] } }, notFound);
    const listed = await fiscal('subscriptions', 'list', '--endpoint', 'we_1');
    expect(listed.code, listed.stderr).toBe(0);
    expect(server.requests[0]!.query.get('endpoint_id')).toBe('we_1');
    expect(listed.rows.map((row) => row.id)).toEqual(['ws_1']);
    const removed = await fiscal('subscriptions', 'remove', 'ws_foreign');
    expect(removed.code).toBe(4);
    expect(removed.stderr).toMatch(/webhook subscription ws_foreign not found in this account/);
    expect(server.requests[1]).toMatchObject({ method: 'DELETE', path: '/v1/webhooks/subscriptions/ws_foreign' });
  });
});

describe('fiscal webhooks listen options', () => {
  it('R31: binds 127.0.0.1 on a free port unless told otherwise; only loopback addresses count as local', () => {
    expect(parseListen({})).toEqual({ host: '127.0.0.1', port: 0, secret: undefined, forwardTo: undefined, max: undefined, all: false });
    expect(parseListen({ port: '8787', host: '0.0.0.0', max: '3', all: true })).toMatchObject({ host: '0.0.0.0', port: 8787, max: 3, all: true });
    expect(() => parseListen({ port: '70000' })).toThrow(UsageError);
    expect(() => parseListen({ secret: '' })).toThrow(/--secret/);
    expect(['127.0.0.1', '127.0.0.2', '::1', 'localhost'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '192.168.0.10', '::', 'example.com'].map(isLoopback)).toEqual([false, false, false, false]);
  });
});
