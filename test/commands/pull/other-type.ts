// The cases every `fiscal pull <cte|cteos|nfse|nfce|mdfe>` shares (one module runs the five):
// parse-level checks of its declared flags, and one small run in process against an emulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PULL_DOCS, parseOptions, type OtherType } from '../../../src/commands/pull/docs.js';
import { pull } from '../../../src/commands/pull/index.js';
import { OPEN_END } from '../../../src/commands/pull/shared.js';
import { ROLE_FLAGS } from '../../../src/commands/shared/document-flags.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const CNPJ = '11222333000181';

export function describePull(type: OtherType, role: string, notARole: string): void {
  const parse = (raw: Record<string, unknown>) =>
    PULL_DOCS[type].parse({ dir: tempDir(), lockWait: '0', concurrency: '4', role: [role], ...raw }, []).options;

  describe(`pull ${type}: declaration and parsing`, () => {
    it('--role is required and takes the roles of the type', () => {
      const declared = pull.verbs.find((v) => v.name === type)!;
      expect('flags' in declared && declared.flags.role).toEqual({ ...ROLE_FLAGS[type], required: true });
      expect(parse({ role: [role, role] }).role).toEqual([role, role]);
      expect(parseOptions(type, parse({ role: [role, role] })).roles).toEqual([role]);
      expect(() => parse({ role: [notARole] })).toThrow(/--role/);
    });

    it('R8: owners are CNPJs, one stream each', () => {
      expect(parseOptions(type, parse({ owner: [CNPJ, '11.222.333/0001-81'] })).owners).toEqual([CNPJ]);
      expect(() => parse({ owner: ['52998224725'] })).toThrow(/--owner: the listing takes 14-digit CNPJs only/);
    });

    it('R15: an open created range ends at a fixed far date (the filters are part of the checkpoint)', () => {
      expect(parseOptions(type, parse({ createdFrom: '2026-01-01' })).query).toEqual({
        createdFrom: '2026-01-01',
        createdTo: OPEN_END,
      });
      expect(parseOptions(type, parse({ createdTo: '05/02/2026' })).query).toEqual({
        createdFrom: '2000-01-01',
        createdTo: '2026-02-05',
      });
      expect(() => parse({ createdFrom: '2026-02-02', createdTo: '2026-02-01' })).toThrow(
        /--created-from: 2026-02-02 is after --created-to/,
      );
    });

    it('the pull flags: defaults, bounds and the layout checked before anything runs', () => {
      const o = parseOptions(type, parse({}));
      expect(o.pull).toMatchObject({ lockWait: 0, concurrency: 4, restart: false, withPdf: undefined });
      expect(() => parse({ concurrency: '17' })).toThrow(/--concurrency: at most 16/);
      expect(() => parse({ lockWait: '-1' })).toThrow(/--lock-wait: expected seconds >= 0/);
      expect(() => parse({ maxDocs: '0' })).toThrow(/--max-docs/);
      expect(() => parse({ layout: '{nope}.xml' })).toThrow(/--layout/);
    });
  });

  describe(`pull ${type}: a run`, () => {
    let emu: TestEmulator;
    beforeAll(async () => {
      emu = await startEmulator({ docs: 10, otherDocs: 20 });
    });
    afterAll(async () => emu?.close());

    it(`--role ${role} --max-docs 1 stops after the first page, its documents indexed`, async () => {
      const dir = tempDir();
      const r = await runMain(
        ['-o', 'json', 'pull', type, '--role', role, '--dir', dir, '--max-docs', '1'],
        emulatorEnv(emu),
      );
      expect(r.code, r.stderr).toBe(0);
      const summary = JSON.parse(r.stdout) as { documents: number };
      expect(summary.documents).toBeGreaterThan(0);
      const lines = readFileSync(join(dir, 'index.ndjson'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; role: string });
      expect(lines).toHaveLength(summary.documents);
      for (const line of lines) expect(line).toMatchObject({ type, role });
    });
  });
}
