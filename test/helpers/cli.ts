// Spawning the built CLI (bin/fiscal.js -> dist/) the way a user or a script does.
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { tempDir } from './tree.js';

export const BIN = fileURLToPath(new URL('../../bin/fiscal.js', import.meta.url));

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
}

/** A fresh, empty config dir so no test sees another's profiles. */
export function freshConfigDir(): string {
  return tempDir('fiscal-config-');
}

function baseEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NO_COLOR: '1',
    FISCAL_CONFIG_DIR: freshConfigDir(),
    ...extra,
  };
}

export function spawnCli(args: string[], o: CliOptions = {}): ResultPromise {
  return execa(process.execPath, [BIN, ...args], {
    env: baseEnv(o.env),
    extendEnv: false,
    reject: false,
    ...(o.input !== undefined ? { input: o.input } : { stdin: 'ignore' }),
    ...(o.cwd ? { cwd: o.cwd } : {}),
  });
}

export async function runCli(args: string[], o: CliOptions = {}): Promise<CliRun> {
  const r = await spawnCli(args, o);
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** Runs the CLI under a pseudo-terminal (util-linux `script`), so stdout and stderr are TTYs. */
export async function runCliInTerminal(args: string[], o: CliOptions = {}): Promise<CliRun> {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const r = await execa('script', ['-qefc', `stty cols 200 2>/dev/null; ${quoted}`, '/dev/null'], {
    env: { ...baseEnv(o.env), TERM: 'dumb', COLUMNS: '200' },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout).replace(/\r\n/g, '\n'), stderr: String(r.stderr) };
}
