// End to end: how a pull run ends. The summary counts documents, events and PDFs apart against
// the files really on disk and names the folder; a re-run says the folder is up to date; Ctrl-C
// and the --max-duration limit say what was kept, the limit aborting the requests on their way
// (nothing is printed after the summary), and a re-run ends as one uninterrupted run would. A
// signal at any moment, the very first ones too, ends the process within seconds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/sync/summary.js';
import { runCli, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { interruptRun } from '../helpers/interrupt.js';
import { readNdjson, snapshot, tempDir } from '../helpers/tree.js';

const PULL = ['pull', 'nfe', '--role', 'received', '--with-events', '--with-pdf'];
/** Slow enough that a pull of this emulator cannot end in 3 s, fast enough to start at once. */
const SLOW = 'latency=80-120';

let emu: TestEmulator;
let env: Record<string, string>;
let reference: string;
let referenceRun: { exitCode: number; stdout: string; stderr: string };
/** PDF requests of one whole run. */
let referencePdfRequests: number;
/** The plan's counts (the total and the probes sent with it): a run's only v2 requests, its stream too small to split. */
let planCounts: number;

const PDF_ROUTE = 'GET /v1/nfe/danfe';
const pdfRequests = () => emu.stats().requests.byRoute[PDF_ROUTE] ?? 0;
const countRequests = () => emu.stats().requests.byRoute['POST /v2/dfe/nfe'] ?? 0;

const withoutState = (t: Record<string, string>) =>
  Object.fromEntries(Object.entries(t).filter(([k]) => !k.startsWith('.fiscal')));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const files = (t: Record<string, string>) =>
  Object.keys(t).filter((k) => !k.startsWith('.fiscal') && k !== 'index.ndjson');

/** What the folder holds, counted from the disk: XML documents, event files, PDFs and their bytes. */
function onDisk(dir: string) {
  const paths = files(snapshot(dir));
  const events = paths.filter((p) => /-\d{6}-\d+\.xml$/.test(p));
  const pdfs = paths.filter((p) => p.endsWith('.pdf'));
  const documents = paths.filter((p) => p.endsWith('.xml') && !events.includes(p));
  const bytes = paths.reduce((n, p) => n + statSync(join(dir, p)).size, 0);
  return { documents: documents.length, events: events.length, pdfs: pdfs.length, bytes };
}

beforeAll(async () => {
  emu = await startEmulator({ docs: 300 });
  env = emulatorEnv(emu);
  reference = tempDir();
  const before = pdfRequests();
  const countsBefore = countRequests();
  referenceRun = await runInProcess(['-o', 'json', ...PULL, '--dir', reference], { env });
  expect(referenceRun.exitCode, referenceRun.stderr).toBe(0);
  referencePdfRequests = pdfRequests() - before;
  planCounts = countRequests() - countsBefore;
});
afterAll(async () => emu?.close());

describe('pull summary', () => {
  it('counts documents, events and PDFs apart, as on disk, and names the folder', () => {
    const disk = onDisk(reference);
    expect(disk.documents).toBeGreaterThan(50);
    expect(disk.events).toBeGreaterThan(0);
    expect(disk.pdfs).toBeGreaterThan(0);
    const json = JSON.parse(referenceRun.stdout);
    expect(json).toMatchObject({
      dir: reference,
      documents: disk.documents,
      events: disk.events,
      pdfs: disk.pdfs,
      bytes: disk.bytes,
      stopped_by: null,
      up_to_date: false,
    });
    expect(referenceRun.stderr.trim()).toMatch(
      new RegExp(
        `^pulled ${disk.documents} documents, ${disk.events} events, ${disk.pdfs} PDFs \\(${formatBytes(disk.bytes)}\\) into ${reference} in \\d+\\.\\d s$`,
      ),
    );
    expect(readNdjson(join(reference, 'index.ndjson')).filter((l) => !l.event)).toHaveLength(disk.documents);
  });

  it('a re-run says the folder is up to date, with the documents it holds', async () => {
    const r = await runInProcess(['-o', 'table', ...PULL, '--dir', reference], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe(`${reference} is up to date (${onDisk(reference).documents} documents; nothing new)`);
    const json = await runInProcess(['-o', 'json', ...PULL, '--dir', reference], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({
      up_to_date: true,
      in_folder: onDisk(reference).documents,
      documents: 0,
      events: 0,
      pdfs: 0,
    });
  });
});

describe('a stopped pull says what it kept', () => {
  it('R2: credentials refused (401): exit 3, and the line says to fix that first, not only to run again', async () => {
    const r = await runInProcess(['-o', 'table', ...PULL, '--dir', tempDir()], {
      env: { ...env, FISCAL_API_KEY: 'wrongkeywrongkey' },
    });
    expect(r.exitCode, r.stderr).toBe(3);
    const lines = r.stderr.trim().split('\n');
    const line = lines.find((l) => l.startsWith('pull stopped'));
    expect(line).toMatch(
      /^pull stopped: nothing new was kept in .+; fix what the error below names, then run the same command again to continue$/,
    );
    expect(lines[lines.indexOf(line!) + 1]).toMatch(/^fiscal: .*401 Unauthorized/);
  });

  it('SIGINT mid-pull: exit 130, and the line says what was kept, as on disk; a re-run completes it', async () => {
    emu.setFaults(SLOW);
    const dir = tempDir();
    try {
      // Held by the emulator once the index has its first lines: the run cannot end before the signal.
      const { result: r, landed } = await interruptRun(emu, [...PULL, '--dir', dir], {
        env,
        signal: 'SIGINT',
        when: () => {
          try {
            return readNdjson(join(dir, 'index.ndjson')).length > 0;
          } catch {
            return false;
          }
        },
      });
      expect(landed).toBe(true);
      expect(r.exitCode, String(r.stderr)).toBe(130);
      const disk = onDisk(dir);
      expect(disk.documents).toBeGreaterThan(0);
      const lines = String(r.stderr).trim().split('\n');
      expect(lines.at(-2)).toBe(
        `pull stopped: kept ${disk.documents} documents, ${disk.events} events, ${disk.pdfs} PDFs (${formatBytes(disk.bytes)}) in ${dir}; run the same command again to continue`,
      );
      expect(lines.at(-1)).toBe('fiscal: interrupted: SIGINT');
      // The run was stopped, not finished: the re-run has something left to do.
      expect(disk.documents).toBeLessThan(onDisk(reference).documents);
    } finally {
      emu.setFaults(undefined);
    }
    const resumed = await runInProcess([...PULL, '--dir', dir], { env });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(withoutState(snapshot(dir))).toEqual(withoutState(snapshot(reference)));
  });

  // A time after the start for the first moments (node starting, fiscal loading its modules,
  // opening the folder), then the run seen waiting on an answer: the plan's first count, and the
  // first page. A stop while the streams were planned left the catalog's thread and the index's
  // file open: the process outlived its answer by 10 s, saying so, with Node's warnings of a file
  // handle closed by the collector.
  const at = (atMs: number) => ({ what: `${atMs} ms after the start`, atMs });
  const moments: Array<{ signal: NodeJS.Signals; what: string; atMs?: number; after?: () => number }> = [
    { signal: 'SIGINT', ...at(0) },
    { signal: 'SIGINT', ...at(100) },
    { signal: 'SIGINT', ...at(300) },
    { signal: 'SIGTERM', ...at(300) },
    { signal: 'SIGINT', ...at(600) },
    { signal: 'SIGINT', ...at(1000) },
    { signal: 'SIGINT', what: "at the plan's first count", after: () => 0 },
    { signal: 'SIGTERM', what: "at the plan's first count", after: () => 0 },
    // (planCounts is known once the reference has run.)
    { signal: 'SIGINT', what: 'at the first page', after: () => planCounts },
  ];
  it.each(moments)(
    '$signal $what: ends, nothing left running, and the next run completes',
    async ({ signal, atMs, after }) => {
      const dir = tempDir();
      emu.setFaults(SLOW);
      let stop: Awaited<ReturnType<typeof interruptRun>>;
      try {
        stop = await interruptRun(emu, [...PULL, '--dir', dir], {
          env,
          signal,
          ...(atMs === undefined ? { after: after!() } : { atMs }),
        });
      } finally {
        emu.setFaults(undefined);
      }
      const { result: r, landed } = stop;
      const stderr = String(r.stderr);
      expect(landed).toBe(true);
      // Exit 130, saying so; a signal that came while node itself was starting, before fiscal
      // listened for it, ends the process as it ends any (a shell says 130 too), having written nothing.
      if (r.exitCode === 130) expect(stderr.trim().split('\n').at(-1)).toBe(`fiscal: interrupted: ${signal}`);
      else expect({ signal: r.signal, stderr }).toEqual({ signal, stderr: '' });
      // Seen, not timed: a run that outlived its answer is ended by bin/fiscal.js's guard, saying so.
      expect(stderr).not.toMatch(/still running|DEP0137|garbage collection/);
      const next = await runInProcess([...PULL, '--dir', dir], { env });
      expect(next.exitCode, next.stderr).toBe(0);
      expect(withoutState(snapshot(dir))).toEqual(withoutState(snapshot(reference)));
    },
  );

  it('--max-duration 3 aborts the requests on their way: ends with a request unanswered, summary last, checkpoint kept; a re-run ends as one run', async () => {
    const dir = tempDir();
    let r: Awaited<ReturnType<typeof runCli>>;
    // The emulator answers a few requests, then holds every later one until the run has ended: a
    // run that waited for its requests instead of aborting them at the limit would never end.
    emu.hold(3);
    let held = false;
    void emu.held().then(() => (held = true));
    try {
      r = await runInProcess([...PULL, '--dir', dir, '--max-duration', '3'], { env });
    } finally {
      emu.release();
    }
    expect(held).toBe(true);
    // Exit 12: a cron script tells a run stopped by its limit from a finished one.
    expect(r.exitCode, r.stderr).toBe(12);
    const disk = onDisk(dir);
    const lines = r.stderr.trim().split('\n');
    // Nothing after the summary but the exit's reason: no retry warning of a request cut short, no late PDF warning.
    expect(lines.at(-1)).toBe('fiscal: stopped at the --max-duration limit; run the same command again to continue');
    lines.pop();
    expect(lines.at(-1)).toMatch(
      /^pull stopped at --max-duration: (kept \d+ documents?, \d+ events?, \d+ PDFs? \(\d+(\.\d)? [KM]B\)|nothing new was kept) in .+; run the same command again to continue$/,
    );
    expect(lines.at(-1)).toContain(
      disk.documents
        ? `kept ${plural(disk.documents, 'document')}, ${plural(disk.events, 'event')}, ${plural(disk.pdfs, 'PDF')} (${formatBytes(disk.bytes)}) in ${dir};`
        : `nothing new was kept in ${dir};`,
    );
    expect(r.stderr).not.toMatch(/UND_ERR|retry \d+ of/);
    expect(JSON.parse(r.stdout)).toMatchObject({
      stopped_by: 'max-duration',
      documents: disk.documents,
      pdfs: disk.pdfs,
    });
    // The run was cut short, and what it kept is resumable from its checkpoint.
    expect(disk.documents).toBeLessThan(onDisk(reference).documents);
    const checkpoints = join(dir, '.fiscal', 'checkpoints');
    if (disk.documents > 0) expect(readdirSync(checkpoints).length).toBeGreaterThan(0);
    else expect(existsSync(join(dir, '.fiscal', 'lock'))).toBe(false);
    const resumed = await runInProcess(['-o', 'json', ...PULL, '--dir', dir], { env });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout).documents).toBe(onDisk(reference).documents - disk.documents);
    expect(withoutState(snapshot(dir))).toEqual(withoutState(snapshot(reference)));
  });

  it('--with-pdf, the limit reached inside a page: the documents whose PDFs came are kept with them, and the re-run fetches only the other PDFs', async () => {
    const dir = tempDir();
    // The plan's counts, the first page and four of its PDFs are answered; the fifth PDF is held until the run has ended: the limit always lands inside
    // the first page, whatever the machine's speed.
    emu.hold(planCounts + 5);
    let r: Awaited<ReturnType<typeof runInProcess>>;
    try {
      r = await runInProcess(['-o', 'json', ...PULL, '--dir', dir, '--max-duration', '2'], { env });
    } finally {
      emu.release();
    }
    expect(r.exitCode, r.stderr).toBe(12);
    const disk = onDisk(dir);
    // Before: the page waited for its 50 PDFs, and the run kept nothing at all.
    expect(disk.documents).toBeGreaterThan(0);
    expect(disk.pdfs).toBe(disk.documents);
    expect(JSON.parse(r.stdout)).toMatchObject({
      stopped_by: 'max-duration',
      documents: disk.documents,
      pdfs: disk.pdfs,
    });
    // The requests the hold kept waiting are answered once released, into nothing: counted before.
    while (emu.stats().requests.inFlight.now > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = pdfRequests();
    const resumed = await runInProcess(['-o', 'json', ...PULL, '--dir', dir], { env });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    // The page is listed again from its start; the PDFs of the documents kept are not fetched again.
    expect(pdfRequests() - before).toBe(referencePdfRequests - disk.documents);
    expect(withoutState(snapshot(dir))).toEqual(withoutState(snapshot(reference)));
  });
});
