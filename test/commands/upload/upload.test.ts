// `fiscal upload`, run in process against an emulator (R25, R26): a row per file, files checked
// locally first, the journal keeping a re-run from sending again, --batch for NF-e. Every run
// names its own --journal: the default is a file in the current folder.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '../../../src/emulator/data/dataset.js';
import type { StoredNfe } from '../../../src/emulator/model.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { rekeyed, renumberedKey } from '../../helpers/upload-xml.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
let source: StoredNfe;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
  source = emu.store.nfesOf(emu.accounts[0]!.id).byRole.emitted[0]!.doc;
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[]) => runMain(['-o', 'ndjson', ...argv], emulatorEnv(emu));
const route = (key: string) => emu.stats().requests.byRoute[key] ?? 0;

/** A folder with new NF-e (keys renumbered from a generated one) and its journal's path. */
function folderOf(codes: number[]): { dir: string; keys: string[]; journal: string } {
  const dir = tempDir();
  const keys = codes.map((code, i) => {
    const key = renumberedKey(source.accessKey, code);
    writeFileSync(join(dir, `${String(i + 1).padStart(2, '0')}.xml`), rekeyed(nfeXml(source), source.accessKey, key));
    return key;
  });
  return { dir, keys, journal: join(tempDir(), 'journal.json') };
}

describe('fiscal upload', () => {
  it('R25: a row per file; a re-run with the same journal sends nothing again', async () => {
    const { dir, keys, journal } = folderOf([301, 302]);
    const r = await fiscal(['upload', dir, '--journal', journal]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => [row.file, row.type, row.key, row.success])).toEqual([
      [join(dir, '01.xml'), 'nfe', keys[0], true],
      [join(dir, '02.xml'), 'nfe', keys[1], true],
    ]);
    emu.resetStats();
    const again = await fiscal(['upload', dir, '--journal', journal]);
    expect(again.code, again.stderr).toBe(0);
    expect(ndjson(again.stdout).every((row) => /journal/.test(row.message))).toBe(true);
    expect(route('POST /v1/dfe/upload')).toBe(0);
  });

  it('R25: a file that is not fiscal XML fails its row locally; the others go on; exit 7', async () => {
    const { dir, journal } = folderOf([303]);
    writeFileSync(join(dir, '02.xml'), '<pedido/>');
    emu.resetStats();
    const r = await fiscal(['upload', dir, '--journal', journal]);
    expect(r.code).toBe(7);
    expect(ndjson(r.stdout).map((row) => row.success)).toEqual([true, false]);
    expect(r.stderr).toContain('02.xml');
    expect(route('POST /v1/dfe/upload')).toBe(1);
  });

  it('refused locally, nothing sent: a DOCTYPE, bytes that are not the UTF-8 declared, a file past 16 MB; an empty folder exits 2', async () => {
    const { dir, journal } = folderOf([305]);
    const good = readFileSync(join(dir, '01.xml'), 'utf8');
    writeFileSync(join(dir, '02.xml'), good.replace(/^(<\?xml[^>]*\?>)?/, '$1<!DOCTYPE x [<!ENTITY a "aaaa">]>'));
    writeFileSync(
      join(dir, '03.xml'),
      Buffer.concat([Buffer.from(good.slice(0, 200)), Buffer.from([0xff, 0xfe]), Buffer.from(good.slice(200))]),
    );
    writeFileSync(join(dir, '04.xml'), Buffer.alloc(17 * 1024 * 1024, 0x20));
    emu.resetStats();
    const r = await fiscal(['upload', dir, '--journal', journal]);
    expect(r.code).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => row.success)).toEqual([true, false, false, false]);
    expect(rows[1]!.message).toMatch(/DOCTYPE .* is refused/);
    expect(rows[2]!.message).toMatch(/declared UTF-8 but holds bytes that are not UTF-8/);
    expect(rows[3]!.message).toMatch(/the file is 17 MB, more than the 16 MB/);
    expect(route('POST /v1/dfe/upload')).toBe(1);
    const empty = await fiscal(['upload', tempDir(), '--journal', journal]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/no XML file found in .*: nothing to upload/);
  });

  it('R8: --owner is read as CNPJ/CPF (repeated or comma-separated); a malformed one exits 2 naming the flag', async () => {
    const { dir, journal } = folderOf([304]);
    const owner = emu.accounts[0]!.companies[0]!.cnpj;
    const r = await fiscal(['upload', dir, '--owner', `${owner},${owner}`, '--journal', journal]);
    expect(r.code, r.stderr).toBe(0);
    const bad = await fiscal(['upload', dir, '--owner', '11222333000100', '--journal', journal]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--owner: "11222333000100": check digits are 00/);
  });

  it('R26: --batch --batch-size sends asynchronous batches and reports each invoice', async () => {
    const { dir, keys, journal } = folderOf([305, 306, 307]);
    emu.resetStats();
    const r = await fiscal(['upload', dir, '--batch', '--batch-size', '2', '--journal', journal]);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((row) => [row.key, row.success])).toEqual(keys.map((k) => [k, true]));
    expect(route('POST /v1/nfe/upload')).toBe(2);
  });

  it('R26: flags that go with --batch, and --batch-size past 500, exit 2 before sending', async () => {
    const { dir, journal } = folderOf([308]);
    emu.resetStats();
    for (const argv of [
      ['--no-wait'],
      ['--batch-size', '10'],
      ['--callback-url', 'https://example.com/hook'],
      ['--batch', '--batch-size', '501'],
      ['--batch', '--batch-size', 'x'],
    ]) {
      const r = await fiscal(['upload', dir, '--journal', journal, ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--batch/);
    }
    expect(emu.stats().requests.total).toBe(0);
  });
});

describe('fiscal upload: a bad --callback-url', () => {
  it('is said once, naming the flag, with exit 2 and nothing sent', async () => {
    const { dir, journal } = folderOf([901]);
    const before = emu.stats().requests.total;
    const r = await fiscal(['upload', dir, '--batch', '--callback-url', 'notaurl', '--journal', journal]);
    expect(r.code).toBe(2);
    expect(r.stderr.match(/--callback-url: expected an http\(s\) URL/g)).toHaveLength(1);
    expect(emu.stats().requests.total).toBe(before);
  });
});
