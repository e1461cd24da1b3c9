// An emulator in its own process (as a user runs it), so the client's figures are its own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/fiscal.js', import.meta.url));

export async function startEmulatorProcess(args) {
  const child = spawn(process.execPath, [bin, 'emulator', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its log line would interleave with the figures; kept for an error message instead.
  let stderr = '';
  child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-4000)));
  const env = {};
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const m = /^(FISCAL_[A-Z_]+)=(.*)$/.exec(line);
    if (m) env[m[1]] = m[2];
    if (env.FISCAL_BASE_URL && env.FISCAL_API_ID && env.FISCAL_API_KEY) break;
  }
  lines.close();
  child.stdout.resume();
  if (!env.FISCAL_API_KEY) throw new Error(`the emulator (${args.join(' ')}) did not print its credentials: ${stderr}`);
  return {
    env,
    async stats() {
      const res = await fetch(`${env.FISCAL_BASE_URL}/_emulator/stats`);
      return (await res.json()).data;
    },
    /**
     * The emulator's CPU time so far (user + system, ms), from /proc: it shares the machine's cores
     * with the pull it serves. Undefined where there is no /proc.
     */
    cpuMs() {
      try {
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        return undefined;
      }
    },
    async resetStats() {
      await fetch(`${env.FISCAL_BASE_URL}/_emulator/reset-stats`, { method: 'POST' });
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
