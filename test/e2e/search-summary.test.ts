// End to end: `search <type> --summary` reads each listed document like `fiscal inspect` reads a
// file: kind, key or id and the main total agree with the emulator's store, for every type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocType } from '../../src/emulator/doc-index.js';
import { runCli, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 20, otherDocs: 60 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const WIDE = ['--from', '2025-01-01', '--to', '2026-06-15'];

/** The stored value the summary's main total must equal. */
const TOTAL: Partial<Record<DocType, [string, (doc: any) => string]>> = {
  cte: ['vTPrest', (d) => d.totalValue],
  cteos: ['vTPrest', (d) => d.totalValue],
  mdfe: ['vCarga', (d) => d.cargoValue],
  nfce: ['vNF', (d) => d.totalValue],
  nfse: ['ValorServicos', (d) => d.serviceValue],
};

describe.each([
  ['cte', ['--role', 'taker', ...WIDE]],
  ['cteos', ['--role', 'taker', ...WIDE]],
  ['mdfe', ['--role', 'emitted', ...WIDE]],
  ['nfce', []],
  ['nfse', ['--role', 'received', ...WIDE]],
] as const)('fiscal search %s --summary', (type, args) => {
  it('gives one summary per listed document, with the totals of the store', async () => {
    const r = await runCli(['search', type, ...args, '--limit', '4', '--summary', '-o', 'ndjson'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const records = ndjson(r.stdout);
    expect(records).toHaveLength(4);
    const [total, stored] = TOTAL[type]!;
    for (const rec of records) {
      expect(rec.kind).toBe(type);
      const id = type === 'nfse' ? rec.id : rec.key;
      const doc = emu.store.findDoc(emu.accounts[0]!.id, type, id);
      expect(doc, id).toBeDefined();
      expect(rec.totals[total]).toBe(stored(doc));
    }
  });
});
