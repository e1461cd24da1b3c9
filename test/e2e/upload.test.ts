// End to end: `fiscal upload` (built CLI) against an emulator on a loopback port.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '../../src/emulator/data/dataset.js';
import type { StoredNfe } from '../../src/emulator/model.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';
import { rekeyed, renumberedKey } from '../helpers/upload-xml.js';

let emu: TestEmulator;
let env: Record<string, string>;
let source: StoredNfe;

beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
  env = emulatorEnv(emu);
  source = emu.store.nfesOf(emu.accounts[0]!.id).byRole.emitted[0]!.doc;
});
afterAll(async () => emu?.close());

const uploads = () => emu.stats().requests.byRoute['POST /v1/dfe/upload'] ?? 0;

/** A folder with new NF-e (keys renumbered from a generated one), named 01.xml, 02.xml... */
function folderOf(codes: number[], extra: Record<string, string> = {}): { dir: string; keys: string[] } {
  const dir = tempDir();
  const keys = codes.map((code, i) => {
    const key = renumberedKey(source.accessKey, code);
    writeFileSync(join(dir, `${String(i + 1).padStart(2, '0')}.xml`), rekeyed(nfeXml(source), source.accessKey, key));
    return key;
  });
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return { dir, keys };
}

describe('fiscal upload', () => {
  it('R25: uploads every XML of a folder, one row per file; exit 0; search finds the document afterwards', async () => {
    const { dir, keys } = folderOf([101, 102]);
    const r = await runCli(['upload', dir], { env, cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.file, x.type, x.key, x.success])).toEqual([
      [join(dir, '01.xml'), 'nfe', keys[0], true],
      [join(dir, '02.xml'), 'nfe', keys[1], true],
    ]);
    expect(rows[0]!.message).toMatch(/^nfe \d{44}: stored at position \d+$/);
    const found = await runInProcess(
      ['search', 'nfe', '--key', keys[0]!, '--from', '2025-01-01', '--to', '2026-06-15'],
      {
        env,
      },
    );
    expect(found.exitCode, found.stderr).toBe(0);
    expect(ndjson(found.stdout).map((x) => x.AccessKey)).toContain(keys[0]);
  });

  it('invalid XML, a bad access key (R7) and an unknown type fail locally with a clear message; the rest go on; exit 7', async () => {
    const broken = renumberedKey(source.accessKey, 103);
    const badKey = broken.slice(0, 43) + String((Number(broken[43]) + 1) % 10);
    const { dir, keys } = folderOf([104], {
      '02-broken.xml': '<nfeProc><NFe>',
      '03-badkey.xml': rekeyed(nfeXml(source), source.accessKey, badKey),
      '04-other.xml': '<?xml version="1.0"?><pedido/>',
    });
    const before = uploads();
    const r = await runInProcess(['upload', dir], { env, cwd: dir });
    expect(r.exitCode).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => x.success)).toEqual([true, false, false, false]);
    expect(rows[0]!.key).toBe(keys[0]);
    expect(rows[1]!.message).toMatch(/^xml: /);
    expect(rows[2]!.message).toMatch(/^infNFe\/@Id: check digit is/);
    expect(rows[3]!.message).toMatch(/^pedido: unknown document type/);
    expect(r.stderr).toContain('03-badkey.xml');
    expect(uploads() - before).toBe(1);
  });

  it('R8: a malformed --owner is a usage error naming the flag (exit 2), nothing sent', async () => {
    const { dir } = folderOf([105]);
    const before = uploads();
    const r = await runInProcess(['upload', dir, '--owner', '11222333000100'], { env, cwd: dir });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--owner: "11222333000100": check digits are 00/);
    expect(uploads()).toBe(before);
  });

  it('R3: an owner of another account is refused by the service (403) for that file; exit 7', async () => {
    const { dir } = folderOf([106]);
    const foreign = emu.accounts[1]!.companies[0]!.cnpj;
    const r = await runInProcess(['upload', dir, '--owner', foreign], { env, cwd: dir });
    expect(r.exitCode).toBe(7);
    const [row] = ndjson(r.stdout);
    expect(row!.success).toBe(false);
    expect(row!.message).toContain(foreign);
  });

  it('--dry-run checks and lists the files but sends nothing (emulator stats)', async () => {
    const { dir, keys } = folderOf([107]);
    const before = uploads();
    const r = await runInProcess(['upload', dir, '--dry-run'], { env, cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([
      { file: join(dir, '01.xml'), type: 'nfe', key: keys[0], success: true, message: 'dry run: would be sent' },
    ]);
    expect(uploads()).toBe(before);
    expect(emu.store.findNfe(emu.accounts[0]!.id, keys[0]!)).toBeUndefined();
    expect(existsSync(join(dir, '.fiscal-upload.json'))).toBe(false);
  });

  it('a re-run does not re-send files that already succeeded (journal), only the new ones', async () => {
    const { dir, keys } = folderOf([108]);
    const journal = join(dir, 'state.json');
    expect((await runInProcess(['upload', dir, '--journal', journal], { env, cwd: dir })).exitCode).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(journal, 'utf8')).targets)).toHaveLength(1);
    mkdirSync(join(dir, 'more'));
    writeFileSync(
      join(dir, 'more', 'new.xml'),
      rekeyed(nfeXml(source), source.accessKey, renumberedKey(source.accessKey, 109)),
    );
    const before = uploads();
    const r = await runInProcess(['upload', join(dir, '01.xml'), join(dir, 'more'), '--journal', journal], {
      env,
      cwd: dir,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows[0]).toMatchObject({ key: keys[0], success: true });
    expect(rows[0]!.message).toMatch(/journal/);
    expect(rows[1]!.message).toMatch(/stored at position/);
    expect(uploads() - before).toBe(1);
  });

  it('R25: - reads one XML from standard input; uploading it again answers already stored', async () => {
    const xml = rekeyed(nfeXml(source), source.accessKey, renumberedKey(source.accessKey, 110));
    const cwd = tempDir();
    const first = await runInProcess(['upload', '-', '--journal', join(cwd, 'a.json')], { env, cwd, input: xml });
    expect(first.exitCode, first.stderr).toBe(0);
    const second = await runInProcess(['upload', '-', '--journal', join(cwd, 'b.json')], { env, cwd, input: xml });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(ndjson(second.stdout)[0]!.message).toMatch(/already stored$/);
  });

  it('R26: --batch sends NF-e in asynchronous batches, polls them to the end and reports each invoice; search finds them', async () => {
    const { dir, keys } = folderOf([301, 302, 303]);
    const before = emu.stats().requests.byRoute['POST /v1/nfe/upload'] ?? 0;
    const r = await runInProcess(['upload', dir, '--batch', '--batch-size', '2'], { env, cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.key, x.success])).toEqual(keys.map((k) => [k, true]));
    for (const row of rows) expect(row.message).toMatch(/^batch [\w-]+: /);
    // Three invoices in batches of two: two requests.
    expect((emu.stats().requests.byRoute['POST /v1/nfe/upload'] ?? 0) - before).toBe(2);
    for (const key of keys) expect(emu.store.findNfe(emu.accounts[0]!.id, key)).toBeDefined();
  });

  it('R26: --batch --no-wait reports the request queued; the next run reads its result without sending again', async () => {
    const { dir, keys } = folderOf([311]);
    const sent = () => emu.stats().requests.byRoute['POST /v1/nfe/upload'] ?? 0;
    const before = sent();
    const first = await runInProcess(['upload', dir, '--batch', '--no-wait'], { env, cwd: dir });
    expect(first.exitCode, first.stderr).toBe(0);
    const [queued] = ndjson(first.stdout);
    expect(queued).toMatchObject({ key: keys[0], success: true });
    expect(queued!.message).toMatch(/queued in batch [\w-]+|^batch [\w-]+: /);
    const pendingIds = (j: { pending: Record<string, Record<string, unknown>> }) =>
      Object.values(j.pending).flatMap((p) => Object.keys(p));
    const journal = JSON.parse(readFileSync(join(dir, '.fiscal-upload.json'), 'utf8'));
    // Queued and not read yet: the journal keeps its request id (or, if it was already done, its result).
    expect(
      pendingIds(journal).length + Object.values(journal.targets as Record<string, object>).length,
    ).toBeGreaterThan(0);
    const again = await runInProcess(['upload', dir, '--batch'], { env, cwd: dir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(sent() - before).toBe(1);
    const rows = ndjson(again.stdout);
    expect(rows.every((x) => x.key === keys[0] && x.success)).toBe(true);
    const after = JSON.parse(readFileSync(join(dir, '.fiscal-upload.json'), 'utf8'));
    expect(pendingIds(after)).toEqual([]);
    expect(
      Object.values(after.targets as Record<string, Record<string, { key: string }>>).flatMap((t) =>
        Object.values(t).map((e) => e.key),
      ),
    ).toEqual([keys[0]]);
  });

  it('--batch refuses --owner, and --no-wait without --batch, before sending anything (exit 2)', async () => {
    const { dir } = folderOf([321]);
    const a = await runInProcess(['upload', dir, '--batch', '--owner', '11222333000181'], { env, cwd: dir });
    expect(a.exitCode).toBe(2);
    expect(a.stderr).toMatch(/--owner/);
    const b = await runInProcess(['upload', dir, '--no-wait'], { env, cwd: dir });
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toMatch(/--batch/);
  });
});
