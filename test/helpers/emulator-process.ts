// `fiscal emulator` as a real process, as a user or another program starts it: its first three
// stdout lines are an env file (FISCAL_BASE_URL, FISCAL_API_ID, FISCAL_API_KEY).
import { spawnCli } from './cli.js';

export interface EmulatorProcess {
  child: ReturnType<typeof spawnCli>;
  env: Record<string, string>;
  /** Ends the process (SIGTERM) and waits for it. */
  stop(): Promise<void>;
}

export async function startEmulatorProcess(args: string[]): Promise<EmulatorProcess> {
  const child = spawnCli(['emulator', ...args]);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (/FISCAL_API_KEY=\S+\n/.test(out)) resolve();
    });
    void child.then((r) => reject(new Error(`the emulator exited: ${String(r.stderr)}`)));
  });
  const env = Object.fromEntries(
    out
      .split('\n')
      .slice(0, 3)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  return {
    child,
    env,
    async stop() {
      child.kill('SIGTERM');
      await child.catch(() => undefined);
    },
  };
}
