// The real context: process streams and environment, lazy profile store, target and HTTP client.
import type { Clock, Context, GlobalOptions, IO, Logger, OutputFormat, Prompter } from './context.js';
import type { HttpClient } from './api/http.js';
import type { ProfileStore } from './config/store.js';
import type { ResolvedTarget } from './config/resolve.js';
import { InterruptedError } from './errors.js';
import { fitNote, streamColumns } from './output/terminal.js';
import pkg from '../package.json' with { type: 'json' };

export interface ContextOverrides {
  io?: Partial<IO>;
  env?: Record<string, string | undefined>;
  clock?: Clock;
  prompter?: Prompter;
  signal?: AbortSignal;
}

export interface NodeContext extends Context {
  runDeferred(): Promise<void>;
  setGlobals(globals: GlobalOptions): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new InterruptedError(''));
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      const onAbort = () => {
        clearTimeout(timer);
        reject(new InterruptedError(''));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

// @inquirer/prompts loads only when a question is asked: start-up stays fast.
const lazyPrompter: Prompter = {
  async password(message) {
    const { password } = await import('@inquirer/prompts');
    return asked(password({ message, mask: '*' }));
  },
  async input(message, options) {
    const { input } = await import('@inquirer/prompts');
    return asked(
      input({
        message,
        ...(options?.default !== undefined ? { default: options.default } : {}),
        ...(options?.validate ? { validate: options.validate } : {}),
      }),
    );
  },
  async confirm(message, options) {
    const { confirm } = await import('@inquirer/prompts');
    return asked(confirm({ message, ...(options?.default !== undefined ? { default: options.default } : {}) }));
  },
  async select(message, choices, options) {
    const { select } = await import('@inquirer/prompts');
    return asked(
      select({
        message,
        choices: [...choices],
        ...(options?.default !== undefined ? { default: options.default } : {}),
      }),
    );
  },
};

/** Ctrl+C at a prompt is the person stopping the run (exit 130), not a crash. */
async function asked<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if ((error as Error | null)?.name === 'ExitPromptError') throw new InterruptedError('prompt cancelled');
    throw error;
  }
}

export function defaultGlobals(env: Record<string, string | undefined>): GlobalOptions {
  return { verbose: false, quiet: false, input: true, color: env.NO_COLOR === undefined || env.NO_COLOR === '' };
}

export function createNodeContext(_argv: string[], o: ContextOverrides = {}): NodeContext {
  const env = o.env ?? process.env;
  const io: IO = {
    stdin: o.io?.stdin ?? process.stdin,
    stdout: o.io?.stdout ?? process.stdout,
    stderr: o.io?.stderr ?? process.stderr,
    stdinIsTTY: o.io?.stdinIsTTY ?? Boolean(process.stdin.isTTY),
    stdoutIsTTY: o.io?.stdoutIsTTY ?? Boolean(process.stdout.isTTY),
    stderrIsTTY: o.io?.stderrIsTTY ?? Boolean(process.stderr.isTTY),
  };
  const controller = new AbortController();
  const signal = o.signal ?? controller.signal;
  const deferred: Array<() => Promise<void> | void> = [];
  let globals = defaultGlobals(env);
  let store: Promise<ProfileStore> | undefined;
  let target: Promise<ResolvedTarget> | undefined;
  let http: Promise<HttpClient> | undefined;

  // On a terminal, notes broken at spaces to its width, not by the terminal inside a word.
  const note = (m: string) => fitNote(m, io.stderrIsTTY ? streamColumns(io.stderr) : undefined);
  const log: Logger = {
    info: (m) => void (globals.quiet || io.stderr.write(`${note(m)}\n`)),
    warn: (m) => void (globals.quiet || io.stderr.write(`${note(`warning: ${m}`)}\n`)),
    debug: (m) => void (globals.verbose && io.stderr.write(`${m}\n`)),
  };

  const ctx: NodeContext = {
    io,
    env,
    clock: o.clock ?? realClock,
    get globals() {
      return globals;
    },
    log,
    prompter: o.prompter ?? lazyPrompter,
    signal,
    version: pkg.version,
    outputFormat(): OutputFormat {
      return globals.output ?? (io.stdoutIsTTY ? 'table' : 'ndjson');
    },
    config() {
      store ??= import('./config/store.js').then((m) => m.openProfileStore(env));
      return store;
    },
    target() {
      target ??= import('./config/resolve.js').then((m) => m.resolveTarget(ctx));
      return target;
    },
    http() {
      http ??= (async () => {
        // The HTTP core's chunk loads while the target resolves (a command's first request waits on both).
        const [t, { createHttpClient }] = await Promise.all([ctx.target(), import('./api/http.js')]);
        const client = createHttpClient({
          baseUrl: t.baseUrl,
          apiId: t.apiId,
          apiKey: t.apiKey,
          credentialsFrom: t.credentialsFrom,
          userAgent: `fiscal/${pkg.version}`,
          ...(globals.timeoutMs !== undefined ? { timeoutMs: globals.timeoutMs } : {}),
          clock: ctx.clock,
          log,
          signal,
        });
        deferred.push(() => client.close());
        return client;
      })();
      return http;
    },
    defer(fn) {
      deferred.push(fn);
    },
    setGlobals(g) {
      globals = g;
    },
    async runDeferred() {
      while (deferred.length) {
        const fn = deferred.pop()!;
        try {
          await fn();
        } catch {
          // Clean-up failures must not hide the command's own result.
        }
      }
    },
  };

  if (!o.signal) installSignalHandlers(controller, io);
  if (!o.io?.stdout) exitQuietlyOnClosedStdout();
  return ctx;
}

/**
 * `fiscal search nfe --all | head` closes our stdout early: that is the reader saying it has
 * enough, not an error worth a stack trace. Pull state is crash-safe, so stopping here is safe.
 */
function exitQuietlyOnClosedStdout(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

/** A repeat of the first signal sooner than this is its echo, not a second request to stop. */
const SIGNAL_ECHO_MS = 1000;

function installSignalHandlers(controller: AbortController, io: IO): void {
  let first: { sig: NodeJS.Signals; at: number } | undefined;
  const onSignal = (sig: NodeJS.Signals) => {
    // conf's atomic writes (atomically -> when-exit) listen for the same signals and send the one
    // they caught to the process again once their clean-up ran: that echo arrives within
    // milliseconds, a person's second Ctrl-C does not.
    if (first && first.sig === sig && performance.now() - first.at < SIGNAL_ECHO_MS) return;
    if (controller.signal.aborted) {
      io.stderr.write(`fiscal: ${sig} again, stopping now\n`);
      process.exit(130);
    }
    first = { sig, at: performance.now() };
    controller.abort(new InterruptedError(sig));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
