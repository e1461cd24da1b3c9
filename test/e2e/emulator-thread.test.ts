// The built `fiscal emulator` serves from a thread of its own (dist/emulator-worker.js, started by
// src/commands/emulator/run.ts): what a user sees of the process stays what the command on one
// thread gave: its lines, a usage error for a port in use, exit 0 on SIGTERM with the port closed.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';

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
});
