// End to end: `fiscal webhooks listen` (built CLI) receiving signed, unsigned, oversized and
// malformed notifications on a loopback port, and forwarding them to a second local server (R31).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../src/api/webhook-signature.js';
import { spawnCli, runInProcess } from '../helpers/cli.js';

const SECRET = 'whsec_e2e_7f1c0d';
const LIMIT = 1024 * 1024;

interface Listener {
  url: string;
  port: number;
  stderr(): string;
  exit: Promise<{ exitCode: number; stdout: string; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
}

const running: Listener[] = [];
afterEach(() => {
  for (const l of running.splice(0)) l.kill('SIGKILL');
});

async function listen(args: string[], env: Record<string, string> = {}): Promise<Listener> {
  const proc = spawnCli(['webhooks', 'listen', ...args], { env });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    proc.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    proc.once('exit', () => reject(new Error(`listen exited early: ${err}`)));
  });
  const exit = proc.then((r) => ({ exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) }));
  const listener: Listener = {
    url,
    port: Number(new URL(url).port),
    stderr: () => err,
    exit,
    kill: (s) => void proc.kill(s),
  };
  running.push(listener);
  return listener;
}

const now = () => Math.floor(Date.now() / 1000);
const notification = (id: string) =>
  JSON.stringify(
    {
      id,
      type: 'document.received',
      created_at: '2026-01-05T10:00:00Z',
      data: {
        subscription_id: 'ws_1',
        document_type: 'nfe',
        event_type: 'received',
        cnpj: '12345678000195',
        role: 'received',
        key: '3'.repeat(44),
      },
    },
    null,
    2,
  );

async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: await res.text() };
}
const signed = (url: string, body: string, secret = SECRET, t = now()) =>
  post(url, body, { 'x-fiscal-signature': signatureHeader(secret, t, body) });

/** A raw request on its own socket: the whole answer as text (the listener closes after a 413). */
function rawRequest(port: number, head: string, body: Buffer = Buffer.alloc(0)): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (body.length) socket.write(body);
    });
    let answer = '';
    socket.on('data', (c) => (answer += c.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (e) => (answer ? resolve(answer) : reject(e)));
  });
}

const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);

describe('fiscal webhooks listen', () => {
  it('R31: prints each signed notification once as a compact JSON line and refuses bad requests without stopping', async () => {
    const l = await listen(['--max', '2'], { FISCAL_WEBHOOK_SECRET: SECRET });
    const first = notification('ntf_1');

    expect((await signed(l.url, first)).status).toBe(200);
    expect((await signed(l.url, first)).status).toBe(200); // a retry: answered, not printed again
    expect((await post(l.url, first)).status).toBe(401);
    expect((await signed(l.url, first, 'whsec_wrong')).status).toBe(401);
    expect((await signed(l.url, notification('ntf_stale'), SECRET, now() - 3600)).status).toBe(401);
    expect((await fetch(l.url)).status).toBe(405);
    expect((await signed(l.url, '{"id": "ntf_cut", ')).status).toBe(400);
    expect((await signed(l.url, '[1, 2]')).status).toBe(400);

    const declared = await rawRequest(
      l.port,
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${LIMIT + 1}\r\n\r\n`,
    );
    expect(declared).toMatch(/^HTTP\/1\.1 413 /);
    const chunk = Buffer.alloc(LIMIT + 1, 0x20);
    const streamed = await rawRequest(
      l.port,
      `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${(LIMIT + 1).toString(16)}\r\n`,
      chunk,
    );
    expect(streamed).toMatch(/^HTTP\/1\.1 413 /);

    expect((await signed(l.url, notification('ntf_2'))).status).toBe(200);
    const r = await l.exit;
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      JSON.stringify(JSON.parse(first)),
      JSON.stringify(JSON.parse(notification('ntf_2'))),
    ]);
    expect(r.stderr).toMatch(/401 missing x-fiscal-signature header/);
    expect(r.stderr).toMatch(/401 signature does not match the body/);
    expect(r.stderr).toMatch(/401 signature timestamp is \d+ s away/);
    expect(r.stderr).toMatch(/405 method GET not allowed/);
    expect(r.stderr).toMatch(/400 body is not JSON/);
    expect(r.stderr).toMatch(/400 body is not a notification/);
    expect(r.stderr.match(/413 body/g)).toHaveLength(2);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });

  it('R31: --all prints every delivery of one id; without a secret nothing is checked but a warning is given', async () => {
    const l = await listen(['--max', '2', '--all']);
    const body = notification('ntf_again');
    expect((await post(l.url, body)).status).toBe(200);
    expect((await post(l.url, body)).status).toBe(200);
    const r = await l.exit;
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lines(r.stdout).map((n) => n.id)).toEqual(['ntf_again', 'ntf_again']);
    expect(r.stderr).toMatch(/no signing secret/);
  });

  it('R31: exits 0 on SIGTERM after closing the server', async () => {
    const l = await listen(['--secret', SECRET]);
    expect((await signed(l.url, notification('ntf_before'))).status).toBe(200);
    l.kill('SIGTERM');
    const r = await l.exit;
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lines(r.stdout).map((n) => n.id)).toEqual(['ntf_before']);
    await expect(fetch(l.url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('R31: bad flags exit 2 naming the flag', async () => {
    const port = await runInProcess(['webhooks', 'listen', '--port', 'http']);
    expect(port.exitCode).toBe(2);
    expect(port.stderr).toMatch(/--port: expected a port number/);
    const forward = await runInProcess(['webhooks', 'listen', '--forward-to', 'ftp://127.0.0.1/x']);
    expect(forward.exitCode).toBe(2);
    expect(forward.stderr).toMatch(/--forward-to: expected an http:\/\/ or https:\/\/ URL/);
    const max = await runInProcess(['webhooks', 'listen', '--max', '0']);
    expect(max.exitCode).toBe(2);
    expect(max.stderr).toMatch(/--max/);
  });
});

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

async function startApp(statuses: number[]): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

describe('fiscal webhooks listen --forward-to', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
  });

  it('R31: forwards the raw body and signature; a failed forward answers 502 and the retry goes through', async () => {
    const app = await startApp([500, 200]);
    servers.push(app.server);
    const l = await listen(['--max', '1', '--forward-to', app.url], { FISCAL_WEBHOOK_SECRET: SECRET });
    const body = notification('ntf_fwd');
    const t = now();
    const header = signatureHeader(SECRET, t, body);
    const failed = await post(l.url, body, { 'x-fiscal-signature': header });
    expect(failed.status).toBe(502);
    expect(JSON.parse(failed.body).error).toMatch(/answered 500/);
    const retried = await post(l.url, body, { 'x-fiscal-signature': header });
    expect(retried.status).toBe(200);
    const r = await l.exit;
    expect(r.exitCode, r.stderr).toBe(0);
    expect(app.received).toHaveLength(2);
    for (const got of app.received) {
      expect(got.body).toBe(body);
      expect(got.headers['x-fiscal-signature']).toBe(header);
      expect(got.headers['content-type']).toBe('application/json');
    }
    expect(lines(r.stdout).map((n) => n.id)).toEqual(['ntf_fwd']);
    expect(r.stderr).toMatch(/502 forwarding ntf_fwd failed/);
  });

  it('R31: an application that cannot be reached is a 502, and nothing is printed', async () => {
    const app = await startApp([]);
    await new Promise((resolve) => app.server.close(resolve));
    const l = await listen(['--forward-to', app.url]);
    const answer = await post(l.url, notification('ntf_lost'));
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body).error).toMatch(/ECONNREFUSED/);
    l.kill('SIGINT');
    const r = await l.exit;
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
  });
});
