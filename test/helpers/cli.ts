// Spawning the built CLI (bin/fiscal.js -> dist/) the way a user or a script does.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { tempDir } from './tree.js';

/** The records of an NDJSON output (what a pipe gets), one per line. */
export const ndjson = (text: string): Array<Record<string, any>> =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);

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

/**
 * Runs the same argv as `runCli`, with the same environment (and nothing else of this process's),
 * but in this process through `main`: stdin piped, nothing a terminal; `cwd` is entered for the
 * run and left after it (a test file's tests run one at a time in their own worker process).
 * Command behaviour is tested this way; what only a process has (signals, kill -9, a terminal, the
 * exit of a real process) is tested with `runCli`, one end-to-end smoke test per area at least.
 */
export async function runInProcess(args: string[], o: CliOptions = {}): Promise<CliRun> {
  const { main } = await import('../../src/main.js');
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  stdin.end(o.input ?? '');
  const back = process.cwd();
  if (o.cwd) process.chdir(o.cwd);
  try {
    const exitCode = await main(args, {
      io: { stdin, stdout, stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
      env: baseEnv(o.env),
      signal: new AbortController().signal,
    });
    // As execa gives a spawned run's output: without one final newline.
    return { exitCode, stdout: stripFinalNewline(stdout.text), stderr: stripFinalNewline(stderr.text) };
  } finally {
    if (o.cwd) process.chdir(back);
  }
}

const stripFinalNewline = (text: string) => text.replace(/\r?\n$/, '');

/** Collects what is written, synchronously. */
class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    callback();
  }
}

/** Stores emulator account `account`'s credentials as profile `name` in `env`'s config folder. */
export async function addEmulatorProfile(
  emu: { url: string; accounts: readonly { apiId: string; apiKey: string }[] },
  env: Record<string, string>,
  name: string,
  account = 0,
): Promise<void> {
  const a = emu.accounts[account]!;
  const r = await runInProcess(
    ['profile', 'add', name, '--api-id', a.apiId, '--base-url', emu.url, '--api-key-stdin', '--force'],
    { env, input: a.apiKey },
  );
  if (r.exitCode !== 0) throw new Error(`profile add ${name}: exit ${r.exitCode}: ${r.stderr}`);
}

export interface TerminalOptions extends CliOptions {
  /** The width the pseudo-terminal reports (`stty cols`); 0 is what some CI wrappers report. */
  columns?: number;
  /** Kills the run (`script` and the CLI under it) after this many ms, so a hung run fails the test. */
  timeoutMs?: number;
}

export interface TerminalRun {
  /** `script` itself; it ends with the CLI's exit code (-e). */
  child: ResultPromise;
  /** The CLI's own process id (the shell under `script` execs into it). */
  pid(): Promise<number>;
  /** Sends a signal to the CLI itself, if it is still there. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the CLI under a pseudo-terminal (util-linux `script`), so stdout and stderr are TTYs of
 * the given width. COLUMNS is not set: the width the CLI uses is the one the terminal reports.
 */
export function spawnCliInTerminal(args: string[], o: TerminalOptions = {}): TerminalRun {
  const pidFile = join(tempDir('fiscal-pty-'), 'pid');
  const quoted = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  const child = execa(
    'script',
    [
      '-qefc',
      `stty cols ${o.columns ?? 200} 2>/dev/null; echo $$ > ${shellQuote(pidFile)}; exec ${quoted}`,
      '/dev/null',
    ],
    {
      env: { ...baseEnv(o.env), TERM: 'dumb' },
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      ...(o.cwd ? { cwd: o.cwd } : {}),
    },
  );
  const pid = async (): Promise<number> => {
    for (let waited = 0; waited < 30_000; waited += 10) {
      const text = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').trim() : '';
      if (/^\d+$/.test(text)) return Number(text);
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the CLI never started under script');
  };
  const kill = async (signal: NodeJS.Signals) => {
    try {
      process.kill(await pid(), signal);
    } catch {
      // Already gone.
    }
  };
  if (o.timeoutMs !== undefined) {
    const timer = setTimeout(() => void kill('SIGKILL').then(() => child.kill('SIGKILL')), o.timeoutMs);
    void child.finally(() => clearTimeout(timer));
  }
  return { child, pid, kill };
}

/** Runs the CLI under a pseudo-terminal; stdout holds both streams, as a person would see them. */
export async function runCliInTerminal(args: string[], o: TerminalOptions = {}): Promise<CliRun> {
  const r = await spawnCliInTerminal(args, o).child;
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout).replace(/\r\n/g, '\n'), stderr: String(r.stderr) };
}

const shellQuote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
