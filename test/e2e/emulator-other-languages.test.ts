// The emulator as another program's test double (docs/emulator.md, "From another language"):
// `fiscal emulator --port 0` started as a process, its credentials read from stdout, the main
// flows driven with plain curl and with a small Python client written the way third-party
// clients are (cursor += count after the first page, stop on a short page; NFS-e read by
// regular expression). Skipped, with the reason printed, where curl or python3 is missing.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulatorProcess, type EmulatorProcess } from '../helpers/emulator-process.js';
import { hostTool } from '../helpers/host-tools.js';

const run = promisify(execFile);
const CLIENT = fileURLToPath(new URL('../fixtures/clients/fiscal_client.py', import.meta.url));
const hasCurl = hostTool('curl', ['--version'], 'the emulator driven with curl', 'curl');
const hasPython = hostTool('python3', ['--version'], 'the emulator driven by a Python client', 'python3');

let emulator: EmulatorProcess | undefined;
let env: Record<string, string> = {};

beforeAll(async () => {
  if (!hasCurl && !hasPython) return;
  emulator = await startEmulatorProcess([
    '--port',
    '0',
    '--seed',
    '3',
    '--docs',
    '300',
    '--now',
    '2026-06-15T12:00:00-03:00',
  ]);
  env = emulator.env;
}, 60_000);
afterAll(async () => {
  await emulator?.stop();
});

async function curl(...args: string[]): Promise<{ status: number; body: any }> {
  const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code}', ...args]);
  const at = stdout.lastIndexOf('\n');
  const text = stdout.slice(0, at);
  return { status: Number(stdout.slice(at + 1)), body: text ? JSON.parse(text) : undefined };
}
const auth = () => ['-H', `X-API-ID: ${env.FISCAL_API_ID}`, '-H', `X-API-KEY: ${env.FISCAL_API_KEY}`];

async function python(...args: string[]): Promise<unknown> {
  const { stdout } = await run('python3', [CLIENT, ...args], { env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}

/** Every access key of a listing, following page.next until an empty page (R12). */
async function followNext(path: string): Promise<string[]> {
  const keys: string[] = [];
  let url = `${env.FISCAL_BASE_URL}${path}`;
  for (;;) {
    const r = await fetch(encodeURI(url), {
      headers: { 'X-API-ID': env.FISCAL_API_ID!, 'X-API-KEY': env.FISCAL_API_KEY! },
    });
    const page = (await r.json()) as { data: { access_key: string }[]; page: { next: string } };
    if (page.data.length === 0) return keys;
    keys.push(...page.data.map((d) => d.access_key));
    url = page.page.next;
  }
}

describe.runIf(hasCurl)('the emulator driven with curl', () => {
  it('lists, searches, refuses without credentials, and takes faults and their reset from the admin routes', async () => {
    const page = await curl(...auth(), `${env.FISCAL_BASE_URL}/v1/nfe/received?limit=5`);
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(5);
    expect(page.body.page.next).toMatch(/\/v1\/nfe\/received\?cursor=\d+&limit=5$/);

    const search = await curl(
      ...auth(),
      '-H',
      'X-Use-ApiGateway: always',
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"Limit": 2, "Fields": ["AccessKey", "Status"]}',
      `${env.FISCAL_BASE_URL}/v2/dfe/nfe`,
    );
    expect(search.status).toBe(200);
    expect(search.body.Nfes).toHaveLength(2);

    const refused = await curl('-H', `X-API-ID: ${env.FISCAL_API_ID}`, `${env.FISCAL_BASE_URL}/v1/nfe/received`);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('missing X-API-KEY header');

    const admin = `${env.FISCAL_BASE_URL}/_emulator`;
    expect((await curl('-X', 'POST', '-d', '{"spec": "500=1"}', `${admin}/faults`)).status).toBe(200);
    expect((await curl(...auth(), `${env.FISCAL_BASE_URL}/v1/nfe/received?limit=1`)).status).toBe(500);
    expect((await curl('-X', 'POST', '-d', '{"spec": null}', `${admin}/faults`)).status).toBe(200);
    expect((await curl(...auth(), `${env.FISCAL_BASE_URL}/v1/nfe/received?limit=1`)).status).toBe(200);
    const stats = await curl(`${admin}/stats`);
    expect(stats.body.data.faults['500']).toBeGreaterThan(0);
    expect((await curl('-X', 'POST', `${admin}/reset-stats`)).status).toBe(200);
    expect((await curl(`${admin}/stats`)).body.data.requests.total).toBe(0);
  });
});

describe.runIf(hasPython)('the emulator driven by a Python client written like third-party ones', () => {
  it('R34: cursor += count after the first page reads a created_at window exactly once', async () => {
    const window = ['2026-01-01 00:00:00', '2026-06-30 23:59:59'];
    const keys = (await python('nfe-keys', 'received', ...window)) as string[];
    const followed = await followNext(`/v1/nfe/received?created_at[from]=${window[0]}&created_at[to]=${window[1]}`);
    expect(keys.length).toBeGreaterThan(50);
    expect(keys).toEqual(followed);
  });

  it('R33: every received NFS-e has its provider at IdentificacaoPrestador, and a taker at <Tomador>', async () => {
    const notes = (await python('nfse-takers')) as { id: string; taker: string | null; provider: string | null }[];
    expect(notes.length).toBeGreaterThan(10);
    for (const n of notes) {
      expect(n.id).toMatch(/^[0-9a-f]{40}$/);
      expect(n.provider).toMatch(/^\d{14}$/);
      expect(n.taker).toMatch(/^\d{11,14}$/);
    }
  });

  it('a v2 search answers a Total', async () => {
    expect(await python('v2-total')).toBeGreaterThan(0);
  });
});
