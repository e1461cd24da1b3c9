// `pull --with-pdf local` killed (SIGKILL) while its PDFs are drawn and written: no PDF a run
// stopped there leaves in place is cut short (a committed document's PDF is the whole one a run
// never stopped writes, byte for byte), and the re-run ends with the same folder as that run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { emulatorEnv, startEmulator } from '../helpers/emulator.js';
import { interruptRun, requestsOf } from '../helpers/interrupt.js';
import { pullSnapshot, readNdjson, tempDir } from '../helpers/tree.js';

/** Every PDF in place under `dir` (temp files, hidden, left aside), by its path in the folder. */
function pdfsIn(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.pdf')) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

describe('fiscal pull nfe --with-pdf local, killed', () => {
  it('leaves no PDF cut short, a committed document with its whole PDF, and a re-run the files of a run never stopped', async () => {
    const slow = await startEmulator({ docs: 1000, faults: 'latency=150-250' });
    try {
      const env = emulatorEnv(slow);
      const args = ['pull', 'nfe', '--role', 'received', '--with-pdf', 'local'];
      const clean = tempDir();
      const requests = await requestsOf(slow, async () => {
        const r = await runInProcess([...args, '--dir', clean], { env });
        expect(r.exitCode, r.stderr).toBe(0);
      });
      const expected = pullSnapshot(clean);
      let committedWithPdf = 0;
      // Each kill waits for the run to be held on its API request number `after + 1`, then lets
      // it draw and write what it already has for a while: first pages, mid-run, the last page.
      const trials = [
        [1, 400],
        [Math.floor(requests / 2), 250],
        [requests - 1, 150],
      ] as const;
      for (const [after, settleMs] of trials) {
        const dir = tempDir();
        const { result, landed } = await interruptRun(slow, [...args, '--dir', dir], { env, after, settleMs });
        expect(landed && result.signal).toBe('SIGKILL');
        // Every PDF in place is whole: the same bytes as the run never stopped wrote there.
        for (const pdf of pdfsIn(dir))
          expect(readFileSync(join(dir, pdf)).equals(readFileSync(join(clean, pdf))), pdf).toBe(true);
        const index = join(dir, 'index.ndjson');
        for (const line of existsSync(index) ? readNdjson(index).filter((l) => !l.event) : []) {
          expect(existsSync(join(dir, line.path.replace(/\.xml$/, '.pdf'))), line.key).toBe(true);
          committedWithPdf++;
        }
        const resumed = await runInProcess([...args, '--dir', dir], { env });
        expect(resumed.exitCode, resumed.stderr).toBe(0);
        expect(pullSnapshot(dir)).toEqual(expected);
      }
      // The kills landed after some documents were committed with their PDFs, not only before any.
      expect(committedWithPdf).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
    // Seven runs of the CLI against a slow emulator, drawing some 560 DANFes each: time enough for a loaded machine.
  }, 240_000);
});
