// The context injected into every command. Commands never touch process.* or the clock directly;
// expensive parts (profile store, HTTP client, emulator) are created lazily on first use so that
// `--help` and `--version` load nothing heavy.
import type { Locale } from './output/locale.js';
import type { Readable, Writable } from 'node:stream';
import type { HttpClient } from './api/http.js';
import type { ProfileStore } from './config/store.js';
import type { ResolvedTarget } from './config/resolve.js';

export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv' | 'xlsx';

export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** Global options, already validated (see program.ts). */
export interface GlobalOptions {
  profile?: string | undefined;
  baseUrl?: string | undefined;
  output?: OutputFormat | undefined;
  verbose: boolean;
  quiet: boolean;
  input: boolean;
  color: boolean;
  /** --timeout, in whole milliseconds (undici's timeouts take nothing else). */
  timeoutMs?: number | undefined;
  /** --locale (or FISCAL_LOCALE): money and dates in tables and CSV; a verb's own --locale wins. */
  locale?: Locale | undefined;
}

export interface Choice<T extends string> {
  value: T;
  name: string;
  description?: string;
}

/**
 * Questions asked on a terminal. `validate` returns an error message or true; the real prompter
 * shows the message and asks again, so callers still check the answer of a scripted one.
 */
export interface Prompter {
  password(message: string): Promise<string>;
  input(message: string, options?: { default?: string; validate?: (value: string) => string | true }): Promise<string>;
  confirm(message: string, options?: { default?: boolean }): Promise<boolean>;
  select<T extends string>(message: string, choices: ReadonlyArray<Choice<T>>, options?: { default?: T }): Promise<T>;
}

export interface Logger {
  /** Human messages on stderr, silenced by --quiet. */
  info(message: string): void;
  warn(message: string): void;
  /** HTTP trace and debug lines on stderr, only with --verbose. Callers redact secrets first. */
  debug(message: string): void;
}

export interface Context {
  io: IO;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  globals: GlobalOptions;
  log: Logger;
  prompter: Prompter;
  /** Aborted on SIGINT/SIGTERM. */
  signal: AbortSignal;
  version: string;
  /** The output format: the -o flag, or table on a terminal and ndjson when piped. */
  outputFormat(): OutputFormat;
  config(): Promise<ProfileStore>;
  /** Which server and credentials this run talks to (flags > env > profile > defaults). */
  target(): Promise<ResolvedTarget>;
  http(): Promise<HttpClient>;
  /** Registers work to run when the command ends (closing the emulator, the HTTP pool...). */
  defer(fn: () => Promise<void> | void): void;
}
