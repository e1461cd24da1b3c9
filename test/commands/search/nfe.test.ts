// `fiscal search nfe`: its flags come from the shared document declarations, parse to the typed
// search (aliases, ranges, --month, --where) with errors naming the flag, and one small run in
// process against an emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchNfe from '../../../src/commands/search/nfe.js';
import { searchNfe as declaration } from '../../../src/commands/search/index.js';
import { DOCUMENT_FLAGS, NFE_FILTER_FLAGS, ROLE_FLAGS } from '../../../src/commands/shared/document-flags.js';
import { nfeSearchOf } from '../../../src/commands/shared/nfe-options.js';
import { UsageError } from '../../../src/errors.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const parse = (raw: Record<string, unknown>) => searchNfe.parse(raw, []).options;
const searchOf = (raw: Record<string, unknown>) => nfeSearchOf(parse(raw));

describe('search nfe: declaration', () => {
  it('takes the shared filter flags as declared once', () => {
    expect(declaration.flags.owner).toBe(DOCUMENT_FLAGS.owner);
    expect(declaration.flags.role).toBe(ROLE_FLAGS.nfe);
    expect(declaration.flags.number).toBe(NFE_FILTER_FLAGS.number);
    expect(declaration.flags.custom.deprecated).toEqual({ use: '--prop', moveTo: 'prop' });
  });
});

describe('search nfe: parsing', () => {
  it('roles, finNFe purposes and fields accept their other words, any case', () => {
    const o = parse({ role: ['receiver', 'EMITTED'], fin: ['normal', '4', 'Debit'], fields: ['accesskey', 'XML'] });
    expect(o.role).toEqual(['received', 'emitted']);
    expect(o.fin).toEqual(['1', '4', '6']);
    expect(o.fields).toEqual(['AccessKey', 'Xml']);
  });

  it('--number is a number or a range; an empty range names the flag', () => {
    expect(parse({ number: '42' }).number).toEqual({ from: 42, to: 42 });
    expect(parse({ number: '100..200' }).number).toEqual({ from: 100, to: 200 });
    expect(() => parse({ number: '200..100' })).toThrow(/--number: range 200..100 is empty/);
    expect(() => parse({ number: 'abc' })).toThrow(/--number: expected a number or a range/);
  });

  it('--month is the emission window of the month, and refused with --from or --to', () => {
    expect(searchOf({ month: '02/2026' })).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(() => parse({ month: '2026-02', from: '2026-02-03' })).toThrow(UsageError);
    expect(() => parse({ month: '2026-02', to: '2026-02-03' })).toThrow(/--month: .*either --month or --from\/--to/);
  });

  it('--where and --where-missing compose --filter; with --filter they are refused', () => {
    expect(searchOf({ where: ['status=done'], whereMissing: ['erp_id'] }).filter).toBe(
      '(AND (= status done) (NOT_EXISTS erp_id))',
    );
    expect(() => parse({ where: ['a=1'], filter: '(= b 2)' })).toThrow(/--where and --where-missing build a --filter/);
  });

  it('--prop items become property filters; a search holds only what was given', () => {
    expect(searchOf({ prop: ['a=1', 'a=2', 'b=x'], all: true })).toEqual({
      prop: [
        { Name: 'a', Values: ['1', '2'] },
        { Name: 'b', Values: ['x'] },
      ],
      all: true,
    });
    expect(() => parse({ prop: ['novalue'] })).toThrow(/--prop: expected name=value/);
  });

  it('--key takes model 55 keys only', () => {
    expect(() => parse({ key: ['35260112345678000195650010000012341000012346'] })).toThrow(/--key: .*model 65/);
  });
});

describe('search nfe: a run', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ docs: 40 });
  });
  afterAll(async () => emu?.close());

  it('--role received --limit 3 prints three received NF-e of the account', async () => {
    const r = await runMain(
      [
        'search',
        'nfe',
        '--role',
        'received',
        '--from',
        '2025-01-01',
        '--to',
        '2026-06-30',
        '--limit',
        '3',
        '-o',
        'ndjson',
      ],
      emulatorEnv(emu),
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { AccessKey: string; OwnerRole: string });
    expect(rows).toHaveLength(3);
    const received = new Set(emu.store.nfesOf(emu.accounts[0]!.id).byRole.received.map((e) => e.doc.accessKey));
    for (const row of rows) {
      expect(row.OwnerRole).toBe('received');
      expect(received.has(row.AccessKey)).toBe(true);
    }
  });

  it("stopped by the limit: v2's total said on stderr, piped too, not with --quiet or --all", async () => {
    const base = ['search', 'nfe', '--role', 'received', '--from', '2025-01-01', '--to', '2026-06-30', '-o', 'csv'];
    const v2 = await runMain([...base, '--limit', '3'], emulatorEnv(emu));
    expect(v2.code, v2.stderr).toBe(0);
    const total = Number(/3 of (\d+) documents shown; --all for every one/.exec(v2.stderr)?.[1]);
    expect(total).toBeGreaterThan(3);
    const all = await runMain([...base, '--all'], emulatorEnv(emu));
    expect(all.stdout.trim().split('\n')).toHaveLength(total + 1);
    expect(all.stderr).not.toMatch(/shown/);
    const quiet = await runMain(['--quiet', ...base, '--limit', '3'], emulatorEnv(emu));
    expect(quiet.stderr).not.toMatch(/shown/);
  });

  it('a flag problem exits 2 naming it, before anything is sent', async () => {
    const before = emu.stats().requests.total;
    const r = await runMain(['search', 'nfe', '--month', '2026-05', '--from', '2026-05-02'], emulatorEnv(emu));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--month/);
    expect(emu.stats().requests.total).toBe(before);
  });
});
