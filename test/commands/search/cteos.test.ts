// `fiscal search cteos`: `search cte` over the CT-e OS endpoints: its own roles and key model, the
// same module, and one small run in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cteosVerb } from '../../../src/commands/search/cte.js';
import { planCteSearch } from '../../../src/api/cte-search.js';
import { cteSearchOf } from '../../../src/commands/search/cte-options.js';
import { searchCteos as declaration } from '../../../src/commands/search/index.js';
import { ROLE_FLAGS } from '../../../src/commands/shared/document-flags.js';
import { buildAccessKey } from '../../../src/fiscal/access-key.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const NOW = new Date('2026-06-15T15:00:00Z');
const key = (model: '57' | '67') =>
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
const parse = (raw: Record<string, unknown>) => cteosVerb.parse(raw, []).options;

describe('search cteos', () => {
  it('declares the CT-e OS roles and key model; --not-taker stands for --role not-taker', () => {
    expect(declaration.flags.role).toBe(ROLE_FLAGS.cteos);
    expect(declaration.flags.key.models).toEqual(['67']);
    expect(declaration.flags.notTaker.deprecated.use).toBe('--role not-taker');
  });

  it('refuses the authorized role and keys of another model', () => {
    expect(() => parse({ role: ['authorized'] })).toThrow(/--role/);
    expect(() => parse({ key: [key('57')] })).toThrow(/--key: .*model 57/);
    expect(parse({ key: [key('67')] }).key).toEqual([key('67')]);
  });

  it('R24: no role filter on the body search; a role is kept on the client', () => {
    const p = planCteSearch(cteSearchOf('cteos', parse({ role: ['taker'] })), NOW);
    expect(p).toMatchObject({ api: 'dfe', kind: 'cteos', keepRoles: ['taker'] });
    expect(p.api === 'dfe' && p.request.Filters).not.toHaveProperty('IsTaker');
  });

  describe('a run', () => {
    let emu: TestEmulator;
    beforeAll(async () => {
      emu = await startEmulator({ docs: 40 });
    });
    afterAll(async () => emu?.close());

    it('--limit 2 prints two CT-e OS of the account', async () => {
      const r = await runMain(['search', 'cteos', '--limit', '2', '-o', 'ndjson'], emulatorEnv(emu));
      expect(r.code, r.stderr).toBe(0);
      const keys = new Set(emu.store.docsOf(emu.accounts[0]!.id, 'cteos').entries.map((e) => e.doc.accessKey));
      const rows = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { AccessKey: string });
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => keys.has(row.AccessKey))).toBe(true);
    });
  });
});
