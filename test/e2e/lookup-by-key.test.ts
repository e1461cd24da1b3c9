// Lookups that name documents find them whatever their emission date (R19: the v2 search's
// default 30-day window must not hide a document named by key or number), and a named document
// the account does not hold is said on stderr with exit 4. One family of commands per block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeyCheckDigit } from '../../src/fiscal/access-key.js';
import { runCli, ndjson } from '../helpers/cli.js';
import { EMULATOR_NOW, emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
let acc: string;

/** Emitted over 60 days before the emulator's now: outside any default 30-day window. */
const OLD_BEFORE = EMULATOR_NOW.getTime() - 60 * 86_400_000;

beforeAll(async () => {
  emu = await startEmulator({ docs: 120 });
  env = emulatorEnv(emu);
  acc = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

const keyOf = (row: Record<string, any>) => (row.AccessKey ?? row.access_key ?? row.key) as string;

/** A valid key of the same month, model and emitter as `key` that no document has. */
function absentKey(key: string): string {
  const body = `${key.slice(0, 35)}99999999`;
  return body + accessKeyCheckDigit(body);
}

function oldNfe(role = 'received') {
  const entry = emu.store.nfesOf(acc).byRole[role as 'received'].find((e) => e.emissionMs < OLD_BEFORE)!;
  expect(entry, `an NF-e emitted before ${new Date(OLD_BEFORE).toISOString()}`).toBeDefined();
  return { doc: entry.doc, owner: entry.doc.roles.find((r) => r.role === role)!.owner };
}

function oldDoc(type: 'cte' | 'nfce' | 'mdfe') {
  const entry = emu.store.docsOf(acc, type).entries.find((e) => e.emissionMs < OLD_BEFORE)!;
  expect(entry, `a ${type} emitted before ${new Date(OLD_BEFORE).toISOString()}`).toBeDefined();
  return entry.doc;
}

describe('search nfe names documents', () => {
  it('R19: --key finds an NF-e emitted months before now, with no --from/--to', async () => {
    const { doc } = oldNfe();
    const r = await runCli(['search', 'nfe', '--key', doc.accessKey], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map(keyOf)).toContain(doc.accessKey);
    expect(r.stderr).not.toMatch(/last 30 days/);
  });

  it('R19: --number finds an old NF-e too', async () => {
    const { doc } = oldNfe();
    const number = String(Number(doc.accessKey.slice(25, 34)));
    const r = await runCli(['search', 'nfe', '--number', number, '--all'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map(keyOf)).toContain(doc.accessKey);
  });

  it('a key the account does not hold: exit 4, stderr names it', async () => {
    const missing = absentKey(oldNfe().doc.accessKey);
    const r = await runCli(['search', 'nfe', '--key', missing], { env });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(missing);
  });

  it('several keys (v1): the found are written, the absent named on stderr; exit 7', async () => {
    const { doc } = oldNfe();
    const missing = absentKey(doc.accessKey);
    const r = await runCli(['search', 'nfe', '--role', 'received', '--key', doc.accessKey, '--key', missing], { env });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(ndjson(r.stdout).map(keyOf)).toEqual([doc.accessKey]);
    expect(r.stderr).toContain(missing);
    expect(r.stderr).not.toContain(`${doc.accessKey}:`);
  });

  it('a number no NF-e has: exit 4 naming it', async () => {
    const r = await runCli(['search', 'nfe', '--number', '999999998'], { env });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toContain('999999998');
  });
});

describe('search cte and nfce name documents', () => {
  it('R19: an old CT-e is found by key; an absent one exits 4 naming it', async () => {
    const doc = oldDoc('cte');
    const found = await runCli(['search', 'cte', '--key', doc.accessKey], { env });
    expect(found.exitCode, found.stderr).toBe(0);
    expect(ndjson(found.stdout).map(keyOf)).toContain(doc.accessKey);
    const missing = absentKey(doc.accessKey);
    const r = await runCli(['search', 'cte', '--key', missing], { env });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toContain(missing);
  });

  it('R19: an old NFC-e is found by key; an absent one exits 4 naming it', async () => {
    const doc = oldDoc('nfce');
    const found = await runCli(['nfce', 'search', '--key', doc.accessKey], { env });
    expect(found.exitCode, found.stderr).toBe(0);
    expect(ndjson(found.stdout).map(keyOf)).toEqual([doc.accessKey]);
    const xml = await runCli(['nfce', 'xml', doc.accessKey], { env });
    expect(xml.exitCode, xml.stderr).toBe(0);
    expect(xml.stdout).toContain(doc.accessKey);
    const missing = absentKey(doc.accessKey);
    const r = await runCli(['search', 'nfce', '--key', missing], { env });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toContain(missing);
  });

  it('R10: an NFS-e id no document has exits 4 naming it', async () => {
    const [owner, emitter, date] = emu.store.docsOf(acc, 'nfse').entries[0]!.doc.id.split(':');
    const missing = `${owner}:${emitter}:${date}:999999991`;
    const r = await runCli(['search', 'nfse', '--id', missing], { env });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toContain(missing);
  });
});

describe('xml, pdf and events by key', () => {
  // One command per test: each spawns the CLI once or twice, well inside the test timeout.
  const oldKey = (type: 'nfe' | 'cte' | 'mdfe') => (type === 'nfe' ? oldNfe().doc.accessKey : oldDoc(type).accessKey);
  const cases = (['nfe', 'cte', 'mdfe'] as const).flatMap((type) =>
    (['xml', 'pdf', 'events'] as const).map((verb) => [verb, type] as const),
  );
  const argsOf = (verb: 'xml' | 'pdf' | 'events', type: string, key: string) =>
    verb === 'pdf' ? ['pdf', type, key, '--dir', tempDir('fiscal-pdf-')] : [verb, type, key];

  it.each(cases)('R19: %s %s finds a document emitted months before now', async (verb, type) => {
    const key = oldKey(type);
    const r = await runCli(argsOf(verb, type, key), { env });
    expect(r.exitCode, r.stderr).toBe(0);
    if (verb === 'xml') expect(r.stdout).toContain(key);
  });

  it.each(cases)('%s %s of an absent key exits 4 naming it', async (verb, type) => {
    const key = absentKey(oldKey(type));
    const r = await runCli(argsOf(verb, type, key), { env });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toContain(key);
  });
});

describe('flag, props and manifest by key', () => {
  it('R27/R28/R29: an old NF-e is flagged, given a property and manifested', async () => {
    const { doc, owner } = oldNfe();
    const flag = await runCli(['flag', 'nfe', doc.accessKey, '--owner', owner, '--set', 'exported=true'], { env });
    expect(flag.exitCode, flag.stderr).toBe(0);
    const props = await runCli(['props', 'set', 'erp_ref', 'E1', doc.accessKey], { env });
    expect(props.exitCode, props.stderr).toBe(0);
    expect(emu.store.findNfe(acc, doc.accessKey)!.properties.erp_ref).toBe('E1');
    const manifest = await runCli(['manifest', 'aware', doc.accessKey, '--sync'], { env });
    expect(manifest.exitCode === 0 || /650|rejected/.test(manifest.stdout), manifest.stdout + manifest.stderr).toBe(
      true,
    );
    expect(ndjson(manifest.stdout)[0]).toMatchObject({ key: doc.accessKey });
    expect(ndjson(manifest.stdout)[0]!.cstat).not.toBe(404);
  });

  it.each([['flag'], ['props'], ['manifest --sync'], ['manifest --wait']])(
    'R28/R29: %s of an absent key exits 4 naming it',
    async (what) => {
      const { doc, owner } = oldNfe();
      const missing = absentKey(doc.accessKey);
      const argsOf: Record<string, string[]> = {
        flag: ['flag', 'nfe', missing, '--owner', owner, '--set', 'exported=true'],
        props: ['props', 'set', 'erp_ref', 'E2', missing],
        'manifest --sync': ['manifest', 'aware', missing, '--sync'],
        'manifest --wait': ['manifest', 'aware', missing, '--wait'],
      };
      const r = await runCli(argsOf[what]!, { env });
      expect(r.exitCode, r.stderr).toBe(4);
      expect(r.stderr).toContain(missing);
    },
  );
});
