// End to end, issue "wrong facts": an NF-e (or CT-e, MDF-e) canceled after it was authorized keeps
// cStat 100 in its XML; every summary must still say canceled, from the API's Status and events
// (search --summary), from the event files and index.ndjson of a pull folder (inspect), and so
// in the accountant's CSV. R30: 110111 is the cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { parseCsv } from '../helpers/csv.js';
import { emulatorEnv, startEmulator, EMULATOR_NOW, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
/** A received NF-e emitted in the last 30 days (a bare --key search covers those, R19), canceled through the admin endpoint. */
let canceledKey: string;

const account = () => emu.accounts[0]!.id;
const WIDE = ['--from', '2025-01-01', '--to', '2026-06-15'];
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120, otherDocs: 40 });
  env = emulatorEnv(emu);
  const recent = emu.store
    .nfesOf(account())
    .entries.map((e) => e.doc)
    .find(
      (d) =>
        d.status === 'authorized' &&
        d.roles.some((r) => r.role === 'received') &&
        Date.parse(d.emissionDate) > EMULATOR_NOW.getTime() - 20 * DAY,
    )!;
  expect(recent).toBeDefined();
  const r = await fetch(`${emu.url}/_emulator/events`, {
    method: 'POST',
    body: JSON.stringify({
      type: 'nfe',
      id: recent.accessKey,
      event: '110111',
      created_at: '2026-06-15T11:00:00-03:00',
    }),
  });
  expect(r.status).toBe(200);
  canceledKey = recent.accessKey;
  // The seeded CT-e of this size has no canceled one the taker sees: cancel one the same way.
  const cte = emu.store
    .docsOf(account(), 'cte')
    .entries.map((e) => e.doc)
    .find((d) => d.status === 'authorized' && d.roles.some((x) => x.role === 'taker'))!;
  const c = await fetch(`${emu.url}/_emulator/events`, {
    method: 'POST',
    body: JSON.stringify({ type: 'cte', id: cte.accessKey, event: '110111' }),
  });
  expect(c.status).toBe(200);
});
afterAll(async () => emu?.close());

describe('a canceled NF-e in every summary', () => {
  it('R30: search nfe --key K --summary -o json says canceled, with the cancellation among its events', async () => {
    const r = await runCli(['search', 'nfe', '--key', canceledKey, '--summary', '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const docs = JSON.parse(r.stdout) as Record<string, any>[];
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      expect(doc.key).toBe(canceledKey);
      expect(doc.protocol.status).toBe('100'); // the XML still says authorized
      expect(doc.canceled).toBe(true);
      expect(doc.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: '110111', status: '135' })]));
    }
  });

  it('R30: pull nfe --with-events, then inspect <dir> says canceled for exactly the canceled notes', async () => {
    const dir = tempDir();
    const pulled = await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', dir, '--with-events'], { env });
    expect(pulled.exitCode, pulled.stderr).toBe(0);
    const r = await runInProcess(['inspect', dir, '--type', 'nfe', '-o', 'ndjson'], { env: {} });
    expect(r.exitCode, r.stderr).toBe(0);
    const docs = ndjson(r.stdout);
    expect(docs.length).toBeGreaterThan(10);
    expect(docs.find((d) => d.key === canceledKey)?.canceled).toBe(true);
    const wrong = docs.filter((d) => d.canceled !== (emu.store.findNfe(account(), d.key)!.status === 'canceled'));
    expect(wrong.map((d) => d.key)).toEqual([]);
    expect(docs.filter((d) => d.canceled).length).toBeGreaterThan(1);
  });

  it('R30: the CSV of search nfe --all --summary marks the canceled notes canceled and no others', async () => {
    const r = await runInProcess(['search', 'nfe', '--role', 'received', ...WIDE, '--all', '--summary', '-o', 'csv'], {
      env,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = parseCsv(r.stdout);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.find((row) => row.access_key === canceledKey)?.is_canceled).toBe('true');
    const expected = rows.map((row) => String(emu.store.findNfe(account(), row.access_key!)!.status === 'canceled'));
    expect(rows.map((row) => row.is_canceled)).toEqual(expected);
    expect(expected.filter((c) => c === 'true').length).toBeGreaterThan(1);
  });
});

describe('the other types with cancellation events', () => {
  it.each([
    ['cte', 'taker'],
    ['cteos', 'taker'],
    ['mdfe', 'emitted'],
    ['nfse', 'received'],
  ] as const)(
    'R30: search %s --summary says canceled exactly for the canceled documents of the store',
    async (type, role) => {
      const r = await runInProcess(['search', type, '--role', role, ...WIDE, '--all', '--summary', '-o', 'ndjson'], {
        env,
      });
      expect(r.exitCode, r.stderr).toBe(0);
      const docs = ndjson(r.stdout);
      const stored = (d: Record<string, any>) =>
        emu.store.findDoc(account(), type, type === 'nfse' ? d.id : d.key) as { status?: string; isCanceled?: boolean };
      const isCanceled = (d: Record<string, any>) => stored(d).status === 'canceled' || stored(d).isCanceled === true;
      expect(docs.filter(isCanceled).length, 'the emulator has canceled ones').toBeGreaterThan(0);
      expect(docs.filter((d) => d.canceled !== isCanceled(d)).map((d) => d.key ?? d.id)).toEqual([]);
    },
  );

  it.each([
    ['cte', 'taker'],
    ['mdfe', 'emitted'],
  ] as const)(
    'R30: pull %s --with-events, then inspect <dir> says canceled exactly for the canceled ones',
    async (type, role) => {
      const dir = tempDir();
      const pulled = await runInProcess(['pull', type, '--role', role, '--dir', dir, '--with-events'], { env });
      expect(pulled.exitCode, pulled.stderr).toBe(0);
      const r = await runInProcess(['inspect', dir, '--type', type, '-o', 'ndjson'], { env: {} });
      expect(r.exitCode, r.stderr).toBe(0);
      const docs = ndjson(r.stdout);
      const canceled = (d: Record<string, any>) =>
        (emu.store.findDoc(account(), type, d.key) as { status: string }).status === 'canceled';
      expect(docs.filter(canceled).length).toBeGreaterThan(0);
      expect(docs.filter((d) => d.canceled !== canceled(d)).map((d) => d.key)).toEqual([]);
    },
  );
});
