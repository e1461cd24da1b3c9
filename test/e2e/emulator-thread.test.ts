// The built `fiscal emulator` serves from a thread of its own (dist/emulator-worker.js, started by
// src/emulator/thread.ts): what a user sees of the process stays what the command on one thread
// gave: its lines, a usage error for a port in use, exit 0 on SIGTERM with the port closed. The
// built-in emulator of `--profile emulator` is made and served there too: a stop while its
// documents are made ends the command at once, where it waited for them.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/tree.js';

/** Runs the built CLI, sends `signal` `ms` after the start; how it ended. */
async function stoppedAfter(args: string[], ms: number, signal: NodeJS.Signals) {
  const child = spawnCli(args);
  await new Promise((resolve) => setTimeout(resolve, ms));
  child.kill(signal);
  return { result: await child };
}

describe('the built emulator on its own thread', () => {
  it('serves, refuses a port in use as a usage error, and ends with exit 0 on SIGTERM', async () => {
    const child = spawnCli(['emulator', '--port', '0', '--docs', '20', '--accounts', '1']);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    for (let i = 0; i < 600 && !out.includes('# companies'); i++) await new Promise((r) => setTimeout(r, 50));
    const env = Object.fromEntries(
      out
        .split('\n')
        .slice(0, 3)
        .map((l) => l.split('=') as [string, string]),
    );
    expect(env.FISCAL_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${env.FISCAL_BASE_URL}/v1/nfe/received?limit=2`, {
      headers: { 'X-API-ID': env.FISCAL_API_ID!, 'X-API-KEY': env.FISCAL_API_KEY! },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(2);

    const port = new URL(env.FISCAL_BASE_URL!).port;
    const second = await spawnCli(['emulator', '--port', port, '--docs', '20', '--accounts', '1']);
    expect(second.exitCode).toBe(2);
    expect(String(second.stderr)).toContain(`cannot listen on 127.0.0.1:${port}: that address is already in use`);

    child.kill('SIGTERM');
    const ended = await child;
    expect(ended.exitCode).toBe(0);
    await expect(fetch(`${env.FISCAL_BASE_URL}/v1/nfe/received`)).rejects.toThrow();
  });

  // Timed, not seen: nothing of the start shows outside. A signal before fiscal listens for it
  // (node still starting) ends the process as it ends any, having done nothing.
  it('a stop while its documents are made ends it before it prints a line (exit 130)', async () => {
    // 100,000 documents take a second or more to make.
    const args = ['emulator', '--port', '0', '--docs', '100000', '--accounts', '1'];
    const { result: r } = await stoppedAfter(args, 1000, 'SIGTERM');
    if (r.exitCode === 130) expect(String(r.stderr).trim()).toBe('fiscal: interrupted: SIGTERM');
    else expect(r.signal).toBe('SIGTERM');
    expect(String(r.stdout)).toBe('');
    // Seen, not timed: a run that outlived its answer is ended by bin/fiscal.js's guard, saying so.
    expect(String(r.stderr)).not.toMatch(/still running/);
  });

  it.each([300, 600, 1000])(
    'a --profile emulator pull stopped %i ms after its start ends, nothing left running',
    async (ms) => {
      const args = ['--profile', 'emulator', 'pull', 'nfe', '--role', 'received', '--dir', tempDir()];
      const { result: r } = await stoppedAfter(args, ms, 'SIGINT');
      const stderr = String(r.stderr);
      if (r.exitCode === 130) expect(stderr.trim().split('\n').at(-1)).toBe('fiscal: interrupted: SIGINT');
      else expect({ signal: r.signal, stderr }).toEqual({ signal: 'SIGINT', stderr: '' });
      // Seen, not timed: a run that outlived its answer is ended by bin/fiscal.js's guard, saying so.
      expect(stderr).not.toMatch(/still running|DEP0137|garbage collection/);
    },
  );
});
