// End to end, R31: the emulator delivers signed notifications to `fiscal webhooks listen` (built
// CLI), with endpoints and subscriptions made by `fiscal webhooks ...` itself; a listener holding
// the wrong secret refuses them, and the emulator records those attempts as refused and retries.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookNotificationSchema } from '../../src/api/wire/webhooks.js';
import { spawnCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40, otherDocs: 10, webhooks: { retryBaseMs: 100, maxAttempts: 4 } });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const procs: ReturnType<typeof spawnCli>[] = [];
afterEach(() => {
  for (const p of procs.splice(0)) p.kill('SIGKILL');
});

/** A port nobody listens on right now, for an endpoint URL registered before its listener starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `fiscal webhooks listen` on `port`, resolved once it says it listens. */
async function listen(port: number, secret: string, extra: string[] = []) {
  const proc = spawnCli(['webhooks', 'listen', '--port', String(port), ...extra], {
    env: { FISCAL_WEBHOOK_SECRET: secret },
  });
  procs.push(proc);
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    proc.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.includes('listening on')) resolve();
    });
    proc.once('exit', () => reject(new Error(`listen exited early: ${stderr}`)));
  });
  return { proc, stderr: () => stderr };
}

/** An endpoint for `port` and a subscription of every company of the first account to NF-e received. */
async function subscribedEndpoint(port: number): Promise<{ id: string; secret: string }> {
  const added = await runInProcess(['webhooks', 'endpoints', 'add', `http://127.0.0.1:${port}/hooks`, '-o', 'ndjson'], {
    env,
  });
  expect(added.exitCode, added.stderr).toBe(0);
  const [row] = ndjson(added.stdout);
  expect(row!.secret).toMatch(/^whsec_/);
  const cnpjs = emu.accounts[0]!.companies.map((c) => c.cnpj).join(',');
  const sub = await runInProcess(
    [
      'webhooks',
      'subscriptions',
      'add',
      '--endpoint',
      row!.id,
      '--cnpj',
      cnpjs,
      '--document-type',
      'nfe',
      '--event-type',
      'received',
    ],
    { env },
  );
  expect(sub.exitCode, sub.stderr).toBe(0);
  return { id: row!.id, secret: row!.secret };
}

describe('R31: notifications from the emulator to fiscal webhooks listen', () => {
  it('R31: a received NF-e reaches the listener signed, and is printed as one JSON line', async () => {
    const port = await freePort();
    const endpoint = await subscribedEndpoint(port);
    const { proc } = await listen(port, endpoint.secret, ['--max', '1']);
    const [arrived] = emu.addArrivals(1, emu.accounts[0]!.id);
    const done = await proc;
    expect(done.exitCode, String(done.stderr)).toBe(0);
    const lines = ndjson(String(done.stdout));
    expect(lines).toHaveLength(1);
    const notification = webhookNotificationSchema.parse(lines[0]);
    expect(notification.type).toBe('document.received');
    expect(notification.data.key).toBe(arrived!.accessKey);
    expect(notification.data.document_type).toBe('nfe');
    const deliveries = ndjson(
      (await runInProcess(['webhooks', 'endpoints', 'deliveries', endpoint.id, '-o', 'ndjson'], { env })).stdout,
    );
    expect(deliveries.some((d) => d.outcome === 'delivered' && d.status_code === 200)).toBe(true);
  });

  it('R31: a listener with the wrong secret refuses the notification (401), prints nothing, and the emulator retries', async () => {
    const port = await freePort();
    const endpoint = await subscribedEndpoint(port);
    const listener = await listen(port, 'whsec_not_the_right_one');
    emu.addArrivals(1, emu.accounts[0]!.id);
    // One notification per matching subscription (an arrival may involve two of the account's
    // companies); each is tried maxAttempts times under its own id, then given up.
    const settled = (ds: Record<string, any>[]) =>
      ds.length > 0 &&
      [...new Set(ds.map((d) => d.notification_id))].every((id) =>
        ds.some((d) => d.notification_id === id && d.outcome === 'failed'),
      );
    let deliveries: Record<string, any>[] = [];
    for (let i = 0; i < 200 && !settled(deliveries); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      deliveries = ndjson(
        (await runInProcess(['webhooks', 'endpoints', 'deliveries', endpoint.id, '-o', 'ndjson'], { env })).stdout,
      );
    }
    expect(settled(deliveries)).toBe(true);
    expect(deliveries.every((d) => d.status_code === 401)).toBe(true);
    for (const id of new Set(deliveries.map((d) => d.notification_id))) {
      expect(deliveries.filter((d) => d.notification_id === id).map((d) => d.outcome)).toEqual([
        'retrying',
        'retrying',
        'retrying',
        'failed',
      ]);
    }
    expect(listener.stderr()).toMatch(/refused POST \/hooks: 401/);
    listener.proc.kill('SIGTERM');
    const done = await listener.proc;
    expect(String(done.stdout)).toBe('');
  });
});
