// `pull --with-pdf local`: each document's PDF drawn here beside its XML, with no PDF request, the
// canceled ones marked (those the listing says canceled too: docs/pull.md); `--with-pdf` alone (or
// `api`) still asks the service; `fiscal pdf --local` on the pulled folder marks CANCELADA from the
// event files beside a document.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKey } from '../../src/fiscal/render/format.js';
import { ndjson, runCli, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { drawnText } from '../helpers/render.js';
import { readNdjson, tempDir } from '../helpers/tree.js';

let emu: TestEmulator;
let env: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 30 });
  env = emulatorEnv(emu);
});
afterAll(async () => emu?.close());

const pdfRequests = () =>
  Object.entries(emu.stats().requests.byRoute)
    .filter(([route]) => /danfe|dacte|damdfe|danfse/.test(route))
    .reduce((a, [, n]) => a + n, 0);

describe('fiscal pull nfe --with-pdf local', () => {
  it('writes a DANFe beside every NF-e, drawn here (no PDF request), CANCELADA on the canceled ones', async () => {
    const dir = tempDir();
    emu.resetStats();
    const r = await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', dir, '--with-pdf', 'local'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(pdfRequests()).toBe(0);
    const lines = readNdjson(join(dir, 'index.ndjson')).filter((l) => !l.event);
    expect(lines.length).toBeGreaterThan(0);
    // The status the pull learnt decides the mark: the catalog's (the listing's, events').
    const q = await runInProcess(['-o', 'ndjson', 'query', '--dir', dir, 'select path, status from documents'], {
      env,
    });
    const status = new Map(ndjson(q.stdout).map((c) => [c.path as string, c.status as string]));
    expect([...status.values()]).toContain('canceled');
    for (const l of lines) {
      const text = drawnText(readFileSync(join(dir, l.path.replace(/\.xml$/, '.pdf'))));
      expect(text).toContain('DANFE');
      expect(text).toContain(formatKey(l.key));
      expect(text.includes('CANCELADA'), l.key).toBe(status.get(l.path) === 'canceled');
    }
  });

  it('--with-pdf alone asks the service for the PDFs, as --with-pdf api does', async () => {
    const dir = tempDir();
    emu.resetStats();
    const r = await runCli(['pull', 'nfe', '--role', 'received', '--dir', dir, '--with-pdf', '--max-docs', '3'], {
      env,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    // The PDFs of a page are fetched with the page, before --max-docs stops the run.
    expect(pdfRequests()).toBeGreaterThanOrEqual(3);
  });

  it('names the flag and its choices on a bad source, before any request', async () => {
    emu.resetStats();
    const r = await runInProcess(['pull', 'nfe', '--dir', tempDir(), '--with-pdf', 'paper'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--with-pdf');
    expect(r.stderr).toMatch(/api.*local/);
    expect(emu.stats().requests.total).toBe(0);
  });
});

describe('fiscal pdf nfe --local on a pulled folder', () => {
  it('marks CANCELADA where a cancellation event file lies beside the NF-e, and only there', async () => {
    const dir = tempDir();
    const pulled = await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', dir, '--with-events'], { env });
    expect(pulled.exitCode, pulled.stderr).toBe(0);
    const index = readNdjson(join(dir, 'index.ndjson'));
    const cancelEvents = new Set(index.filter((l) => l.event === '110111').map((l) => l.key));
    expect(cancelEvents.size).toBeGreaterThan(0);
    const r = await runInProcess(['-o', 'ndjson', 'pdf', 'nfe', '--local', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { xml: string; status: string; file: string });
    const docs = index.filter((l) => !l.event);
    // One row per document: the event files beside them were skipped, not failed.
    expect(rows).toHaveLength(docs.length);
    for (const d of docs) {
      const text = drawnText(readFileSync(join(dir, d.path.replace(/\.xml$/, '.pdf'))));
      expect(text.includes('CANCELADA'), d.key).toBe(cancelEvents.has(d.key));
    }
  });
});
