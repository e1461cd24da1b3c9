// `fiscal api <METHOD> <path>` in process against an emulator: what is sent, what is printed, and
// the usage errors that name the argument or flag before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 60, otherDocs: 0 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const received = () => emu.store.nfesOf(emu.accounts[0]!.id).byRole.received.map((e) => e.doc.accessKey);

describe('fiscal api', () => {
  it('R12: -f given twice and comma-free values become query parameters; the page is printed as one JSON line', async () => {
    const r = await runMain(['api', 'get', '/v1/nfe/received', '-f', 'limit=2', '--field', 'cursor=0'], env);
    expect(r.code, r.stderr).toBe(0);
    const page = JSON.parse(r.stdout) as { data: Array<{ access_key: string }>; count: number };
    expect(page.count).toBe(2);
    expect(page.data.map((d) => d.access_key)).toEqual(received().slice(0, 2));
  });

  it('a path alone is a GET, as in gh api', async () => {
    const r = await runMain(['api', '/v1/nfe/received', '-f', 'limit=2'], env);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { data: Array<{ access_key: string }> }).data.map((d) => d.access_key)).toEqual(
      received().slice(0, 2),
    );
    // A method alone is still an error naming what is missing.
    const bare = await runMain(['api', 'GET'], env);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('<path>');
  });

  it('R12: --paginate prints every record once, as NDJSON', async () => {
    const r = await runMain(['api', 'GET', '/v1/nfe/received?limit=9', '--paginate'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { access_key: string }).access_key),
    ).toEqual(received());
  });

  it('an unknown method or a path without / is a usage error naming the argument, and sends nothing', async () => {
    const before = emu.stats().requests;
    const method = await runMain(['api', 'FETCH', '/v1/nfe/received'], env);
    expect(method.code).toBe(2);
    expect(method.stderr).toContain('<method>: the method is one of GET, POST, PUT, DELETE, PATCH, got "FETCH"');
    const path = await runMain(['api', 'GET', 'v1/nfe/received'], env);
    expect(path.code).toBe(2);
    expect(path.stderr).toContain('<path>: the path starts with /');
    expect(emu.stats().requests).toEqual(before);
  });

  it('--input with a GET, or with -f, is a usage error naming --input', async () => {
    const get = await runMain(['api', 'GET', '/v1/nfe/received', '--input', 'body.json'], env);
    expect(get.code).toBe(2);
    expect(get.stderr).toContain('--input: GET sends no body; use -f for query parameters');
    const both = await runMain(['api', 'POST', '/v2/dfe/nfe', '--input', 'body.json', '-f', 'Limit=1'], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--input gives the whole body: use it or -f fields, not both');
  });

  it('R6: a 400 with field errors: exit 6, each field said once (the message names them)', async () => {
    const r = await runMain(['api', 'GET', '/v1/nfe/received', '-f', 'limit=5000'], env);
    expect(r.code).toBe(6);
    const said = r.stderr.split('\n').filter((l) => l.includes('limit: must be'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^fiscal: GET \/v1\/nfe\/received: 400 Bad Request: limit: must be/);
  });

  it('R6: a 404 answer: the body on stderr, exit 4', async () => {
    const r = await runMain(['api', 'GET', '/v1/events/batch/unknown'], env);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr.length).toBeGreaterThan(0);
  });
});
