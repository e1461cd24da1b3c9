// The CLI's process ends once its command has: a handle left open (a bug) does not keep a
// nightly job alive after its answer (bin/fiscal.js).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const leftRunning = pathToFileURL(fileURLToPath(new URL('../fixtures/process/left-running.mjs', import.meta.url)));

describe('the process after its command', () => {
  it('ends with the command exit code, saying so, when something was left running', async () => {
    const r = await runCli(['nosuchcommand'], { env: { NODE_OPTIONS: `--import=${leftRunning.href}` } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/still running 10 s later; exiting \(a bug: please report it\)/);
  });

  it('says nothing of the kind after a clean run', async () => {
    const r = await runCli(['--version']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).not.toMatch(/still running/);
  });
});
