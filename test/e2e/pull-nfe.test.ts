// End to end: `fiscal pull nfe` against emulators on loopback ports. Each behaviour that must
// leave a folder "as one clean run would" is checked byte for byte against a clean run.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAccessKey } from '../../src/fiscal/access-key.js';
import { runCliInTerminal, runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { interruptRun, requestsOf } from '../helpers/interrupt.js';
import { pullSnapshot, readNdjson, snapshot, tempDir } from '../helpers/tree.js';

const PULL = ['pull', 'nfe', '--role', 'received', '--without-events'];
const withoutState = (t: Record<string, string>) =>
  Object.fromEntries(Object.entries(t).filter(([k]) => !k.startsWith('.fiscal')));

let emu: TestEmulator;
let env: Record<string, string>;
let reference: string;
let referenceTree: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 400 });
  env = emulatorEnv(emu);
  reference = tempDir();
  const r = await runInProcess([...PULL, '--dir', reference], { env });
  expect(r.exitCode, r.stderr).toBe(0);
  referenceTree = snapshot(reference);
});
afterAll(async () => emu?.close());

const indexLines = (dir: string) => {
  const index = join(dir, 'index.ndjson');
  return existsSync(index) ? readFileSync(index, 'utf8').split('\n').length - 1 : 0;
};

describe('fiscal pull nfe', () => {
  it('writes every received NF-e once, as its XML, under <owner>/nfe/received/<YYYY-MM>/<key>.xml', () => {
    const index = readNdjson(join(reference, 'index.ndjson'));
    expect(index.length).toBeGreaterThan(100);
    expect(new Set(index.map((e) => e.key)).size).toBe(index.length);
    for (const e of index) {
      expect(isAccessKey(e.key)).toBe(true);
      expect(e.path).toMatch(new RegExp(`^${e.owner}/nfe/received/\\d{4}-\\d{2}/${e.key}\\.xml$`));
      const bytes = readFileSync(join(reference, e.path));
      expect(bytes.length).toBe(e.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(e.sha256);
      const xml = bytes.toString('utf8');
      expect(xml).toContain(`Id="NFe${e.key}"`);
      expect(xml).toMatch(new RegExp(`<dest><(CNPJ|CPF)>${e.owner}</`));
      expect(['authorized', 'canceled']).toContain(e.status);
    }
    expect(Object.keys(referenceTree).filter((k) => k.endsWith('.xml'))).toHaveLength(index.length);
    expect(readdirSync(join(reference, '.fiscal', 'tmp'))).toEqual([]);
    expect(existsSync(join(reference, '.fiscal', 'lock'))).toBe(false);
  });

  it('R13: a second run fetches nothing; after arrivals it fetches only the new documents', async () => {
    const own = await startEmulator({ docs: 200 });
    try {
      const e = emulatorEnv(own);
      const dir = tempDir();
      expect((await runInProcess([...PULL, '--dir', dir], { env: e })).exitCode).toBe(0);
      const before = readNdjson(join(dir, 'index.ndjson'));
      const again = await runInProcess([...PULL, '--dir', dir, '-o', 'json', '--error-on-nothing-new'], { env: e });
      expect(again.exitCode).toBe(9);
      expect(JSON.parse(again.stdout)).toMatchObject({ documents: 0, http: { requests: 1 } });
      await own.addArrivals(40);
      const third = await runInProcess([...PULL, '--dir', dir, '-o', 'json'], { env: e });
      expect(third.exitCode, third.stderr).toBe(0);
      const summary = JSON.parse(third.stdout);
      const after = readNdjson(join(dir, 'index.ndjson'));
      expect(summary.documents).toBeGreaterThan(0);
      expect(after).toHaveLength(before.length + summary.documents);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(new Set(after.map((x) => x.key)).size).toBe(after.length);
      // Only the pages after the saved cursor were read, not the whole stream again.
      expect(summary.http.requests).toBeLessThanOrEqual(Math.ceil(summary.documents / 50) + 1);
    } finally {
      await own.close();
    }
  });

  it('after SIGKILL at any moment, a re-run leaves the same files and the same set of index lines (several trials, two roles in parallel)', async () => {
    const slow = await startEmulator({ docs: 1000, faults: 'latency=150-250' });
    try {
      const slowEnv = emulatorEnv(slow);
      const args = ['pull', 'nfe', '--role', 'received,emitted'];
      const clean = tempDir();
      const requests = await requestsOf(slow, async () => {
        expect((await runInProcess([...args, '--dir', clean], { env: slowEnv })).exitCode).toBe(0);
      });
      const expected = pullSnapshot(clean);
      let interrupted = 0;
      // Each kill waits for the run to be held on its API request number `after + 1`, then lets it
      // write what it already has for a while: in planning, between two commits, at the end.
      const trials = [
        [0, 30],
        [1, 450],
        [2, 120],
        [Math.floor(requests / 2), 600],
        [requests - 1, 250],
      ] as const;
      for (const [after, settleMs] of trials) {
        const dir = tempDir();
        const { result, landed } = await interruptRun(slow, [...args, '--dir', dir], { env: slowEnv, after, settleMs });
        if (landed && result.signal === 'SIGKILL') interrupted++;
        const resumed = await runInProcess([...args, '--dir', dir], { env: slowEnv });
        expect(resumed.exitCode, resumed.stderr).toBe(0);
        expect(pullSnapshot(dir)).toEqual(expected);
      }
      expect(interrupted).toBe(trials.length);
    } finally {
      await slow.close();
    }
    // Eleven runs of the CLI against a slow emulator: time enough for a loaded machine.
  }, 240_000);

  it('SIGTERM stops cleanly with exit 130 and the checkpoint saved; the re-run completes it', async () => {
    const slow = await startEmulator({ docs: 1200, faults: 'latency=150-200' });
    try {
      const e = emulatorEnv(slow);
      const clean = tempDir();
      expect((await runInProcess([...PULL, '--dir', clean], { env: e })).exitCode).toBe(0);
      const dir = tempDir();
      const { result: stopped, landed } = await interruptRun(slow, [...PULL, '--dir', dir], {
        env: e,
        signal: 'SIGTERM',
        when: () => indexLines(dir) >= 1,
      });
      expect(landed).toBe(true);
      expect(stopped.exitCode).toBe(130);
      expect(String(stopped.stderr)).toMatch(/interrupted/);
      expect(readdirSync(join(dir, '.fiscal', 'checkpoints'))).toHaveLength(1);
      expect(existsSync(join(dir, '.fiscal', 'lock'))).toBe(false);
      expect((await runInProcess([...PULL, '--dir', dir], { env: e })).exitCode).toBe(0);
      expect(snapshot(dir)).toEqual(snapshot(clean));
    } finally {
      await slow.close();
    }
  });

  it('survives 500s, 503s, 429 bursts, resets and truncated bodies with exactly the same files', async () => {
    const faulty = await startEmulator({
      docs: 400,
      faults: '500=0.08,503=0.05,429=0.05:2,reset=0.05,truncate=0.05,seed=3',
    });
    try {
      const dir = tempDir();
      const r = await runInProcess([...PULL, '--dir', dir, '-o', 'json'], { env: emulatorEnv(faulty) });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).http.retries).toBeGreaterThan(0);
      expect(withoutState(snapshot(dir))).toEqual(withoutState(referenceTree));
    } finally {
      await faulty.close();
    }
  });

  it('exits 5 with its checkpoint untouched when the faults never stop, and resumes once they do', async () => {
    const own = await startEmulator({ docs: 400 });
    try {
      const e = emulatorEnv(own);
      const dir = tempDir();
      expect((await runInProcess([...PULL, '--dir', dir, '--max-docs', '60'], { env: e })).exitCode).toBe(0);
      const before = snapshot(dir);
      own.setFaults('500=1');
      const r = await runInProcess([...PULL, '--dir', dir], { env: e });
      expect(r.exitCode).toBe(5);
      expect(r.stderr).toMatch(/500/);
      expect(snapshot(dir)).toEqual(before);
      own.setFaults(undefined);
      expect((await runInProcess([...PULL, '--dir', dir], { env: e })).exitCode).toBe(0);
      expect(withoutState(snapshot(dir))).toEqual(withoutState(referenceTree));
    } finally {
      await own.close();
    }
  });

  it('--max-docs stops cleanly with the checkpoint saved; runs in a row end as one run', async () => {
    const dir = tempDir();
    let runs = 0;
    for (;;) {
      const r = await runInProcess([...PULL, '--dir', dir, '--max-docs', '70', '-o', 'json'], { env });
      expect(r.exitCode, r.stderr).toBe(0);
      runs++;
      if (JSON.parse(r.stdout).stopped_by === null) break;
      expect(runs).toBeLessThan(20);
    }
    expect(runs).toBeGreaterThan(1);
    expect(snapshot(dir)).toEqual(referenceTree);
  });

  it('--max-duration stops cleanly at a page boundary; the next run finishes the job', async () => {
    const slow = await startEmulator({ docs: 400, faults: 'latency=150-200' });
    try {
      const e = emulatorEnv(slow);
      const dir = tempDir();
      const first = await runInProcess([...PULL, '--dir', dir, '--max-duration', '0.5', '-o', 'json'], { env: e });
      expect(first.exitCode, first.stderr).toBe(12);
      expect(JSON.parse(first.stdout).stopped_by).toBe('max-duration');
      expect((await runInProcess([...PULL, '--dir', dir], { env: e })).exitCode).toBe(0);
      expect(withoutState(snapshot(dir))).toEqual(withoutState(referenceTree));
    } finally {
      await slow.close();
    }
  });

  it('shows progress on stderr on a terminal and ends with the human summary line', async () => {
    const dir = tempDir();
    const r = await runCliInTerminal([...PULL, '--dir', dir], { env });
    expect(r.exitCode, r.stdout).toBe(0);
    // The counts first, the label after: an 80-column terminal cuts the label, never a count.
    expect(r.stdout).toMatch(/[\d,]+(\/[\d,]+)? documents[^\n]* · pulling nfe \(nfe received\)/);
    expect(r.stdout).toMatch(new RegExp(`pulled [\\d,]+ documents \\([\\d.]+ [KM]B\\) into ${dir} in [\\d.]+ s`));
  });

  it('a second run on a locked folder exits 8 at once; --lock-wait waits, then exits 8', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.fiscal'), { recursive: true });
    writeFileSync(
      join(dir, '.fiscal', 'lock'),
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2026-06-15T10:00:00.000Z' }),
    );
    const r = await runInProcess([...PULL, '--dir', dir], { env });
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toContain(`pid ${process.pid}`);
    const waited = await runInProcess([...PULL, '--dir', dir, '--lock-wait', '1'], { env });
    expect(waited.exitCode).toBe(8);
    expect(waited.stderr).toContain('waited 1 s');
    expect(existsSync(join(dir, 'index.ndjson'))).toBe(false);
  });

  it('a lock whose process is gone is taken over with a warning', async () => {
    const gone = await execa(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const dir = tempDir();
    mkdirSync(join(dir, '.fiscal'), { recursive: true });
    writeFileSync(
      join(dir, '.fiscal', 'lock'),
      JSON.stringify({ pid: Number(gone.stdout), host: hostname(), startedAt: '2026-06-15T10:00:00.000Z' }),
    );
    const r = await runInProcess([...PULL, '--dir', dir], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/took over a stale lock of pid \d+/);
    expect(snapshot(dir)).toEqual(referenceTree);
  });

  it('after a run that died, the temp files it left are removed even when the next run writes other documents', async () => {
    // A run killed mid-write leaves `.<name>.xml.tmp` beside the documents it was writing; a
    // re-run with --restart and other filters never writes those documents again.
    const gone = await execa(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const dir = tempDir();
    expect((await runInProcess([...PULL, '--dir', dir, '--max-docs', '20'], { env })).exitCode).toBe(0);
    const docs = Object.keys(snapshot(dir)).filter((p) => p.endsWith('.xml') && !p.startsWith('.fiscal'));
    const folder = join(dir, docs[0]!.slice(0, docs[0]!.lastIndexOf('/')));
    const left = [
      '.35260000000000000000550010000000011000000017.xml.tmp',
      '.35260000000000000000550010000000011000000017.pdf.tmp',
    ];
    const kept = ['notes.tmp', '.notes.tmp', 'mine.xml.tmp'];
    for (const name of [...left, ...kept]) writeFileSync(join(folder, name), 'half');
    writeFileSync(
      join(dir, '.fiscal', 'lock'),
      JSON.stringify({ pid: Number(gone.stdout), host: hostname(), startedAt: '2026-06-15T10:00:00.000Z' }),
    );
    const r = await runInProcess([...PULL, '--dir', dir, '--restart', '--max-docs', '5'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/took over a stale lock/);
    expect(r.stderr).toMatch(/removed 2 temp files the run that died left half written/);
    const names = readdirSync(folder);
    for (const name of left) expect(names).not.toContain(name);
    for (const name of kept) expect(names).toContain(name);
    // A run that took no lock over reads no folder for temp files.
    writeFileSync(join(folder, left[0]!), 'half');
    const again = await runInProcess([...PULL, '--dir', dir, '--max-docs', '5'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(readdirSync(folder)).toContain(left[0]);
  });

  it('after a run that died, the files it created and never committed are removed even when the next run writes other documents', async () => {
    // New files are created under their own names; their paths are noted in `.fiscal/new-files`
    // first, which a run that ends whole removes. A run killed mid-page leaves it, and a file half
    // written that a re-run with --restart and other filters never writes again.
    const dir = tempDir();
    expect((await runInProcess([...PULL, '--dir', dir, '--max-docs', '20'], { env })).exitCode).toBe(0);
    const journal = join(dir, '.fiscal', 'new-files');
    expect(existsSync(journal)).toBe(false);
    const [committed] = readNdjson(join(dir, 'index.ndjson')).map((l) => String(l.path));
    const folder = committed!.slice(0, committed!.lastIndexOf('/'));
    const half = `${folder}/35260000000000000000550010000000011000000017`;
    writeFileSync(join(dir, `${half}.xml`), '<nfeProc');
    writeFileSync(join(dir, `${half}.pdf`), '%PDF');
    writeFileSync(join(dir, `${folder}/mine.xml`), 'mine');
    writeFileSync(journal, [committed, `${half}.xml`, `${half}.pdf`].map((p) => `${p}\n`).join(''));
    const before = readFileSync(join(dir, committed!));
    const r = await runInProcess([...PULL, '--dir', dir, '--restart', '--max-docs', '5'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/removed 2 files a run that died wrote and never committed/);
    expect(existsSync(join(dir, `${half}.xml`))).toBe(false);
    expect(existsSync(join(dir, `${half}.pdf`))).toBe(false);
    expect(readFileSync(join(dir, committed!))).toEqual(before);
    expect(readFileSync(join(dir, `${folder}/mine.xml`), 'utf8')).toBe('mine');
    expect(existsSync(journal)).toBe(false);
  });

  it('a corrupt checkpoint is reported by name (exit 2); --restart rebuilds', async () => {
    const dir = tempDir();
    expect((await runInProcess([...PULL, '--dir', dir, '--max-docs', '60'], { env })).exitCode).toBe(0);
    const [name] = readdirSync(join(dir, '.fiscal', 'checkpoints'));
    const path = join(dir, '.fiscal', 'checkpoints', name!);
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, 40));
    const r = await runInProcess([...PULL, '--dir', dir], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(path);
    expect(r.stderr).toMatch(/corrupt/);
    const restarted = await runInProcess([...PULL, '--dir', dir, '--restart'], { env });
    expect(restarted.exitCode, restarted.stderr).toBe(0);
    expect(snapshot(dir)).toEqual(referenceTree);
  });

  it('refuses a checkpoint made with other filters unless --restart', async () => {
    const dir = tempDir();
    expect((await runInProcess([...PULL, '--dir', dir, '--max-docs', '10'], { env })).exitCode).toBe(0);
    const r = await runInProcess([...PULL, '--dir', dir, '--filter', '(= status done)'], { env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/other filters/);
    expect(r.stderr).toContain('--restart');
  });

  it('a flag only v2 has switches to POST /v2/dfe/nfe and files the same bytes at the same paths', async () => {
    const dir = tempDir();
    const r = await runInProcess([...PULL, '--dir', dir, '--status', 'authorized', '-o', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).streams[0].endpoint).toBe('v2');
    const v2 = readNdjson(join(dir, 'index.ndjson'));
    const v1 = new Map(readNdjson(join(reference, 'index.ndjson')).map((x) => [x.key, x]));
    expect(v2.length).toBeGreaterThan(0);
    expect(v2.length).toBeLessThan(v1.size);
    for (const x of v2) {
      expect(x.status).toBe('authorized');
      expect(x.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect({ path: x.path, sha256: x.sha256 }).toEqual({ path: v1.get(x.key)?.path, sha256: v1.get(x.key)?.sha256 });
    }
  });

  it('prints one summary line on a pipe and a human line with -o table', async () => {
    const dir = tempDir();
    const piped = await runInProcess([...PULL, '--dir', dir, '--max-docs', '5'], { env });
    expect(piped.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(piped.stdout)).toMatchObject({
      stopped_by: 'max-docs',
      streams: [{ role: 'received', endpoint: 'v1' }],
    });
    // The same line on stderr either way (what cron mails); stdout has the JSON only when asked for.
    expect(piped.stderr).toContain(
      `pull stopped at --max-docs: kept ${JSON.parse(piped.stdout).documents} documents (`,
    );
    const human = await runInProcess(['-o', 'table', ...PULL, '--dir', dir, '--max-docs', '5'], { env });
    expect(human.stdout).toBe('');
    expect(human.stderr).toMatch(
      /^pull stopped at --max-docs: kept \d+ documents \(\d+ KB\) in (.+); run the same command again to continue$/,
    );
    expect(human.stderr).toContain(` in ${dir}; `);
  });

  it('rejects bad flags before anything is sent or locked (exit 2)', async () => {
    const dir = tempDir();
    for (const args of [
      ['--layout', '../{key}.xml'],
      ['--layout', '{owner}/{nope}.xml'],
      ['--layout', '{owner}/{number}.xml'],
      ['--concurrency', '0'],
      ['--max-docs', 'x'],
      ['--role', 'payer'],
    ]) {
      const r = await runInProcess(['pull', 'nfe', '--role', 'received', '--dir', dir, ...args], {
        env: { ...env, FISCAL_BASE_URL: 'http://127.0.0.1:9' },
      });
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
    }
    expect(existsSync(join(dir, '.fiscal'))).toBe(false);
  });

  it('refuses values from the server that would leave --dir (path traversal), and writes the rest (exit 7)', async () => {
    const bad = await startEmulator({ docs: 30, dataset: undefined });
    try {
      const e = emulatorEnv(bad);
      const first = bad.store
        .nfesOf(bad.accounts[0]!.id)
        .entries.find((x) => x.doc.roles.some((r) => r.role === 'received'))!.doc;
      first.xml = `<nfeProc><NFe><infNFe Id="NFe${first.accessKey}"><ide><nNF>1</nNF><dhEmi>2026-05-01T10:00:00-03:00</dhEmi></ide><dest><CNPJ>../../../../tmp/evil</CNPJ></dest></infNFe></NFe></nfeProc>`;
      const parent = tempDir();
      const dir = join(parent, 'docs');
      const r = await runInProcess([...PULL, '--dir', dir], { env: e });
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toMatch(/refusing owner "..\/..\/..\/..\/tmp\/evil"/);
      expect(readdirSync(parent)).toEqual(['docs']);
      const index = readNdjson(join(dir, 'index.ndjson'));
      expect(index.length).toBeGreaterThan(0);
      expect(index.map((x) => x.key)).not.toContain(first.accessKey);
      for (const x of index) expect(statSync(join(dir, x.path)).isFile()).toBe(true);
    } finally {
      await bad.close();
    }
  });
});
