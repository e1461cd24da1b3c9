// `fiscal mdfe`: the group gathers the very declarations of `search mdfe` and `xml mdfe` (and the
// pdf and events verbs), and its verbs run in process against an emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search } from '../../../src/commands/search/index.js';
import { TYPE_XML_VERBS } from '../../../src/commands/xml/index.js';
import { TYPE_GROUPS } from '../../../src/program.js';
import { docXml } from '../../../src/emulator/data/dataset.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[]) => runMain(argv, emulatorEnv(emu));
const docs = () => emu.store.docsOf(emu.accounts[0]!.id, 'mdfe').entries.map((e) => e.doc);

describe('fiscal mdfe', () => {
  it('declares search, xml, pdf and events: the very declarations of their verb-first forms', async () => {
    const mdfe = TYPE_GROUPS.find((g) => g.name === 'mdfe')!;
    const searchMdfe = search.verbs.find((v) => v.name === 'mdfe')!;
    expect(mdfe.verbs.slice(0, 2)).toEqual([{ ...searchMdfe, name: 'search' }, TYPE_XML_VERBS.mdfe]);
    expect(mdfe.verbs.map((v) => v.name)).toEqual(['search', 'xml', 'pdf', 'events']);
    const help = (await fiscal(['mdfe', '--help'])).stdout;
    for (const verb of ['search', 'xml', 'pdf', 'events']) expect(help).toMatch(new RegExp(`^ {2}${verb} `, 'm'));
  });

  it("search: --plate and --uf as people write them narrow to the store's MDF-e", async () => {
    const doc = docs().find((d) => d.plate)!;
    const plate = `${doc.plate.slice(0, 3).toLowerCase()}-${doc.plate.slice(3)}`;
    const r = await fiscal([
      'mdfe',
      'search',
      '--plate',
      plate,
      '--uf',
      doc.startUf.toLowerCase(),
      '--from',
      '2020-01-01',
      '--all',
      '-o',
      'ndjson',
      '--fields',
      'AccessKey,Document',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { AccessKey: string; Document: { Plate: string } });
    expect(rows.map((row) => row.AccessKey)).toContain(doc.accessKey);
    expect(rows.every((row) => row.Document.Plate === doc.plate)).toBe(true);
  });

  it('search: a bad plate exits 2 naming --plate', async () => {
    const r = await fiscal(['mdfe', 'search', '--plate', '12345']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--plate: "12345" is not a plate/);
  });

  it('R11: xml of one key goes to stdout, byte for byte', async () => {
    const doc = docs()[1]!;
    const r = await fiscal(['mdfe', 'xml', doc.accessKey]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(docXml('mdfe', doc));
  });
});
