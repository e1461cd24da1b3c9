// `fiscal search nfse`: the R10 id, --canceled and --no-canceled, the lower camel body filters from
// api/nfse.ts, and one small run in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchNfse as declaration } from '../../../src/commands/search/index.js';
import searchNfse from '../../../src/commands/search/nfse.js';
import { planNfseSearch } from '../../../src/api/nfse-search.js';
import { nfseSearchOf } from '../../../src/commands/search/nfse-options.js';
import { DOCUMENT_FLAGS } from '../../../src/commands/shared/document-flags.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const NOW = new Date('2026-06-15T15:00:00Z');
const CNPJ = '11222333000181';
const parse = (raw: Record<string, unknown>) => searchNfse.parse(raw, []).options;

describe('search nfse: parsing', () => {
  it('--taker is the shared party flag; --origin one value', () => {
    expect(declaration.flags.taker).toBe(DOCUMENT_FLAGS.taker);
    expect(declaration.flags.origin).not.toHaveProperty('list');
  });

  it('R10: --id is <owner>:<emitter>:<date>:<number> with valid tax ids and a real date', () => {
    const id = `${CNPJ}:${CNPJ}:2026-02-03:5`;
    expect(parse({ id }).id).toBe(id);
    expect(() => parse({ id: `${CNPJ}:2026-02-03:5` })).toThrow(/--id: expected <owner>/);
    expect(() => parse({ id: `${CNPJ}:${CNPJ}:2026-02-30:5` })).toThrow(/--id: /);
  });

  it('R22: --canceled, --canceled=false and --no-canceled become the string isCanceled', () => {
    const plan = (raw: Record<string, unknown>) => planNfseSearch(nfseSearchOf(parse(raw)), NOW);
    expect(plan({ canceled: true })).toMatchObject({ request: { filters: { isCanceled: 'true' } } });
    expect(plan({ canceled: 'false' })).toMatchObject({ request: { filters: { isCanceled: 'false' } } });
    expect(plan({ canceled: false })).toMatchObject({ request: { filters: { isCanceled: 'false' } } });
    expect(() => parse({ canceled: 'maybe' })).toThrow(/--canceled: expected true or false/);
  });

  it('--competence takes months as people write them; roles become ownerRoles', () => {
    const p = planNfseSearch(nfseSearchOf(parse({ competence: ['05/2026'], role: ['received', 'received'] })), NOW);
    expect(p).toMatchObject({
      api: 'search',
      request: { filters: { competence: ['2026-05'], ownerRoles: ['taker'] } },
    });
  });
});

describe('search nfse: a run', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ docs: 40 });
  });
  afterAll(async () => emu?.close());

  it('--role emitted --limit 2 prints two emitted NFS-e', async () => {
    const r = await runMain(['search', 'nfse', '--role', 'emitted', '--limit', '2', '-o', 'ndjson'], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; document: { ownerRole: string } });
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.document.ownerRole === 'emitter')).toBe(true);
  });
});
