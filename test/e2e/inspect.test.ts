// `fiscal inspect` on the hand-written fixtures (test/fixtures/xml): first through run() with an
// in-memory context, then end to end, spawning the built CLI. The figures asserted are the ones
// written in the fixtures.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import inspectVerb, { inspectFiles as run, inspectOptions } from '../../src/commands/inspect/inspect.js';
import { PartialError, UsageError } from '../../src/errors.js';
import { runCliInTerminal, runInProcess, ndjson } from '../helpers/cli.js';
import { createTestContext, tempDir } from '../helpers/context.js';
import type { OutputFormat } from '../../src/context.js';
import { parseCsv } from '../helpers/csv.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = 'test/fixtures/xml';
const abs = (p: string) => join(REPO, p);
/** Every fixture folder but broken/: 16 documents in 15 files. */
const GOOD = ['nfe', 'nfce', 'cte', 'mdfe', 'nfse', 'cfe', 'events'].map((d) => `${FIXTURES}/${d}`);

const CSV_HEADER =
  'file,kind,model,version,access_key,id,series,number,emission_date,environment,emitter_tax_id,emitter_name,emitter_uf,' +
  'counterpart_role,counterpart_tax_id,counterpart_name,counterpart_uf,total,products,discount,freight,icms,icms_st,ipi,pis,' +
  'cofins,services,iss,net_value,receivable,cargo_value,cte_count,nfe_count,item_count,protocol_status,protocol_reason,protocol,' +
  'protocol_date,is_canceled,event_type,event_description,event_ref_key,event_seq,warnings';

/** Raw commander values and paths -> what the run takes, through the verb's own parsing. */
function parseOptions(raw: Record<string, unknown>, paths: string[]) {
  const parsed = inspectVerb.parse(raw, paths);
  return inspectOptions(parsed.options, parsed.args);
}

async function inspect(args: string[], output: OutputFormat, extra: Record<string, unknown> = {}) {
  const t = createTestContext({ globals: { output } });
  let error: unknown;
  try {
    await run(t.ctx, parseOptions(extra, args.map(abs)));
  } catch (e) {
    error = e;
  }
  const rel = (s: string) => s.split(REPO).join('');
  return { error, stdout: rel(t.stdout()), stderr: rel(t.stderr()) };
}

describe('inspect: options', () => {
  it('takes paths and --type kinds, comma-separated or repeated, case-insensitive', () => {
    expect(parseOptions({ type: ['nfe', 'EVENT', 'nfe'] }, ['a.xml', 'dir'])).toEqual({
      paths: ['a.xml', 'dir'],
      types: ['nfe', 'event'],
    });
    expect(parseOptions({}, ['a.xml'])).toEqual({ paths: ['a.xml'] });
  });

  it('rejects an unknown kind, naming --type and the kinds there are', () => {
    expect(() => parseOptions({ type: ['nfe', 'boleto'] }, ['a.xml'])).toThrow(UsageError);
    expect(() => parseOptions({ type: ['boleto'] }, ['a.xml'])).toThrow(
      /^--type: "boleto" is not a kind; use nfe, nfce, cte, cteos, mdfe, nfse, dps, cfe, nf3e, nfcom, nfag, nfgas, event$/,
    );
  });
});

describe('inspect: run', () => {
  it('writes the spreadsheet: one CSV row per document, figures as written, plain decimals', async () => {
    const r = await inspect(GOOD, 'csv');
    expect(r.error).toBeUndefined();
    expect(r.stdout.split('\n')[0]).toBe(CSV_HEADER);
    const rows = parseCsv(r.stdout);
    expect(rows).toHaveLength(16);
    const byFile = (f: string) => rows.filter((x) => x.file === `${FIXTURES}/${f}`);
    expect(byFile('nfe/nfe-400-proc.xml')[0]).toMatchObject({
      kind: 'nfe',
      model: '55',
      access_key: '35240311222333000181550010000012341123456781',
      series: '1',
      number: '1234',
      emitter_tax_id: '11222333000181',
      emitter_uf: 'SP',
      counterpart_role: 'receiver',
      counterpart_tax_id: '44555666000181',
      total: '1333.03',
      products: '1250.50',
      discount: '10.00',
      freight: '30.00',
      icms: '150.06',
      icms_st: '0.00',
      ipi: '62.53',
      pis: '20.63',
      cofins: '95.04',
      item_count: '2',
      protocol_status: '100',
      protocol: '135240000123456',
      is_canceled: 'false',
      warnings: '',
    });
    expect(byFile('cte/cte-400-proc.xml')[0]).toMatchObject({
      kind: 'cte',
      total: '850.00',
      receivable: '850.00',
      cargo_value: '15000.00',
      icms: '102.00',
      counterpart_role: 'taker',
    });
    expect(byFile('mdfe/mdfe-300-proc.xml')[0]).toMatchObject({
      kind: 'mdfe',
      total: '23500.00',
      cte_count: '1',
      nfe_count: '2',
      item_count: '3',
    });
    expect(byFile('nfse/abrasf-consultar-2-notes.xml').map((x) => [x.number, x.total, x.iss, x.is_canceled])).toEqual([
      ['1001', '1500.00', '75.00', 'false'],
      ['1002', '480.00', '9.60', 'true'],
    ]);
    expect(byFile('nfse/nfse-national.xml')[0]).toMatchObject({
      total: '1800.00',
      services: '1800.00',
      iss: '36.00',
      net_value: '1800.00',
    });
    expect(byFile('events/nfe-cancel-110111.xml')[0]).toMatchObject({
      kind: 'event',
      event_type: '110111',
      event_description: 'Cancelamento',
      event_ref_key: '35240311222333000181550010000012341123456781',
      event_seq: '1',
      protocol_status: '135',
      total: '',
    });
    expect(byFile('cte/CTEOS-400.XML')[0]).toMatchObject({ kind: 'cteos', total: '1200.00' });
    expect(r.stderr).toBe('');
  });

  it('goes on past unreadable files, names them on stderr, and ends with PartialError (exit 7)', async () => {
    const r = await inspect([FIXTURES], 'csv');
    expect(r.error).toBeInstanceOf(PartialError);
    expect((r.error as Error).message).toBe('3 of 18 files could not be read');
    expect(parseCsv(r.stdout)).toHaveLength(16);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      `fiscal: ${FIXTURES}/broken/empty.xml: empty file`,
      `fiscal: ${FIXTURES}/broken/malformed.xml: malformed XML: the file ends before <NFe>, <nfeProc> are closed (truncated?)`,
      `fiscal: ${FIXTURES}/broken/unknown.xml: unknown document type: no fiscal document in root element <pedidoCompra>`,
    ]);
  });

  it('with ndjson, also writes each unreadable file as a record with error set', async () => {
    const r = await inspect([`${FIXTURES}/broken`, `${FIXTURES}/cfe`], 'ndjson');
    expect(r.error).toBeInstanceOf(PartialError);
    expect(ndjson(r.stdout)).toEqual([
      { source: `${FIXTURES}/broken/empty.xml`, failure: 'empty', error: 'empty file' },
      expect.objectContaining({ source: `${FIXTURES}/broken/malformed.xml`, failure: 'malformed' }),
      {
        source: `${FIXTURES}/broken/unknown.xml`,
        failure: 'unknown',
        error: expect.stringContaining('<pedidoCompra>'),
        root: 'pedidoCompra',
      },
      expect.objectContaining({
        source: `${FIXTURES}/cfe/cfe-sat.xml`,
        kind: 'cfe',
        key: '35240799887766000105599001234560004566543218',
      }),
    ]);
  });

  it('--type keeps only the kinds asked for', async () => {
    const r = await inspect(GOOD, 'ndjson', { type: ['event', 'cteos'] });
    expect(r.error).toBeUndefined();
    expect(ndjson(r.stdout).map((d) => [d.kind, d.event?.type ?? d.number])).toEqual([
      ['cteos', '88'],
      ['event', '110110'],
      ['event', '110111'],
      ['event', '110110'],
    ]);
  });

  it('reads a file given directly whatever its name, and reports a missing path beside existing ones', async () => {
    const dir = tempDir();
    copyFileSync(abs(`${FIXTURES}/cfe/cfe-sat.xml`), join(dir, 'cupom.txt'));
    const t = createTestContext({ globals: { output: 'ndjson' } });
    await expect(
      run(t.ctx, parseOptions({}, [join(dir, 'cupom.txt'), join(dir, 'missing.xml')])),
    ).rejects.toBeInstanceOf(PartialError);
    expect(ndjson(t.stdout()).map((d) => d.kind ?? d.error)).toEqual(['cfe', 'no such file or directory']);
  });

  it('walks folders recursively for *.xml in any case, and stays quiet on an empty folder', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    copyFileSync(abs(`${FIXTURES}/nfe/nfe-310-bare.xml`), join(dir, 'a', 'b', 'NOTA.Xml'));
    copyFileSync(abs(`${FIXTURES}/nfe/nfe-310-bare.xml`), join(dir, 'a', 'nota.xml.bak'));
    const t = createTestContext({ globals: { output: 'ndjson' } });
    await run(t.ctx, parseOptions({}, [dir]));
    expect(ndjson(t.stdout()).map((d) => d.source)).toEqual([join(dir, 'a', 'b', 'NOTA.Xml')]);
    const empty = createTestContext({ globals: { output: 'csv' } });
    await run(empty.ctx, parseOptions({}, [tempDir()]));
    expect(empty.stdout()).toBe(`${CSV_HEADER}\n`);
  });

  it('is a usage error (exit 2) when no path exists', async () => {
    const t = createTestContext({ globals: { output: 'csv' } });
    await expect(run(t.ctx, parseOptions({}, ['/nonexistent/a.xml', 'nope']))).rejects.toThrow(UsageError);
    expect(t.stdout()).toBe('');
  });

  it('prints warnings (R7: invalid check digit) on stderr and in the warnings column', async () => {
    const dir = tempDir();
    const { readFileSync, writeFileSync } = await import('node:fs');
    const bad = readFileSync(abs(`${FIXTURES}/nfe/nfe-310-bare.xml`), 'utf8').replace('1123456781"', '1123456789"');
    writeFileSync(join(dir, 'bad-dv.xml'), bad);
    const t = createTestContext({ globals: { output: 'csv' } });
    await run(t.ctx, parseOptions({}, [dir]));
    const [row] = parseCsv(t.stdout());
    expect(row!.warnings).toBe('access key 41170544555666000181550020000000771123456789: check digit is 9, expected 1');
    expect(t.stderr()).toBe(`warning: ${join(dir, 'bad-dv.xml')}: ${row!.warnings}\n`);
  });

  it('shows a table on a terminal', async () => {
    const t = createTestContext({ stdoutIsTTY: true, env: { COLUMNS: '220' } });
    await run(t.ctx, parseOptions({}, [abs(`${FIXTURES}/nfe/nfe-400-canceled.xml`)]));
    const [header, line] = t.stdout().split('\n');
    expect(header).toMatch(/^KIND +KEY\/ID +NUMBER +DATE +EMITTER +COUNTERPART +TOTAL +STATUS +FILE$/);
    expect(line).toMatch(
      /^nfe +35240411222333000181550010000012401123456782 +1240 +2024-04-02 +TECIDOS AURORA LTDA +MERCADINHO BOM PRECO LTDA +500\.00 +canceled +/,
    );
  });
});

describe('fiscal inspect (built CLI)', () => {
  it('writes CSV for the fixtures and exits 7 with the broken files present', async () => {
    const r = await runInProcess(['inspect', FIXTURES, '-o', 'csv'], { cwd: REPO });
    expect(r.exitCode, r.stderr).toBe(7);
    const [header] = r.stdout.split('\n');
    expect(header).toBe(CSV_HEADER);
    const rows = parseCsv(r.stdout);
    expect(rows).toHaveLength(16);
    expect(rows.find((x) => x.file === `${FIXTURES}/nfce/nfce-400.xml`)).toMatchObject({
      kind: 'nfce',
      total: '40.00',
      products: '42.50',
      discount: '2.50',
      item_count: '3',
    });
    expect(rows.find((x) => x.file === `${FIXTURES}/cfe/cfe-sat.xml`)).toMatchObject({
      kind: 'cfe',
      total: '20.00',
      series: '900123456',
      number: '000456',
    });
    expect(r.stderr).toContain(`fiscal: ${FIXTURES}/broken/malformed.xml: malformed XML`);
    expect(r.stderr).toContain('fiscal: 3 of 18 files could not be read');
  });

  it("in pt-BR the protocol's cStat is named as the protocol's, beside the note's own Cancelada", async () => {
    const r = await runInProcess(['--locale', 'pt-BR', 'inspect', `${FIXTURES}/nfe`, '-o', 'csv'], { cwd: REPO });
    expect(r.exitCode, r.stderr).toBe(0);
    const header = r.stdout
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0]!
      .split(';');
    expect(header).toContain('Código do protocolo (cStat)');
    expect(header).toContain('Cancelada');
    expect(header).not.toContain('Situação');
    expect(r.stdout).toMatch(/;produção;/);
  });

  it('exits 0 without the broken files', async () => {
    const r = await runInProcess(['inspect', ...GOOD, '-o', 'csv'], { cwd: REPO });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(parseCsv(r.stdout)).toHaveLength(16);
    expect(r.stderr).toBe('');
  });

  it('exits 2 when no path exists', async () => {
    const r = await runInProcess(['inspect', 'no/such/dir', '-o', 'csv'], { cwd: REPO });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('no such file or directory: "no/such/dir"');
  });

  it('writes NDJSON when piped', async () => {
    const r = await runInProcess(['inspect', `${FIXTURES}/mdfe`], { cwd: REPO });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toEqual([
      expect.objectContaining({ kind: 'mdfe', totals: expect.objectContaining({ vCarga: '23500.00' }) }),
    ]);
  });

  it('shows a table and a count on a terminal', async () => {
    const r = await runCliInTerminal(['inspect', abs(`${FIXTURES}/cte`)]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/KIND +KEY\/ID/);
    expect(r.stdout).toMatch(/cteos +41240532132132000163670030000000881123456780 +88 /);
    expect(r.stdout).toContain('2 documents in 2 of 2 files');
    // One file says so in the singular.
    const one = await runCliInTerminal(['inspect', abs(`${FIXTURES}/nfe/nfe-400-proc.xml`)]);
    expect(one.exitCode).toBe(0);
    expect(one.stdout).toMatch(/\b1 document in 1 of 1 file\b(?!s)/);
  });
});
