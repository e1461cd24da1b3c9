// End to end: the CLI under pseudo-terminals as they really are: narrow, wide, and the 0-column
// ones CI wrappers create (`script -qc ... /dev/null` from a non-terminal). COLUMNS is never set
// here, so the width used is the one the terminal reports.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliInTerminal, spawnCliInTerminal } from '../helpers/cli.js';
import { emulatorEnv, startEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/tree.js';

const PULL = ['pull', 'nfe', '--role', 'emitted', '--profile', 'emulator'];

/** An amount as a table shows it in every locale: grouped by thousands (`1,234.56`), as a pattern. */
const grouped = (amount: string) =>
  Number(amount)
    .toFixed(2)
    .replace(/\B(?=(\d{3})+\.)/g, ',')
    .replace('.', '\\.');

describe('pull into a one-letter relative folder', () => {
  it('ends (the folder\'s parent is ".", whose parent is "." again)', async () => {
    const cwd = tempDir();
    const r = await runCli([...PULL, '--dir', 'd', '-o', 'json'], { cwd });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).documents).toBeGreaterThan(0);
    expect(existsSync(join(cwd, 'd', 'index.ndjson'))).toBe(true);
  }, 60_000);
});

describe('progress under a pseudo-terminal', () => {
  it('a terminal reporting 0 columns: the pull ends by itself, exit 0, bounded output, lock released', async () => {
    // The issue's own command: `--dir d`, relative to where it runs.
    const cwd = tempDir();
    const dir = join(cwd, 'd');
    const run = spawnCliInTerminal([...PULL, '--dir', 'd'], { columns: 0, cwd, timeoutMs: 60_000 });
    const r = await run.child;
    expect(r.exitCode).toBe(0);
    const out = String(r.stdout);
    expect(out).toMatch(/pulled \d+ documents .*into d/);
    // A spinner that cannot draw draws nothing: a few lines of text, not megabytes of escapes.
    expect(out.length).toBeLessThan(4096);
    expect(existsSync(join(dir, '.fiscal', 'lock'))).toBe(false);
    const again = await runCli([...PULL, '--dir', 'd', '-o', 'json'], { cwd });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).documents).toBe(0);
  }, 90_000);

  it.each([100, 0])(
    'SIGTERM ends a pull promptly with exit 130 and its lock released (%i columns)',
    async (columns) => {
      // A slow service and --with-pdf (one more request per document): the pull lasts long enough
      // to be caught in the middle, with its progress drawing.
      const slow = await startEmulator({ docs: 300, faults: 'latency=100-100' });
      try {
        const env = emulatorEnv(slow);
        const args = ['pull', 'nfe', '--role', 'received', '--with-pdf'];
        const dir = tempDir();
        const run = spawnCliInTerminal([...args, '--dir', dir], { env, columns, timeoutMs: 60_000 });
        const index = join(dir, 'index.ndjson');
        const started = () => existsSync(index) && readFileSync(index, 'utf8').includes('\n');
        for (let waited = 0; !started() && run.child.exitCode === null && waited < 30_000; waited += 10) {
          await new Promise((r) => setTimeout(r, 10));
        }
        expect(started()).toBe(true);
        // Held on a request, the run cannot end before the signal, however slow the machine.
        slow.hold();
        await Promise.race([slow.held(), run.child]);
        expect(run.child.exitCode).toBe(null);
        await run.kill('SIGTERM');
        const r = await run.child;
        slow.release();
        expect(r.exitCode).toBe(130);
        expect(String(r.stdout)).toMatch(/interrupted/);
        expect(existsSync(join(dir, '.fiscal', 'lock'))).toBe(false);
        slow.setFaults(undefined);
        const again = await runCli([...args, '--dir', dir], { env });
        expect(again.exitCode, again.stderr).toBe(0);
      } finally {
        await slow.close();
      }
    },
    90_000,
  );
});

/** The lines of a table in what a terminal showed: the header and the rows that hold an access key. */
function tableLines(out: string, header: RegExp): string[] {
  const lines = out.replace(/\r/g, '').split('\n');
  const start = lines.findIndex((l) => header.test(l));
  expect(start, out).toBeGreaterThanOrEqual(0);
  return [lines[start]!, ...lines.slice(start + 1).filter((l) => /\d{44}/.test(l))];
}

describe('tables at the width the terminal reports', () => {
  it.each([80, 160])(
    'search nfe at %i columns: every row fits, no number is cut',
    async (columns) => {
      const args = ['search', 'nfe', '--role', 'received', '--profile', 'emulator', '--limit', '20'];
      const json = await runCli([...args, '-o', 'json']);
      expect(json.exitCode, json.stderr).toBe(0);
      const records = JSON.parse(json.stdout) as Array<{
        AccessKey: string;
        EmissionDate: string;
        Document: { TotalValue: string };
        Status: string;
      }>;
      expect(records.length).toBe(20);

      const r = await runCliInTerminal(args, { columns });
      expect(r.exitCode, r.stdout).toBe(0);
      const [header, ...rows] = tableLines(r.stdout, /^KEY /);
      expect(rows).toHaveLength(20);
      for (const line of [header!, ...rows]) expect([...line].length).toBeLessThanOrEqual(columns);
      // What a person needs stays whole: key, date, value, and the status as a word.
      expect(header).toMatch(/EMITTED .*VALUE .*STATUS/);
      records.forEach((rec, i) => {
        const row = rows[i]!;
        expect(row.startsWith(`${rec.AccessKey} `)).toBe(true);
        expect(row).toContain(` ${rec.EmissionDate.slice(0, 10)} `);
        expect(row).toMatch(new RegExp(` ${grouped(rec.Document.TotalValue)}( |$)`));
        expect(row).toMatch(/ (authorized|canceled)( |$)/);
        expect(row).not.toMatch(/\d…/);
      });
      // Wide enough, the names are there too, whole.
      if (columns >= 160) expect(header).toMatch(/EMITTER +RECEIVER/);
    },
    60_000,
  );

  it.each([80, 160])(
    'inspect at %i columns: every row fits, totals and dates whole, the status a word',
    async (columns) => {
      const cwd = tempDir();
      expect((await runCli([...PULL, '--dir', 'd', '--max-docs', '5'], { cwd })).exitCode).toBe(0);
      const csv = await runCli(['inspect', 'd', '-o', 'csv'], { cwd });
      expect(csv.exitCode, csv.stderr).toBe(0);
      const docs = csv.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(','));
      const head = csv.stdout.split('\n')[0]!.split(',');
      const col = (name: string) => head.indexOf(name);
      expect(docs.length).toBeGreaterThanOrEqual(5);

      const r = await runCliInTerminal(['inspect', 'd'], { columns, cwd });
      expect(r.exitCode, r.stdout).toBe(0);
      const [header, ...rows] = tableLines(r.stdout, /^KIND |KEY\/ID /);
      expect(rows).toHaveLength(docs.length);
      for (const line of [header!, ...rows]) expect([...line].length).toBeLessThanOrEqual(columns);
      expect(header).toMatch(/DATE .*TOTAL/);
      for (const doc of docs) {
        const row = rows.find((l) => l.includes(doc[col('access_key')]!))!;
        expect(row).toContain(` ${doc[col('emission_date')]!.slice(0, 10)} `);
        expect(row).toMatch(new RegExp(` ${grouped(doc[col('total')]!)}( |$)`));
        expect(row).not.toMatch(/\d…/);
        expect(row).not.toMatch(/ 100( |$)/);
        // A canceled note never reads as a valid one: the status is never left out.
        expect(row).toMatch(/ (authorized|canceled|registered)( |$)/);
      }
      expect(header).toMatch(/TOTAL +STATUS/);
      if (columns >= 160) expect(header).toMatch(/EMITTER .*COUNTERPART .*TOTAL +STATUS/);
    },
    60_000,
  );
});
