// The webhook verb tests against a scripted server (R31): its answers are queued per test, and
// what the CLI sent is in `server.requests`. A test file calls `useScriptedServer()` once: a fresh
// server per test.
import { PassThrough, Writable } from 'node:stream';
import { afterEach, beforeEach } from 'vitest';
import { WEBHOOK_DOCUMENT_TYPES, WEBHOOK_EVENT_TYPES } from '../../../src/api/wire/webhooks.js';
import { main } from '../../../src/main.js';
import { tempDir } from '../../helpers/context.js';
import { startScriptedServer, type ScriptedServer } from '../../helpers/scripted-server.js';

export const STATUS = { code: 200, message: 'OK' };
export const CNPJ_A = '11222333000181';
export const CPF_B = '52998224725';
export const SECRET = 'whsec_5b1e9c0a7d';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _e: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString('utf8');
    cb();
  }
}

export let server: ScriptedServer;

export function useScriptedServer(): void {
  beforeEach(async () => {
    server = await startScriptedServer();
  });
  afterEach(async () => server.close());
}

export async function fiscal(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string; rows: Array<Record<string, any>> }> {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  stdin.end();
  const env = {
    FISCAL_CONFIG_DIR: tempDir('fiscal-config-'),
    FISCAL_BASE_URL: server.url,
    FISCAL_API_ID: 'acc-1',
    FISCAL_API_KEY: 'key-abcdef123456',
  };
  const code = await main(['webhooks', ...args], {
    env,
    signal: new AbortController().signal,
    io: { stdin, stdout, stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
  });
  const rows = stdout.text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);
  return { code, stdout: stdout.text, stderr: stderr.text, rows };
}

export const metadata = (document_types = [...WEBHOOK_DOCUMENT_TYPES], event_types = [...WEBHOOK_EVENT_TYPES]) => ({
  body: {
    status: STATUS,
    data: { document_types, event_types, signature: { header: 'X-Fiscal-Signature', algorithm: 'HMAC-SHA256' } },
  },
});
export const endpoint = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  url: `https://erp.example.com/${id}`,
  description: null,
  created_at: '2026-01-05T10:00:00Z',
  ...extra,
});
export const subscription = (id: string, body: Record<string, string>) => ({
  body: { status: STATUS, data: { id, created_at: '2026-01-05T10:00:00Z', ...body } },
});
export const notFound = {
  status: 404,
  body: { error: { code: 'not_found', message: 'webhook endpoint not found', context: null } },
};
