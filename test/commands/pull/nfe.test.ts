// `fiscal pull nfe`: every NF-e search filter narrows a pull too (the same declarations as `search
// nfe`), the endpoint is chosen and every flag problem shown while parsing, and one small run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullNfe } from '../../../src/commands/pull/index.js';
import pullNfeVerb, { parseOptions } from '../../../src/commands/pull/nfe.js';
import { OPEN_END } from '../../../src/commands/pull/shared.js';
import { NFE_FILTER_FLAGS } from '../../../src/commands/shared/document-flags.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

const parse = (raw: Record<string, unknown>) =>
  parseOptions(
    pullNfeVerb.parse({ dir: tempDir(), lockWait: '0', concurrency: '4', role: ['received'], ...raw }, []).options,
  );

describe('pull nfe: declaration and parsing', () => {
  it('takes the NF-e filters of `search nfe` (not --key), --role required', () => {
    for (const [name, flag] of Object.entries(NFE_FILTER_FLAGS))
      expect(pullNfe.flags[name as keyof typeof NFE_FILTER_FLAGS]).toBe(flag);
    expect(pullNfe.flags).not.toHaveProperty('key');
    expect(pullNfe.flags.role.required).toBe(true);
  });

  it('the v1 listing unless a filter only v2 has is given, or --api says', () => {
    expect(parse({}).api).toBe('v1');
    expect(parse({ status: 'canceled' }).api).toBe('v2');
    expect(parse({ role: ['receiver'], number: '10..20' })).toMatchObject({
      api: 'v2',
      filters: { role: ['received'], number: { from: 10, to: 20 } },
    });
    expect(parse({ api: 'v2' }).api).toBe('v2');
  });

  it('every flag problem shows while parsing: a v1 expression with a v2 filter, the pull bounds', () => {
    expect(() => parse({ where: ['erp=1'], status: 'canceled' })).toThrow(
      /--filter needs the v1 endpoint, which has no --status filter/,
    );
    expect(() =>
      parse({ role: ['received', 'emitted'], filter: '(= a b)', api: 'v1', owner: ['52998224725'] }),
    ).toThrow(/--owner: .*14-digit CNPJs/);
    expect(() => parse({ concurrency: '0' })).toThrow(/--concurrency/);
  });

  it('an open --created-from range and --created-to now end at a fixed far date', () => {
    expect(parse({ createdFrom: '2026-01-01' }).filters).toMatchObject({
      createdFrom: '2026-01-01',
      createdTo: OPEN_END,
    });
    expect(parse({ createdFrom: '2026-01-01', createdTo: 'now' }).filters.createdTo).toBe(OPEN_END);
  });

  it('the pull flags are kept apart from the filters', () => {
    const o = parse({ withEvents: true, maxDocs: '3' });
    expect(o.pull).toMatchObject({ withEvents: true, maxDocs: 3, lockWait: 0, concurrency: 4 });
    expect(Object.keys(o.filters).sort()).toEqual(['all', 'role']);
  });
});

describe('pull nfe: a run', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ docs: 20 });
  });
  afterAll(async () => emu?.close());

  it('--role received --max-docs 2 writes received NF-e of the account and their index lines', async () => {
    const dir = tempDir();
    const r = await runMain(
      ['-o', 'json', 'pull', 'nfe', '--role', 'received', '--dir', dir, '--max-docs', '2'],
      emulatorEnv(emu),
    );
    expect(r.code, r.stderr).toBe(0);
    // The run stops at the end of the page that reached --max-docs.
    const summary = JSON.parse(r.stdout) as { documents: number };
    expect(summary.documents).toBeGreaterThanOrEqual(2);
    const lines = readFileSync(join(dir, 'index.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { key: string; role: string });
    const received = new Set(emu.store.nfesOf(emu.accounts[0]!.id).byRole.received.map((e) => e.doc.accessKey));
    expect(lines).toHaveLength(summary.documents);
    for (const line of lines) {
      expect(line.role).toBe('received');
      expect(received.has(line.key)).toBe(true);
    }
  });
});
