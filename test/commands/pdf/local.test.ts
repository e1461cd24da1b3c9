// `fiscal pdf nfe --local`, in process: the PDFs saved in groups (one sync of each folder per
// group), the rows still one per XML in the order of the files; a PDF that cannot be placed stops
// the run with exit 10 naming it, the groups saved before kept whole, no temp file left behind.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, nfeXml } from '../../../src/emulator/data/dataset.js';
import { ExitCode } from '../../../src/errors.js';
import { ndjson, runInProcess } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/tree.js';

/** More XML than one group of PDFs saved together (32): the rows cross groups. */
const COUNT = 70;
let folder: string;
const names: string[] = [];

beforeAll(() => {
  folder = tempDir();
  const { nfes } = generateDataset({ seed: 5, docs: COUNT, accounts: 1, now: new Date('2026-06-15T12:00:00-03:00') });
  nfes.slice(0, COUNT).forEach((nfe, i) => {
    const name = `nota-${String(i).padStart(3, '0')}`;
    writeFileSync(join(folder, `${name}.xml`), nfeXml(nfe));
    names.push(name);
  });
  expect(names).toHaveLength(COUNT);
});

const pdfsOf = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.pdf'));
const tempsOf = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe('fiscal pdf nfe --local', () => {
  it('one ok row per XML in the order of the files, each PDF whole, no temp file left', async () => {
    const out = tempDir();
    const r = await runInProcess(['-o', 'ndjson', 'pdf', 'nfe', '--local', folder, '--dir', out]);
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => row.xml)).toEqual(names.map((n) => join(folder, `${n}.xml`)));
    for (const [i, row] of rows.entries()) {
      expect(row.status).toBe('ok');
      expect(row.file).toBe(join(out, `${names[i]}.pdf`));
      const pdf = readFileSync(row.file as string);
      expect(row.bytes).toBe(pdf.length);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.subarray(-6).toString().trim()).toBe('%%EOF');
    }
    expect(tempsOf(out)).toEqual([]);
  });

  it('a PDF whose name is a folder stops the run with exit 10 naming it; the groups before are kept, no temp file left', async () => {
    const out = tempDir();
    // In the second group of 32: the first group is saved whole before it.
    const blocked = join(out, `${names[40]}.pdf`);
    mkdirSync(blocked);
    const r = await runInProcess(['-o', 'ndjson', 'pdf', 'nfe', '--local', folder, '--dir', out]);
    expect(r.exitCode, r.stdout).toBe(ExitCode.localFiles);
    expect(r.stderr).toContain(blocked);
    expect(r.stderr).toMatch(/is a folder/);
    const saved = pdfsOf(out).filter((f) => f !== `${names[40]}.pdf`);
    expect(saved.length).toBeGreaterThanOrEqual(32);
    for (const f of saved) expect(readFileSync(join(out, f)).subarray(-6).toString().trim(), f).toBe('%%EOF');
    // Every row said is a PDF in the folder.
    for (const row of ndjson(r.stdout))
      expect(pdfsOf(out)).toContain(`${row.xml.replace(/^.*\//, '').replace(/\.xml$/, '')}.pdf`);
    expect(tempsOf(out)).toEqual([]);
  });
});
