// An in-memory context for command tests: captured stdout/stderr, a given stdin, a fresh empty
// config dir, no process environment and no signal handlers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import type { Clock, GlobalOptions, Prompter } from '../../src/context.js';
import { createNodeContext, defaultGlobals, type NodeContext } from '../../src/runtime.js';

export interface TestContextOptions {
  /** The whole environment (process.env is not inherited). FISCAL_CONFIG_DIR defaults to a fresh dir. */
  env?: Record<string, string | undefined>;
  /** What stdin yields, then end-of-file. Default: empty. */
  stdin?: string;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  /** A person at a terminal: stdin is a TTY and prompting is allowed (globals.input). */
  input?: boolean;
  /** Default: one that fails the test if any prompt is shown. */
  prompter?: Prompter;
  /** Merged over the defaults (colors off). */
  globals?: Partial<GlobalOptions>;
  clock?: Clock;
}

export interface TestContext {
  ctx: NodeContext;
  stdout(): string;
  stderr(): string;
  /** The FISCAL_CONFIG_DIR in use. */
  configDir: string;
  /** Aborts ctx.signal, as SIGINT would. */
  abort(reason?: unknown): void;
}

const dirs: string[] = [];

/** Removes the directories `tempDir` made; test/setup.ts runs it after every test. */
export function removeTestDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A fresh, empty directory removed after the current test. */
export function tempDir(prefix = 'fiscal-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

export const refusingPrompter: Prompter = {
  password: (message) => Promise.reject(new Error(`unexpected prompt: ${message}`)),
  input: (message) => Promise.reject(new Error(`unexpected prompt: ${message}`)),
  confirm: (message) => Promise.reject(new Error(`unexpected prompt: ${message}`)),
  select: (message) => Promise.reject(new Error(`unexpected prompt: ${message}`)),
};

export function createTestContext(o: TestContextOptions = {}): TestContext {
  const configDir = o.env?.FISCAL_CONFIG_DIR ?? join(tempDir('fiscal-config-'), 'fiscal');
  const env = { FISCAL_CONFIG_DIR: configDir, ...o.env };
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  stdin.end(o.stdin ?? '');
  const controller = new AbortController();
  const ctx = createNodeContext([], {
    env,
    io: {
      stdin,
      stdout,
      stderr,
      stdinIsTTY: o.stdinIsTTY ?? o.input ?? false,
      stdoutIsTTY: o.stdoutIsTTY ?? false,
      stderrIsTTY: o.stderrIsTTY ?? false,
    },
    prompter: o.prompter ?? refusingPrompter,
    // Passing a signal is what keeps createNodeContext from installing SIGINT/SIGTERM handlers.
    signal: controller.signal,
    ...(o.clock ? { clock: o.clock } : {}),
  });
  ctx.setGlobals({ ...defaultGlobals(env), color: false, input: o.input ?? true, ...o.globals });
  return {
    ctx,
    stdout: () => stdout.text,
    stderr: () => stderr.text,
    configDir,
    abort: (reason) => controller.abort(reason),
  };
}

/**
 * Collects what is written, synchronously: a test can look at the output between two writes
 * (a PassThrough would hand data over on a later tick).
 */
class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    callback();
  }
}

/**
 * Runs `main` in this process, as a script would (nothing is a terminal, unless `stdoutIsTTY`),
 * with `env` only and `stdin` piped (default: empty).
 */
export async function runMain(
  argv: string[],
  env: Record<string, string | undefined>,
  input: string | { stdin?: string; stdoutIsTTY?: boolean } = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { main } = await import('../../src/main.js');
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  stdin.end(typeof input === 'string' ? input : (input.stdin ?? ''));
  const code = await main(argv, {
    io: {
      stdin,
      stdout,
      stderr,
      stdinIsTTY: false,
      stdoutIsTTY: typeof input !== 'string' && input.stdoutIsTTY === true,
      stderrIsTTY: false,
    },
    env: { FISCAL_CONFIG_DIR: tempDir('fiscal-config-'), NO_COLOR: '1', ...env },
    signal: new AbortController().signal,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
