// `fiscal events <type> <key|id>...` (and the same listing as `fiscal <type> events`), run in
// process against an emulator: a row per event of each document, or the account's stream.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredNfe } from '../../../src/emulator/model.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';
import { parseCsv } from '../../helpers/csv.js';

let emu: TestEmulator;
let account: string;
/** An NF-e with events of two codes or more. */
let doc: StoredNfe;
beforeAll(async () => {
  emu = await startEmulator({ docs: 150 });
  account = emu.accounts[0]!.id;
  doc = emu.store
    .nfesOf(account)
    .entries.map((e) => e.doc)
    .find((d) => new Set(d.events.map((e) => e.type)).size > 1)!;
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[]) => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu));

describe('fiscal events <type> <key>...', () => {
  it("R30: a row per event of the document, in the store's order", async () => {
    const r = await fiscal(['events', 'nfe', doc.accessKey]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => [row.key, row.type, row.seq])).toEqual(
      doc.events.map((e) => [doc.accessKey, e.type, e.seq]),
    );
  });

  it('R30: --event-code, repeated or comma-separated, keeps only those codes; --dir writes each event', async () => {
    const code = doc.events[0]!.type;
    const dir = tempDir();
    const r = await fiscal(['events', 'nfe', doc.accessKey, '--event-code', `${code},${code}`, '--dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => row.type)).toEqual(doc.events.filter((e) => e.type === code).map((e) => e.type));
    expect(readdirSync(dir).sort()).toEqual(rows.map((row) => `${doc.accessKey}-${code}-${row.seq}.xml`).sort());
  });

  it("R30: CSV carries every column of the row, the authority's reason with its status", async () => {
    const json = ndjson((await fiscal(['events', 'nfe', doc.accessKey])).stdout);
    const r = await runMain(['-o', 'csv', 'events', 'nfe', doc.accessKey], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    // The CSV's header names the JSON's fields: a script reads either by the same names.
    expect(r.stdout.split('\n')[0]).toBe('key,type,description,seq,date,status,reason,protocol');
    const rows = parseCsv(r.stdout);
    expect(rows.map((row) => row.reason)).toEqual(json.map((row) => row.reason ?? ''));
    expect(rows.some((row) => row.reason !== '')).toBe(true);
    expect(rows.map((row) => row.protocol)).toEqual(json.map((row) => row.protocol ?? ''));
  });

  it('R7, R30: bad input exits 2 naming it, before anything is sent', async () => {
    emu.resetStats();
    const code = await fiscal(['events', 'nfe', doc.accessKey, '--event-code', '1101']);
    expect(code.code).toBe(2);
    expect(code.stderr).toMatch(/--event-code: an event code has exactly 6 digits, got "1101"/);
    const type = await fiscal(['events', 'boleto', doc.accessKey]);
    expect(type.code).toBe(2);
    expect(type.stderr).toMatch(/unknown document type "boleto"/);
    const model = await fiscal(['events', 'cte', doc.accessKey]);
    expect(model.code).toBe(2);
    expect(model.stderr).toMatch(/is a key of model 55 .*not cte \(57\)/);
    const none = await fiscal(['events', 'nfe']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/give at least one access key, or --stream/);
    const cursor = await fiscal(['events', 'nfe', doc.accessKey, '--cursor', '3']);
    expect(cursor.code).toBe(2);
    expect(cursor.stderr).toMatch(/--cursor goes with --stream/);
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R3: a key of another account is exit 4 alone, exit 7 with a found one', async () => {
    const foreign = emu.store.nfesOf(emu.accounts[1]!.id).entries[0]!.doc.accessKey;
    const alone = await fiscal(['events', 'nfe', foreign]);
    expect(alone.code).toBe(4);
    // Said once, by the run's own error.
    expect(alone.stderr.trim().split('\n')).toHaveLength(1);
    expect(alone.stderr).toMatch(/^fiscal: GET \/v2\/nfe\/events: 404 Not Found/);
    const mixed = await fiscal(['events', 'nfe', doc.accessKey, foreign]);
    expect(mixed.code).toBe(7);
    expect(mixed.stderr).toContain(foreign);
    expect(ndjson(mixed.stdout).length).toBe(doc.events.length);
  });
});

describe('fiscal events <type> --stream', () => {
  it('R13: from --cursor, --limit events, with --cnpj; the resume cursor on stderr', async () => {
    const stream = emu.store.eventsOf(account, 'nfe').entries;
    const r = await fiscal(['events', 'nfe', '--stream', '--cursor', '2', '--limit', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => row.type)).toEqual(stream.slice(2, 5).map((e) => e.event.type));
    expect(r.stderr).toContain(`next cursor: ${stream[4]!.position + 1}`);
    const owner = stream[0]!.doc.roles[0]!.owner;
    const mine = await fiscal(['events', 'nfe', '--stream', '--cnpj', owner, '--limit', '5']);
    expect(mine.code, mine.stderr).toBe(0);
    expect(ndjson(mine.stdout).length).toBeGreaterThan(0);
  });

  it('the type-first group lists the same: fiscal mdfe events <key> is fiscal events mdfe <key>', async () => {
    const mdfe = emu.store.docsOf(account, 'mdfe').entries.find((e) => e.doc.events.length > 0)!.doc;
    const a = await fiscal(['events', 'mdfe', mdfe.accessKey]);
    const b = await fiscal(['mdfe', 'events', mdfe.accessKey]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(ndjson(a.stdout).length).toBe(mdfe.events.length);
  });
});
