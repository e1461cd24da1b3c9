// `fiscal search nfce` is the one declaration of `fiscal nfce search` under another name: the same
// flags and module. Keys of model 65, 14-digit owners, and one small run in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search } from '../../../src/commands/search/index.js';
import { listingSearchVerb } from '../../../src/commands/search/listing.js';
import { TYPE_GROUPS } from '../../../src/program.js';
import { buildAccessKey } from '../../../src/fiscal/access-key.js';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const key = (model: '55' | '65') =>
  buildAccessKey({
    uf: '35',
    yymm: '2605',
    issuer: '11222333000181',
    model,
    series: '1',
    number: '9',
    emissionType: '1',
    code: '12345678',
  });
const declared = search.verbs.find((v) => v.name === 'nfce')!;
const searchNfce = listingSearchVerb(declared as never, 'nfce');
const parse = (raw: Record<string, unknown>) => searchNfce.parse(raw, []).options;

describe('search nfce', () => {
  it('is `nfce search` under the type name: the same declaration, aliased (the registry gathers NFC-e)', () => {
    const verb = TYPE_GROUPS.find((g) => g.name === 'nfce')!.verbs.find((v) => v.name === 'search')!;
    expect(verb).toMatchObject({ summary: declared.summary, examples: declared.examples });
    expect('flags' in verb && verb.flags).toBe('flags' in declared && declared.flags);
    expect('load' in verb && verb.load).toBe('load' in declared && declared.load);
  });

  it('R7/R8: keys of model 65; owners of 14 digits (the listing takes CNPJs)', () => {
    expect(parse({ key: [key('65')] }).key).toEqual([key('65')]);
    expect(() => parse({ key: [key('55')] })).toThrow(/--key: .*model 55/);
    expect(() => parse({ owner: ['52998224725'] })).toThrow(/--owner: the NFC-e listing takes 14-digit CNPJs only/);
  });

  it('ranges in order, and --all or --limit', () => {
    expect(() => parse({ createdFrom: '2026-05-02', createdTo: '2026-05-01' })).toThrow(
      /--created-from: 2026-05-02 is after --created-to/,
    );
    expect(() => parse({ all: true, limit: '2' })).toThrow(/--all: use either --all or --limit/);
  });

  describe('a run', () => {
    let emu: TestEmulator;
    beforeAll(async () => {
      emu = await startEmulator({ docs: 40 });
    });
    afterAll(async () => emu?.close());

    it('--limit 2 prints the first two NFC-e, as `fiscal nfce search` does', async () => {
      const a = await runMain(['search', 'nfce', '--limit', '2', '-o', 'ndjson'], emulatorEnv(emu));
      expect(a.code, a.stderr).toBe(0);
      const rows = a.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { AccessKey: string });
      expect(rows.map((r) => r.AccessKey)).toEqual(
        emu.store
          .docsOf(emu.accounts[0]!.id, 'nfce')
          .entries.slice(0, 2)
          .map((e) => e.doc.accessKey),
      );
      const b = await runMain(['nfce', 'search', '--limit', '2', '-o', 'ndjson'], emulatorEnv(emu));
      expect(b.stdout).toBe(a.stdout);
    });
  });
});
