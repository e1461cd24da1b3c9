// `fiscal search mdfe` is the one declaration of `fiscal mdfe search`: plates, UFs, one status at a
// time, the PascalCase filters from api/mdfe.ts, and one small run in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchMdfe from '../../../src/commands/search/mdfe.js';
import { TYPE_GROUPS } from '../../../src/program.js';
import { planMdfeSearch } from '../../../src/api/mdfe-search.js';
import { mdfeSearchOf } from '../../../src/commands/search/mdfe-options.js';
import { search } from '../../../src/commands/search/index.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const NOW = new Date('2026-06-15T15:00:00Z');
const parse = (raw: Record<string, unknown>) => searchMdfe.parse(raw, []).options;

describe('search mdfe', () => {
  it('is `mdfe search` under the type name: the same declaration, aliased', () => {
    const verb = search.verbs.find((v) => v.name === 'mdfe')!;
    const grouped = TYPE_GROUPS.find((g) => g.name === 'mdfe')!.verbs.find((v) => v.name === 'search')!;
    expect('flags' in grouped && grouped.flags).toBe('flags' in verb && verb.flags);
  });

  it('plates are read without blanks or dashes, upper case; UFs any case', () => {
    const o = parse({ plate: ['abc-1d23', 'XYZ 9876'], uf: ['sp', 'Rj'] });
    expect(o.plate).toEqual(['ABC1D23', 'XYZ9876']);
    expect(o.uf).toEqual(['SP', 'RJ']);
    expect(() => parse({ plate: ['12345'] })).toThrow(/--plate: "12345" is not a plate/);
    expect(() => parse({ uf: ['XX'] })).toThrow(/--uf/);
  });

  it('one status at a time (the same one twice is one)', () => {
    expect(mdfeSearchOf(parse({ status: ['closed', 'closed'] })).status).toBe('closed');
    expect(() => parse({ status: ['closed', 'canceled'] })).toThrow(/--status: one status at a time/);
  });

  it('flags map to the body search filters', () => {
    const p = planMdfeSearch(
      mdfeSearchOf(parse({ role: ['contractor'], status: ['authorized'], tag: ['x'], prop: ['a=b'] })),
      NOW,
    );
    expect(p).toMatchObject({
      api: 'search',
      request: {
        Filters: {
          OwnerRoles: ['contractor'],
          Status: 'authorized',
          Tags: ['x'],
          CustomData: [{ Name: 'a', Values: ['b'] }],
        },
      },
    });
  });

  describe('a run', () => {
    let emu: TestEmulator;
    beforeAll(async () => {
      emu = await startEmulator({ docs: 40 });
    });
    afterAll(async () => emu?.close());

    it('--role emitted --limit 2 prints two emitted MDF-e', async () => {
      const r = await runMain(
        ['search', 'mdfe', '--role', 'emitted', '--from', '2025-01-01', '--limit', '2', '-o', 'ndjson'],
        emulatorEnv(emu),
      );
      expect(r.code, r.stderr).toBe(0);
      const rows = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { OwnerRole: string });
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.OwnerRole === 'emitted')).toBe(true);
    });
  });
});
