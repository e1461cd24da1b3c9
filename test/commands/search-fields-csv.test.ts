// --fields with -o csv prints the columns of the fields asked for, in the order asked, not every
// column with the unrequested ones empty. Every command with --fields is found in the tree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSpecs } from '../../src/cli-tree/spec.js';
import { snakeCase } from '../../src/commands/search/field-columns.js';
import { currentTree } from '../helpers/cli-tree.js';
import { runMain } from '../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
});
afterAll(async () => {
  await emu.close();
});

const fiscal = (argv: string[]) => runMain(argv, emulatorEnv(emu));

const WIDE = ['--from', '2026-01-01', '--to', '2026-06-30'];

/** Per command: what is asked, the extra flags it needs, and the header expected. */
const CASES: Record<string, { argv: string[]; header: string }> = {
  'search nfe': { argv: ['--fields', 'Number,AccessKey,Xml', ...WIDE], header: 'number,access_key,xml' },
  'search cte': { argv: ['--fields', 'AccessKey,Taker', ...WIDE], header: 'access_key,taker_cnpj_cpf,taker_name' },
  'search cteos': { argv: ['--fields', 'Status,AccessKey', ...WIDE], header: 'status,access_key' },
  'search nfse': { argv: ['--fields', 'origin'], header: 'id,origin' },
  'search mdfe': { argv: ['--fields', 'AccessKey,Emitter', ...WIDE], header: 'access_key,emitter_cnpj_cpf' },
  'mdfe search': { argv: ['--fields', 'Owner,AccessKey', ...WIDE], header: 'owner,access_key' },
};

describe('--fields with -o csv', () => {
  it('every command with --fields has a case here', () => {
    const withFields = allSpecs(currentTree())
      .filter((s) => s.options.some((o) => o.long === '--fields'))
      .map((s) => s.path.join(' '));
    expect(withFields.sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [path, c] of Object.entries(CASES)) {
    it(`fiscal ${path} ${c.argv.slice(0, 2).join(' ')} -o csv prints ${c.header}`, async () => {
      const r = await fiscal(['-o', 'csv', ...path.split(' '), ...c.argv, '--limit', '3']);
      expect(r.code, r.stderr).toBe(0);
      const [header, ...rows] = r.stdout.trim().split('\n');
      expect(header).toBe(c.header);
      expect(rows.length).toBeGreaterThan(0);
      // Each asked column has a value in the first row.
      expect(rows[0]!.split(',').every((cell) => cell !== '')).toBe(true);
    });
  }

  it('without --fields prints every designed column', async () => {
    const r = await fiscal(['-o', 'csv', 'search', 'nfe', ...WIDE, '--limit', '1']);
    expect(r.stdout.split('\n')[0]).toBe(
      'access_key,number,emission_date,created_at,emitter_cnpj_cpf,emitter_name,emitter_uf,receiver_cnpj_cpf,receiver_name,receiver_uf,total_value,status,owner,owner_role',
    );
  });

  it('names a field without designed columns in snake case', () => {
    expect(['AccessKey', 'HasCCE', 'xmlAbrasf', 'IBSCBS', 'Xml'].map(snakeCase)).toEqual([
      'access_key',
      'has_cce',
      'xml_abrasf',
      'ibscbs',
      'xml',
    ]);
  });
});

describe('--fields takes the names the output shows', () => {
  it.each(['nfe', 'cte'])('search %s: every CSV column name, the JSON TotalValue and the table VALUE', async (type) => {
    const all = await fiscal(['-o', 'csv', 'search', type, ...WIDE, '--limit', '2']);
    expect(all.code, all.stderr).toBe(0);
    const header = all.stdout.split('\n')[0]!;
    expect(header).toContain('total_value');
    const byName = await fiscal(['-o', 'csv', 'search', type, ...WIDE, '--limit', '2', '--fields', header]);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout.split('\n')[0]!.split(',').sort()).toEqual(header.split(',').sort());
    for (const shown of ['TotalValue', 'VALUE', 'total_value']) {
      const r = await fiscal(['-o', 'csv', 'search', type, ...WIDE, '--limit', '2', '--fields', `AccessKey,${shown}`]);
      expect(r.code, `${shown}: ${r.stderr}`).toBe(0);
      expect(r.stdout.split('\n')[0]).toMatch(/^access_key,.*total_value/);
    }
    const bad = await fiscal(['-o', 'csv', 'search', type, '--fields', 'Nonsense']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Nonsense');
  });
});
