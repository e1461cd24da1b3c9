// End to end: `fiscal pull <cte|cteos|nfse|nfce|mdfe>` against an emulator: every document of the
// role lands once in its folder with an index line, a second run finds nothing new (R13), the PDF
// and events options write their companions, and bad flags exit 2 before anything is sent.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocType } from '../../src/emulator/doc-index.js';
import { runCli, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, EMULATOR_NOW, type TestEmulator } from '../helpers/emulator.js';
import { readNdjson, tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 20, otherDocs: 90 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const account = () => emu.accounts[0]!.id;
const idOf = (type: DocType, doc: { accessKey?: string; documentId?: string }) =>
  type === 'nfse' ? doc.documentId! : doc.accessKey!;

describe.each([
  ['cte', 'taker'],
  ['cte', 'not-taker'],
  ['cteos', 'taker'],
  ['nfse', 'received'],
  ['nfce', 'emitted'],
  ['mdfe', 'emitted'],
] as const)('fiscal pull %s --role %s', (type, role) => {
  it("R13: writes every document of the role once for each of the account's companies holding it, then finds nothing new", async () => {
    const dir = tempDir();
    const first = await runCli(['-o', 'json', 'pull', type, '--role', role, '--dir', dir, '--without-events'], { env });
    expect(first.exitCode, first.stderr).toBe(0);
    // The emulator's own record of who holds the role (a not-taker CT-e may be two companies').
    const expected = emu.store
      .docsOf(account(), type)
      .byRole(role)
      .flatMap((e) =>
        (e.doc.roles as ReadonlyArray<{ owner: string; role: string }>)
          .filter((r) => r.role === role)
          .map((r) => `${idOf(type, e.doc as never)} ${r.owner}`),
      );
    expect(expected.length).toBeGreaterThan(0);
    const lines = readNdjson(join(dir, 'index.ndjson'));
    expect(lines.map((l) => `${l.key} ${l.owner}`).sort()).toEqual([...expected].sort());
    for (const l of lines) {
      expect(l).toMatchObject({ type, role });
      expect(l.path).toMatch(new RegExp(`^${l.owner}/${type}/${role}/\\d{4}-\\d{2}/[0-9_-]+\\.xml$`));
      const bytes = readFileSync(join(dir, l.path));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(l.sha256);
    }
    expect(JSON.parse(first.stdout).documents).toBe(expected.length);
    const again = await runInProcess(
      ['-o', 'json', 'pull', type, '--role', role, '--dir', dir, '--error-on-nothing-new', '--without-events'],
      {
        env,
      },
    );
    expect(again.exitCode).toBe(9);
    expect(JSON.parse(again.stdout).documents).toBe(0);
  });
});

describe('fiscal pull <type> companions', () => {
  it('--with-pdf writes an openable PDF beside each CT-e', async () => {
    const dir = tempDir();
    const r = await runInProcess(['pull', 'cte', '--role', 'taker', '--dir', dir, '--with-pdf', '--without-events'], {
      env,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = readNdjson(join(dir, 'index.ndjson'));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const pdf = readFileSync(join(dir, l.path.replace(/\.xml$/, '.pdf')));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).toContain(l.key.slice(-8));
    }
  });

  it('--with-events: an NFS-e cancellation arriving later shows in the index (101101)', async () => {
    const dir = tempDir();
    const first = await runInProcess(['pull', 'nfse', '--role', 'received', '--dir', dir, '--with-events'], { env });
    expect(first.exitCode, first.stderr).toBe(0);
    const docs = readNdjson(join(dir, 'index.ndjson')).filter((l) => !l.event);
    const target = docs.find((d) => {
      const doc = emu.store.findDoc(account(), 'nfse', d.key)!;
      return !doc.isCanceled && doc.events.length === 0;
    })!;
    expect(target).toBeDefined();
    emu.store.addEvent(account(), 'nfse', target.key, {
      type: '101101',
      createdAt: new Date(EMULATOR_NOW.getTime() + 60_000).toISOString(),
    });
    const again = await runInProcess(['pull', 'nfse', '--role', 'received', '--dir', dir, '--with-events'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    const last = readNdjson(join(dir, 'index.ndjson')).at(-1)!;
    expect(last).toMatchObject({
      key: target.key,
      event: '101101',
      status: 'canceled',
      role: 'received',
      owner: target.owner,
    });
    expect(last.path).toBe(target.path.replace(/[^/]+\.xml$/, `${target.key.replaceAll(':', '_')}-101101-1.xml`));
  });
});

describe('fiscal pull <type> flags', () => {
  it.each([
    [['pull', 'cte', '--role', 'received'], /--role.*received/],
    [['pull', 'nfce', '--role', 'emitted', '--owner', '123'], /--owner/],
    [['pull', 'mdfe', '--role', 'emitted', '--created-from', '2026-13-01'], /--created-from/],
    [['pull', 'nfse', '--role', 'received', '--filter', '(= status'], /--filter/],
  ])('%j exits 2 naming the flag', async (args, message) => {
    const r = await runInProcess([...args, '--dir', tempDir()], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
