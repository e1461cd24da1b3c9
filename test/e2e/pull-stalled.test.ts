// End to end: a server that keeps answering pages of documents the folder already has, at ever
// higher cursors, must not keep a pull going for ever (exit 5, checkpoint saved).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES_AHEAD } from '../../src/sync/lane.js';
import { MAX_KNOWN_PAGES } from '../../src/sync/pull-streams.js';
import { borrowablePages } from '../../src/sync/stream-lanes.js';
import { runCli, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { startScriptedServer, type ScriptedServer } from '../helpers/scripted-server.js';
import { readNdjson, tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let server: ScriptedServer;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
  const acc = emu.accounts[0]!;
  const res = await fetch(`${emu.url}/v1/nfe/received?cursor=0&limit=50`, {
    headers: { 'X-API-ID': acc.apiId, 'X-API-KEY': acc.apiKey },
  });
  const { signature: _s, ...first } = (await res.json()) as { data: unknown[]; page: object; signature?: string };
  expect(first.data.length).toBeGreaterThan(3);
  // The same few documents at every cursor, for ever: nothing new after the first page.
  const data = first.data.slice(0, 3);
  server = await startScriptedServer({
    fallback: (req) => {
      const cursor = Number(req.query.get('cursor') ?? 0);
      return {
        headers: { 'X-RateLimit-Limit': 1000, 'X-RateLimit-Remaining': 999 },
        body: {
          ...first,
          data,
          page: { ...first.page, next: `${server.url}/v1/nfe/received?cursor=${cursor + 7}&limit=50` },
          count: data.length,
        },
      };
    },
  });
  env = { ...emulatorEnv(emu), FISCAL_BASE_URL: server.url };
});
afterAll(async () => {
  await server?.close();
  await emu?.close();
});

describe('fiscal pull against a stream that brings nothing new', () => {
  it('stops with exit 5 after a bounded number of known pages, the documents written once and the checkpoint saved', async () => {
    const dir = tempDir();
    const r = await runCli(['pull', 'nfe', '--role', 'received', '--dir', dir, '--without-events'], { env });
    expect(r.exitCode, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/pages in a row that wrote nothing \(documents already in the folder, or refused\)/);
    const requests = server.requests.length;
    // The first page is new; then MAX_KNOWN_PAGES known ones, and the pages fetched ahead (plus
    // the count that asks whether the listing is worth splitting, and the 24 probes sent with it):
    // under the quota the headers tell (999 left), also those borrowed while the writer is behind
    // (default --concurrency 4).
    expect(requests).toBeGreaterThanOrEqual(MAX_KNOWN_PAGES + 1);
    expect(requests).toBeLessThanOrEqual(MAX_KNOWN_PAGES + 2 + 24 + PAGES_AHEAD + borrowablePages(4));
    const index = readNdjson(join(dir, 'index.ndjson'));
    expect(index.map((x) => x.key)).toHaveLength(3);
    expect(new Set(index.map((x) => x.key)).size).toBe(3);
    const [name] = readdirSync(join(dir, '.fiscal', 'checkpoints'));
    const checkpoint = JSON.parse(readFileSync(join(dir, '.fiscal', 'checkpoints', name!), 'utf8'));
    expect(checkpoint.cursor).toBe(7 * (MAX_KNOWN_PAGES + 1));
    expect(readdirSync(join(dir, '.fiscal', 'tmp'))).toEqual([]);

    // The next run continues from there, and stops the same way: it does not start over.
    const again = await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', dir, '--without-events'], { env });
    expect(again.exitCode).toBe(5);
    expect(server.requests[requests]!.query.get('cursor')).toBe(String(7 * (MAX_KNOWN_PAGES + 1)));
    expect(readNdjson(join(dir, 'index.ndjson'))).toHaveLength(3);
    // Two runs of some 200 requests each, on a loaded machine.
  }, 240_000);
});
