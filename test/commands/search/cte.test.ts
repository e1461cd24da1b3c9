// `fiscal search cte`: flags parse to the typed search (tpCTe names, roles, --taker a CNPJ as in
// search nfse, the old --not-taker), the body search's filters come from api/cte.ts, and small runs in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchCte from '../../../src/commands/search/cte.js';
import { planCteSearch } from '../../../src/api/cte-search.js';
import { cteSearchOf } from '../../../src/commands/search/cte-options.js';
import { searchCte as declaration } from '../../../src/commands/search/index.js';
import { DOCUMENT_FLAGS, ROLE_FLAGS } from '../../../src/commands/shared/document-flags.js';
import { buildAccessKey } from '../../../src/fiscal/access-key.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const NOW = new Date('2026-06-15T15:00:00Z');
const key = (model: '55' | '57' | '67') =>
  buildAccessKey({
    uf: '35',
    yymm: '2601',
    issuer: '11222333000181',
    model,
    series: '1',
    number: '7',
    emissionType: '1',
    code: '12345678',
  });
const parse = (raw: Record<string, unknown>) => searchCte.parse(raw, []).options;
const plan = (raw: Record<string, unknown>) => planCteSearch(cteSearchOf('cte', parse(raw)), NOW);

describe('search cte: declaration', () => {
  it('takes the shared flags, and keeps the old spellings hidden and deprecated', () => {
    expect(declaration.flags.emitter).toBe(DOCUMENT_FLAGS.emitter);
    expect(declaration.flags.role).toBe(ROLE_FLAGS.cte);
    // --taker is the taker's CNPJ/CPF, as in search nfse (it was a yes/no, --role taker's old spelling).
    expect(declaration.flags.taker).toBe(DOCUMENT_FLAGS.taker);
    expect(declaration.flags.notTaker.deprecated.use).toBe('--role not-taker,authorized');
    expect(declaration.flags.type.deprecated).toEqual({ use: '--cte-type', moveTo: 'cteType' });
  });
});

describe('search cte: parsing', () => {
  it('--cte-type takes codes and names, each once', () => {
    expect(cteSearchOf('cte', parse({ cteType: ['Normal', 'substitution', '3', '1'] })).cteType).toEqual([
      '0',
      '3',
      '1',
    ]);
    expect(() => parse({ cteType: ['2'] })).toThrow(/--cte-type: "2" is not one of 0, 1, 3/);
  });

  it('--role takes the CT-e roles; --key model 57, --nfe model 55', () => {
    expect(() => parse({ role: ['received'] })).toThrow(/--role/);
    expect(() => parse({ key: [key('67')] })).toThrow(/--key: .*model 67/);
    expect(() => parse({ nfe: [key('57')] })).toThrow(/--nfe: .*model 57/);
  });

  it('--taker takes CNPJs/CPFs as people write them; the body search is asked for Taker, kept on the client', () => {
    expect(cteSearchOf('cte', parse({ taker: ['12.345.678/0001-95'] })).taker).toEqual(['12345678000195']);
    expect(() => parse({ taker: ['yes'] })).toThrow(/--taker/);
    const p = plan({ taker: ['12345678000195'], fields: ['AccessKey'] });
    expect(p).toMatchObject({ api: 'dfe', request: { fields: ['AccessKey', 'Taker'] } });
    expect(p.api === 'dfe' && p.request.Filters).not.toHaveProperty('IsTaker');
  });

  it('the old --not-taker stands for --role, never beside it', () => {
    expect(plan({ notTaker: true })).toMatchObject({ api: 'dfe', request: { Filters: { IsTaker: false } } });
    expect(() => parse({ notTaker: true, role: ['taker'] })).toThrow(/--not-taker: use --role alone/);
  });

  it('R21: roles the body search cannot say are kept on the client by OwnerRole', () => {
    expect(plan({ role: ['authorized'] })).toMatchObject({
      keepRoles: ['authorized'],
      request: { Filters: { IsTaker: false } },
    });
  });
});

describe('search cte: a run', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ docs: 40 });
  });
  afterAll(async () => emu?.close());

  it('--role taker --limit 2 prints two taker CT-e', async () => {
    const r = await runMain(['search', 'cte', '--role', 'taker', '--limit', '2', '-o', 'ndjson'], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { OwnerRole: string });
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.OwnerRole === 'taker')).toBe(true);
  });

  it('--taker <cnpj> lists the CT-e of that taker only, all of them', async () => {
    const env = emulatorEnv(emu);
    const all = await runMain(['search', 'cte', '--all', '--fields', 'AccessKey,Taker', '-o', 'ndjson'], env);
    expect(all.code, all.stderr).toBe(0);
    const rows = all.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { AccessKey: string; Taker?: { Cnpj?: string; Cpf?: string } | null });
    const takerOf = (r: (typeof rows)[number]) => r.Taker?.Cnpj || r.Taker?.Cpf || '';
    const taker = takerOf(rows.find((r) => takerOf(r).length === 14)!);
    const expected = rows.filter((r) => takerOf(r) === taker).map((r) => r.AccessKey);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length);
    const masked = taker.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    const r = await runMain(['search', 'cte', '--taker', masked, '--all', '-o', 'ndjson'], env);
    expect(r.code, r.stderr).toBe(0);
    const found = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { AccessKey: string }).AccessKey);
    expect(found.sort()).toEqual(expected.sort());
  });
});
