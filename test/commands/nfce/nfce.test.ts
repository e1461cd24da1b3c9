// `fiscal nfce`: the group gathers the very declarations of `search nfce` and `xml nfce` (and the
// events verb), and its verbs run in process against an emulator.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search } from '../../../src/commands/search/index.js';
import { TYPE_XML_VERBS } from '../../../src/commands/xml/index.js';
import { TYPE_GROUPS } from '../../../src/program.js';
import { docXml } from '../../../src/emulator/data/dataset.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[], stdin?: string) => runMain(argv, emulatorEnv(emu), { stdin });
const docs = <T extends 'nfce' | 'mdfe'>(type: T, account = 0) =>
  emu.store.docsOf(emu.accounts[account]!.id, type).entries.map((e) => e.doc);

describe('fiscal nfce', () => {
  it('declares search, xml and events: the very declarations of their verb-first forms', async () => {
    const nfce = TYPE_GROUPS.find((g) => g.name === 'nfce')!;
    const searchNfce = search.verbs.find((v) => v.name === 'nfce')!;
    expect(nfce.verbs.slice(0, 2)).toEqual([{ ...searchNfce, name: 'search' }, TYPE_XML_VERBS.nfce]);
    expect(nfce.verbs.map((v) => v.name)).toEqual(['search', 'xml', 'pdf', 'events']);
    const help = (await fiscal(['nfce', '--help'])).stdout;
    expect(help).toMatch(/^ {2}search \[options\] +list NFC-e/m);
    expect(help).toMatch(/^ {2}xml \[options\] \[keys\.\.\.\] +download the XML of NFC-e/m);
    expect(help).toMatch(/^ {2}events /m);
    expect(help).toContain('The same as fiscal search nfce');
  });

  it('search: --key names an NFC-e; one the account does not hold exits 4', async () => {
    const doc = docs('nfce')[2]!;
    const r = await fiscal(['nfce', 'search', '--key', doc.accessKey, '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).AccessKey).toBe(doc.accessKey);
    // R3: another account's NFC-e is not found.
    const other = docs('nfce', 1)[0]!.accessKey;
    const missing = await fiscal(['nfce', 'search', '--key', other]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain(`no NFC-e with access key ${other} found`);
  });

  it('R11: xml of one key goes to stdout, byte for byte', async () => {
    const doc = docs('nfce')[0]!;
    const r = await fiscal(['nfce', 'xml', doc.accessKey]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(docXml('nfce', doc));
  });

  it('R7: xml checks each key for model 65 as it is read; keys also come from --stdin', async () => {
    const before = emu.stats().requests.total;
    const bad = await fiscal(['nfce', 'xml', docs('mdfe')[0]!.accessKey]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/<keys>: .*model 58/);
    expect(emu.stats().requests.total).toBe(before);
    const dir = tempDir();
    const keys = docs('nfce')
      .slice(0, 2)
      .map((d) => d.accessKey);
    const r = await fiscal(['nfce', 'xml', '--stdin', '--dir', dir], `${keys.join('\n')}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(keys.map((k) => `${k}.xml`).sort());
    expect(readFileSync(join(dir, `${keys[0]}.xml`), 'utf8')).toBe(docXml('nfce', docs('nfce')[0]!));
  });
});
