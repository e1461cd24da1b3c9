// End to end: the type-first groups `fiscal nfce` and `fiscal mdfe` and `fiscal xml <type>` (built
// CLI) against an emulator on a loopback port: the same commands as their verb-first forms (R7
// keys checked first, R11 access key filter, R3 another account's key not found).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docXml, nfeXml } from '../../src/emulator/data/dataset.js';
import type { DocType } from '../../src/emulator/doc-index.js';
import { buildAccessKey } from '../../src/fiscal/access-key.js';
import { XML_TYPE_WORDS } from '../../src/commands/xml/index.js';
import { XML_TYPES } from '../../src/commands/xml/kinds.js';
import { runCli, runInProcess, ndjson } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const docs = <T extends DocType>(type: T, account = 0) =>
  emu.store.docsOf(emu.accounts[account]!.id, type).entries.map((e) => e.doc);
const unknownKey = (model: string) =>
  buildAccessKey({
    uf: '35',
    yymm: '2601',
    issuer: '11222333000181',
    model,
    series: '1',
    number: '424242',
    emissionType: '1',
    code: '87654321',
  });

describe('fiscal nfce', () => {
  it('search is `fiscal search nfce`: the same records', async () => {
    const a = await runCli(['nfce', 'search', '--limit', '5'], { env });
    const b = await runInProcess(['search', 'nfce', '--limit', '5'], { env });
    expect(a.exitCode, a.stderr).toBe(0);
    expect(ndjson(a.stdout)).toHaveLength(5);
    expect(a.stdout).toBe(b.stdout);
  });

  it('R11: xml of one key goes to stdout, byte for byte the stored document', async () => {
    const doc = docs('nfce')[3]!;
    const r = await runInProcess(['nfce', 'xml', doc.accessKey], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(docXml('nfce', doc));
  });

  it('R3, R7: several keys are written to --dir; a key of another account is reported: exit 7', async () => {
    const dir = tempDir('fiscal-xml-');
    const keys = docs('nfce')
      .slice(0, 2)
      .map((d) => d.accessKey);
    const foreign = docs('nfce', 1)[0]!.accessKey;
    const r = await runInProcess(['nfce', 'xml', ...keys, foreign, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.stderr).toContain(foreign);
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => [row.key, row.status])).toEqual([
      [keys[0], 'ok'],
      [keys[1], 'ok'],
      [foreign, 'error'],
    ]);
    expect(readdirSync(dir).sort()).toEqual(keys.map((k) => `${k}.xml`).sort());
    expect(readFileSync(join(dir, `${keys[0]}.xml`), 'utf8')).toBe(docXml('nfce', docs('nfce')[0]!));
  });

  it('R7: a key of another model exits 2 naming it, before anything is sent', async () => {
    const before = emu.stats().requests.total;
    const mdfeKey = docs('mdfe')[0]!.accessKey;
    const r = await runInProcess(['nfce', 'xml', mdfeKey], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(mdfeKey);
    expect(r.stderr).toMatch(/model 58/);
    expect(emu.stats().requests.total).toBe(before);
  });

  it('events is `fiscal events nfce`', async () => {
    const withEvents = docs('nfce').find((d) => d.events.length > 0) ?? docs('nfce')[0]!;
    const a = await runInProcess(['nfce', 'events', withEvents.accessKey], { env });
    const b = await runInProcess(['events', 'nfce', withEvents.accessKey], { env });
    expect(a.exitCode, a.stderr).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(ndjson(a.stdout)).toHaveLength(withEvents.events.length);
  });
});

describe('fiscal mdfe', () => {
  it('search, xml, pdf and events of an MDF-e', async () => {
    const doc = docs('mdfe')[1]!;
    const search = await runInProcess(['mdfe', 'search', '--limit', '3'], { env });
    expect(search.exitCode, search.stderr).toBe(0);
    expect(search.stdout).toBe((await runInProcess(['search', 'mdfe', '--limit', '3'], { env })).stdout);
    const xml = await runInProcess(['mdfe', 'xml', doc.accessKey], { env });
    expect(xml.exitCode, xml.stderr).toBe(0);
    expect(xml.stdout).toBe(docXml('mdfe', doc));
    const dir = tempDir('fiscal-damdfe-');
    const pdf = await runInProcess(['mdfe', 'pdf', doc.accessKey, '--dir', dir], { env });
    expect(pdf.exitCode, pdf.stderr).toBe(0);
    expect(
      readFileSync(join(dir, `${doc.accessKey}.pdf`))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const events = await runInProcess(['mdfe', 'events', doc.accessKey], { env });
    expect(events.exitCode, events.stderr).toBe(0);
    expect(ndjson(events.stdout)).toHaveLength(doc.events.length);
  });

  it('R11: an MDF-e the account does not hold exits 4 and writes nothing', async () => {
    const dir = tempDir('fiscal-xml-');
    const r = await runInProcess(['mdfe', 'xml', unknownKey('58'), '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(existsSync(join(dir, `${unknownKey('58')}.xml`))).toBe(false);
  });
});

describe('fiscal xml <type>', () => {
  it('R11: NF-e found in any role, CT-e too; NFS-e (no access key) is a usage error', async () => {
    const acc = emu.accounts[0]!.id;
    const received = emu.store.nfesOf(acc).byRole.received[0]!.doc;
    const emitted = emu.store
      .nfesOf(acc)
      .byRole.emitted.find((e) => !e.doc.roles.some((r) => r.role === 'received'))!.doc;
    const dir = tempDir('fiscal-xml-');
    const r = await runInProcess(['xml', 'nfe', received.accessKey, emitted.accessKey, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readFileSync(join(dir, `${emitted.accessKey}.xml`), 'utf8')).toBe(nfeXml(emitted));
    const cte = docs('cte')[0]!;
    const c = await runInProcess(['xml', 'cte', cte.accessKey], { env });
    expect(c.exitCode, c.stderr).toBe(0);
    expect(c.stdout).toBe(docXml('cte', cte));
    const nfse = await runInProcess(['xml', 'nfse', 'x'], { env });
    expect(nfse.exitCode).toBe(2);
    expect(nfse.stderr).toMatch(/'nfse' is invalid.*choices are nfe, nfce, cte, cteos, mdfe/);
    // The words --help and completions offer are the types the module retrieves.
    expect(XML_TYPE_WORDS).toEqual([...XML_TYPES]);
  });

  it('reads keys from --stdin (NDJSON of a search)', async () => {
    const search = await runInProcess(['search', 'nfce', '--limit', '2'], { env });
    const dir = tempDir('fiscal-xml-');
    const r = await runInProcess(['xml', 'nfce', '--stdin', '--dir', dir], { env, input: search.stdout });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readdirSync(dir)).toHaveLength(2);
  });
});
