// --month on every search with an emission window, on `pull nfe` and on `report`: one declaration
// (DOCUMENT_FLAGS.month), the same window as --from <first day> --to <last day>, never beside them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullNfe } from '../../src/commands/pull/index.js';
import { report } from '../../src/commands/report/index.js';
import { search, searchCte, searchCteos, searchMdfe, searchNfe, searchNfse } from '../../src/commands/search/index.js';
import { DOCUMENT_FLAGS } from '../../src/commands/shared/document-flags.js';
import { runMain, tempDir } from '../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ docs: 120, otherDocs: 120 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const MAY = ['--from', '2026-05-01', '--to', '2026-05-31'];

describe('--month', () => {
  it('is the one shared declaration wherever it is', () => {
    const searchNfce = search.verbs.find((v) => v.name === 'nfce') as typeof searchNfe;
    for (const spec of [searchNfe, searchNfce, searchCte, searchCteos, searchNfse, searchMdfe, pullNfe, report])
      expect((spec.flags as Record<string, unknown>).month, spec.name).toBe(DOCUMENT_FLAGS.month);
  });

  it.each(['nfe', 'cte', 'cteos', 'nfse', 'mdfe'])(
    'search %s --month 05/2026 finds what --from/--to of May finds',
    async (type) => {
      const byMonth = await runMain(['search', type, '--month', '05/2026', '--all', '-o', 'ndjson'], env);
      expect(byMonth.code, byMonth.stderr).toBe(0);
      const byDates = await runMain(['search', type, ...MAY, '--all', '-o', 'ndjson'], env);
      expect(byDates.code, byDates.stderr).toBe(0);
      expect(byMonth.stdout).toBe(byDates.stdout);
      const all = await runMain(
        ['search', type, '--from', '2025-01-01', '--to', '2026-06-30', '--all', '-o', 'ndjson'],
        env,
      );
      const count = (s: string) => s.split('\n').filter(Boolean).length;
      expect(count(byMonth.stdout)).toBeGreaterThan(0);
      expect(count(byMonth.stdout)).toBeLessThan(count(all.stdout));
    },
  );

  it.each([
    ['search', 'cte'],
    ['search', 'nfse'],
    ['search', 'mdfe'],
    ['pull', 'nfe', '--role', 'received'],
    ['report'],
  ])('%s %s: --month beside --from is exit 2 naming --month, nothing sent', async (...verb) => {
    const r = await runMain([...verb, '--month', '2026-05', '--from', '2026-05-02'], {
      ...env,
      FISCAL_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/--month: is a window of emission dates of its own/);
  });

  it('pull nfe --month 2026-05 pulls what --from/--to of May pull', async () => {
    const keys = async (args: string[]) => {
      const dir = tempDir();
      const r = await runMain(['pull', 'nfe', '--role', 'received', '--dir', dir, ...args], env);
      expect(r.code, r.stderr).toBe(0);
      return readFileSync(join(dir, 'index.ndjson'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { key: string }).key)
        .sort();
    };
    const byMonth = await keys(['--month', '2026-05']);
    expect(byMonth.length).toBeGreaterThan(0);
    expect(byMonth).toEqual(await keys(MAY));
  });

  it('search nfce --month: the listing has no emission filter; the records emitted that month are kept', async () => {
    const rows = (s: string) =>
      s
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { AccessKey: string; EmissionDate: string });
    const all = await runMain(['search', 'nfce', '--all', '-o', 'ndjson'], env);
    expect(all.code, all.stderr).toBe(0);
    const may = rows(all.stdout).filter((r) => r.EmissionDate.startsWith('2026-05'));
    expect(may.length).toBeGreaterThan(0);
    expect(may.length).toBeLessThan(rows(all.stdout).length);
    const byMonth = await runMain(['search', 'nfce', '--month', '05/2026', '--all', '-o', 'ndjson'], env);
    expect(byMonth.code, byMonth.stderr).toBe(0);
    expect(rows(byMonth.stdout).map((r) => r.AccessKey)).toEqual(may.map((r) => r.AccessKey));
    const two = await runMain(['search', 'nfce', '--month', '2026-05', '--limit', '2', '-o', 'ndjson'], env);
    expect(rows(two.stdout).map((r) => r.AccessKey)).toEqual(may.slice(0, 2).map((r) => r.AccessKey));
  });
});
