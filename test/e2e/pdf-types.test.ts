// End to end: `fiscal pdf cte|cteos|mdfe|nfse` (built CLI) against an emulator on a loopback port.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocType } from '../../src/emulator/doc-index.js';
import type { StoredNfse } from '../../src/emulator/model-docs.js';
import { buildAccessKey } from '../../src/fiscal/access-key.js';
import { formatKey } from '../../src/fiscal/render/format.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { expectPdfShows } from '../helpers/pdf.js';
import { drawnText } from '../helpers/render.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const docs = <T extends DocType>(type: T) => emu.store.docsOf(emu.accounts[0]!.id, type).entries.map((e) => e.doc);
const keysOf = (type: 'cte' | 'cteos' | 'mdfe', n: number) =>
  docs(type)
    .slice(0, n)
    .map((d) => d.accessKey);
const unknownKey = (model: string) =>
  buildAccessKey({
    uf: '35',
    yymm: '2601',
    issuer: '11222333000181',
    model,
    series: '1',
    number: '424242',
    emissionType: '1',
    code: '87654321',
  });

/** The file is a PDF a reader opens, showing `shown` (accents included, with or without poppler). */
const expectPdf = (file: string, shown: string): void => expectPdfShows(readFileSync(file), shown);
/** A PDF the renderers drew (src/fiscal/render) shows `shown`. */
const expectDrawn = (file: string, shown: string): void => {
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(drawnText(pdf)).toContain(shown);
};

describe.each([
  { type: 'cte' as const, model: '57' },
  { type: 'cteos' as const, model: '67' },
  { type: 'mdfe' as const, model: '58' },
])('fiscal pdf $type', ({ type, model }) => {
  it('writes <dir>/<key>.pdf for each key, one ok row per key; exit 0', async () => {
    const keys = keysOf(type, 2);
    const dir = tempDir();
    const r = await runCli(['pdf', type, ...keys, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.key, x.status, x.file])).toEqual(keys.map((k) => [k, 'ok', join(dir, `${k}.pdf`)]));
    for (const key of keys) expectDrawn(join(dir, `${key}.pdf`), formatKey(key));
    expect(readdirSync(dir).sort()).toEqual(keys.map((k) => `${k}.pdf`).sort());
  });

  it('R6: an unknown key is a failed row (404), the others are written; exit 7', async () => {
    const [key] = keysOf(type, 1);
    const unknown = unknownKey(model);
    const dir = tempDir();
    const r = await runInProcess(['pdf', type, unknown, key!, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(ndjson(r.stdout).map((x) => [x.key, x.status])).toEqual([
      [unknown, 'error'],
      [key, 'ok'],
    ]);
    expect(r.stderr).toContain(unknown);
    expect(existsSync(join(dir, `${key}.pdf`))).toBe(true);
    expect(existsSync(join(dir, `${unknown}.pdf`))).toBe(false);
  });
});

describe('fiscal pdf: keys checked before anything is sent', () => {
  it('R7: an NF-e key given to `pdf cte`, or a bad check digit, exits 2 naming it; nothing is sent', async () => {
    emu.resetStats();
    const [cte] = keysOf('cte', 1);
    const nfe = emu.store.nfesOf(emu.accounts[0]!.id).entries[0]!.doc.accessKey;
    const r = await runInProcess(['pdf', 'cte', cte!, nfe], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`${nfe}.*model 55.*not a CT-e \\(57\\)`));
    const bad = `${cte!.slice(0, 43)}${(Number(cte![43]) + 1) % 10}`;
    const r2 = await runInProcess(['pdf', 'mdfe', '--stdin'], { env, input: `${keysOf('mdfe', 1)[0]}\n${bad}\n` });
    expect(r2.exitCode).toBe(2);
    expect(r2.stderr).toMatch(new RegExp(`${bad}.*line 2`));
    const r3 = await runInProcess(['pdf', 'nfse', '12345:2026-01-01:1'], { env });
    expect(r3.exitCode).toBe(2);
    expect(r3.stderr).toContain('12345:2026-01-01:1');
    expect(emu.stats().requests.total).toBe(0);
  });

  it('--manual needs --role, and --role needs --manual (exit 2)', async () => {
    const [nfse] = docs('nfse');
    expect((await runInProcess(['pdf', 'nfse', nfse!.id, '--manual'], { env })).stderr).toContain('--role');
    const r = await runInProcess(['pdf', 'nfse', nfse!.id, '--role', 'received'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--manual');
  });
});

describe('fiscal pdf nfse', () => {
  const safe = (id: string) => id.replace(/:/g, '_');
  const ocrNote = (): StoredNfse => docs('nfse').find((d) => ['ocr', 'manual'].includes(d.origin))!;

  it('R10: writes the DANFSe of each id as <dir>/<id with _>.pdf, from arguments and NDJSON on stdin', async () => {
    const [a, b] = docs('nfse');
    const dir = tempDir();
    const r = await runInProcess(['pdf', 'nfse', a!.id, '--stdin', '--dir', dir], {
      env,
      input: `{"id":"${b!.id}"}\n${a!.id}\n`,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.key, x.file])).toEqual([
      [a!.id, join(dir, `${safe(a!.id)}.pdf`)],
      [b!.id, join(dir, `${safe(b!.id)}.pdf`)],
    ]);
    expectDrawn(join(dir, `${safe(a!.id)}.pdf`), a!.emitter.name);
    expect(readdirSync(dir).every((f) => !f.includes(':'))).toBe(true);
  });

  it('--manual saves the OCR original as <id>-original.pdf; a note not read by OCR fails its row; exit 7', async () => {
    const ocr = ocrNote();
    const plain = docs('nfse').find(
      (d) => d.roles[0]!.role === ocr.roles[0]!.role && !['ocr', 'manual'].includes(d.origin),
    )!;
    const dir = tempDir();
    const r = await runInProcess(
      ['pdf', 'nfse', ocr.id, plain.id, '--manual', '--role', ocr.roles[0]!.role, '--dir', dir],
      {
        env,
      },
    );
    expect(r.exitCode, r.stderr).toBe(7);
    const rows = ndjson(r.stdout);
    expect(rows.map((x) => [x.key, x.status])).toEqual([
      [ocr.id, 'ok'],
      [plain.id, 'error'],
    ]);
    expect(rows[1]!.message).toMatch(/no original PDF/);
    expectPdf(join(dir, `${safe(ocr.id)}-original.pdf`), 'NOTA FISCAL DE SERVIÇOS ELETRÔNICA');
    expect(readdirSync(dir)).toEqual([`${safe(ocr.id)}-original.pdf`]);
  });
});
