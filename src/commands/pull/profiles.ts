// `fiscal pull <type> --profiles a,b,c` (or `--all-profiles`): many companies in one run. Each
// profile's account is pulled into its own subfolder (<dir>/<profile>/...), with its own
// checkpoints and its own HTTP client (each credential has its own quota, so its own pacing),
// several profiles at once within --concurrency, under one lock for the whole folder. A profile
// that fails (a wrong key, a service failing past the retries) does not stop the others: the run
// ends with one summary line per profile and exit 7 naming the failed ones.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createHttpClient, type HttpClient } from '../../api/http.js';
import { EMULATOR_PROFILE, profileNameProblem } from '../../config/profile.js';
import type { ResolvedTarget } from '../../config/resolve.js';
import type { Context, Logger } from '../../context.js';
import {
  ConfigError,
  InterruptedError,
  NothingNewError,
  PartialError,
  TimeLimitError,
  UsageError,
  exitCodeOf,
} from '../../errors.js';
import { writingLocalFiles } from '../../local-files.js';
import { Semaphore } from '../../sync/lane.js';
import { acquireLock } from '../../sync/lock.js';
import { summaryJson, summaryLine, type PullSummary, type SummaryView } from '../../sync/summary.js';
import type { LeasedFolder } from '../../catalog/postgres/catalog.js';
import { openSharedCatalog } from './catalog.js';
import { pullLeased } from './leased-profiles.js';
import { pullWork, type PullCommand } from './shared.js';

type RunOne = (ctx: Context, c: PullCommand) => Promise<void>;

export interface ProfileResult {
  name: string;
  dir: string;
  summary?: { s: PullSummary; view: SummaryView; http: HttpClient };
  /** Why the profile failed; undefined when it pulled (or found nothing new). */
  error?: unknown;
  /** Pulled, but some documents were refused or manifestations rejected (exit 7 of its own). */
  partial?: string;
  /** Pulled whole by another run (a shared catalog's lease) since this one started: nothing to do. */
  elsewhere?: string;
}

/** The profiles a run names, checked before anything is locked or sent. */
async function profileNames(ctx: Context, pull: PullCommand['pull']): Promise<string[]> {
  if (pull.profiles && pull.allProfiles) throw new UsageError('--profiles and --all-profiles: give one of them');
  if (ctx.globals.profile !== undefined)
    throw new UsageError('--profile and --profiles/--all-profiles: the profiles to pull are named by --profiles alone');
  const store = await ctx.config();
  const stored = store.list().map((p) => p.name);
  const names = pull.allProfiles ? stored : [...new Set(pull.profiles ?? [])];
  if (names.length === 0) {
    throw new ConfigError(pull.allProfiles ? '--all-profiles: no profile is stored' : '--profiles: no profile named', {
      details: ['add one with `fiscal profile add <name>`; list them with `fiscal profile list`'],
    });
  }
  for (const name of names) {
    const problem = profileNameProblem(name);
    if (problem) throw new UsageError(`--profiles: "${name}" is not a profile name: ${problem}`);
    if (name !== EMULATOR_PROFILE && !stored.includes(name)) {
      throw new ConfigError(`--profiles: unknown profile "${name}"`, {
        details: [
          `known profiles: ${[...stored, `${EMULATOR_PROFILE} (built-in)`].join(', ')}`,
          'add one with `fiscal profile add <name>`',
        ],
      });
    }
  }
  return names;
}

export async function runProfiles(ctx: Context, c: PullCommand, runOne: RunOne): Promise<void> {
  const names = await profileNames(ctx, c.pull);
  const catalog = await openSharedCatalog(ctx, c.pull.catalog, names);
  const root = c.pull.dir;
  const stateDir = join(root, '.fiscal');
  await writingLocalFiles({ folder: root }, () => mkdir(stateDir, { recursive: true }));
  // With a shared catalog, several machines pull into one folder: leases of each profile's folder
  // take the place of this lock (./leased-profiles.ts).
  const lock = catalog
    ? undefined
    : await acquireLock(stateDir, {
        waitSeconds: c.pull.lockWait,
        clock: ctx.clock,
        signal: ctx.signal,
        warn: ctx.log.warn,
      });
  const started = ctx.clock.now();
  // Profiles at once, and the streams of each: together within --concurrency.
  const atOnce = Math.min(c.pull.concurrency, names.length);
  const streamsEach = Math.max(1, Math.floor(c.pull.concurrency / atOnce));
  const limit = new Semaphore(atOnce);
  const one = (name: string, leased: LeasedFolder | null) =>
    runProfile(ctx, c, runOne, name, { streamsEach, started, leased });
  let results: ProfileResult[];
  try {
    results = catalog
      ? await pullLeased(ctx, catalog, root, names, limit, one, pullWork(c))
      : await Promise.all(
          names.map(async (name): Promise<ProfileResult> => {
            const release = await limit.acquire();
            try {
              return await one(name, null);
            } finally {
              release();
            }
          }),
        );
  } finally {
    await lock?.release();
  }
  report(ctx, root, results);
  if (ctx.signal.aborted)
    throw ctx.signal.reason instanceof InterruptedError ? ctx.signal.reason : new InterruptedError('pull stopped');
  const failed = results.filter((r) => r.error !== undefined);
  const partial = results.filter((r) => r.partial !== undefined);
  // Stopped by the time limit and nothing worse: exit 12, as a single pull would.
  if (partial.length === 0 && failed.length > 0 && failed.every((r) => r.error instanceof TimeLimitError))
    throw new TimeLimitError(
      `${failed.map((r) => r.name).join(', ')}: stopped at the --max-duration limit; run the same command again to continue`,
    );
  if (
    failed.length > 0 &&
    failed.length === results.length &&
    new Set(failed.map((r) => exitCodeOf(r.error))).size === 1
  ) {
    // Every profile failed alike (the service is down, the folder is read-only): that exit code.
    throw failed[0]!.error;
  }
  if (failed.length + partial.length > 0) {
    const named = [...failed, ...partial].map((r) => r.name);
    throw new PartialError(
      `${named.length} of ${results.length} profiles did not pull everything: ${named.join(', ')}`,
      {
        details: [
          `why is on each one's line above${failed.length ? '; the other profiles were pulled: fix these and run the same command again' : ''}`,
        ],
      },
    );
  }
  if (c.pull.errorOnNothingNew && results.every((r) => (r.summary?.s.documents ?? 0) === 0))
    throw new NothingNewError('no new documents in any profile');
}

async function runProfile(
  ctx: Context,
  c: PullCommand,
  runOne: RunOne,
  name: string,
  o: { streamsEach: number; started: number; leased: LeasedFolder | null },
): Promise<ProfileResult> {
  const dir = join(c.pull.dir, name);
  const result: ProfileResult = { name, dir };
  if (ctx.signal.aborted) return { ...result, error: new InterruptedError('not started: the run was stopped') };
  // --max-duration is the whole run's: a profile that starts late has what is left of it.
  let maxDuration = c.pull.maxDuration;
  if (maxDuration !== undefined) {
    maxDuration -= (ctx.clock.now() - o.started) / 1000;
    if (maxDuration <= 0)
      return { ...result, error: new TimeLimitError('not started: the --max-duration limit was reached first') };
  }
  const pull = { ...c.pull, dir, concurrency: o.streamsEach, maxDuration, profiles: undefined, allProfiles: undefined };
  try {
    await runOne(profileContext(ctx, name), {
      ...c,
      pull,
      leased: o.leased,
      report: (s, view, http) => (result.summary = { s, view, http }),
    });
  } catch (error) {
    if (error instanceof NothingNewError) return result;
    if (error instanceof PartialError) return { ...result, partial: error.message };
    return { ...result, error };
  }
  return result;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One line per profile on stderr; with -o json/ndjson, one object with a summary per profile on stdout. */
function report(ctx: Context, root: string, results: ProfileResult[]): void {
  const format = ctx.outputFormat();
  const machine = format !== 'table';
  if (!machine || !ctx.globals.quiet) {
    for (const r of results) ctx.io.stderr.write(`${lineOf(r)}\n`);
  }
  if (!machine) return;
  const json = {
    dir: root,
    profiles: results.map((r) => ({
      profile: r.name,
      ok: r.error === undefined && r.partial === undefined,
      error: r.error !== undefined ? messageOf(r.error) : (r.partial ?? null),
      ...(r.elsewhere !== undefined ? { pulledBy: r.elsewhere } : {}),
      ...(r.summary ? summaryJson(r.summary.s, r.summary.view, r.summary.http.stats) : { dir: r.dir }),
    })),
  };
  ctx.io.stdout.write(format === 'json' ? `${JSON.stringify(json, null, 2)}\n` : `${JSON.stringify(json)}\n`);
}

function lineOf(r: ProfileResult): string {
  const line = r.summary ? summaryLine(r.summary.s, r.summary.view) : undefined;
  if (r.elsewhere !== undefined) return `${r.name}: pulled by another run since this one started (${r.elsewhere})`;
  if (r.error === undefined) return `${r.name}: ${line ?? `nothing pulled into ${r.dir}`}`;
  const kept = r.summary && r.summary.s.kept.documents > 0 ? ` (${line})` : '';
  return `${r.name}: FAILED: ${messageOf(r.error)}${kept}`;
}

/**
 * The context of one profile: the run's, with --profile set to it (so its stored credentials and
 * base URL win over FISCAL_* variables), its own target and HTTP client (own pacing and retry
 * budget), messages prefixed with its name, and no progress spinner (several run at once).
 */
function profileContext(ctx: Context, name: string): Context {
  const globals = { ...ctx.globals, profile: name };
  const log: Logger = {
    info: (m) => ctx.log.info(`${name}: ${m}`),
    warn: (m) => ctx.log.warn(`${name}: ${m}`),
    debug: (m) => ctx.log.debug(`[${name}] ${m}`),
  };
  let target: Promise<ResolvedTarget> | undefined;
  let http: Promise<HttpClient> | undefined;
  const derived: Context = {
    io: { ...ctx.io, stderrIsTTY: false },
    env: ctx.env,
    clock: ctx.clock,
    globals,
    log,
    prompter: ctx.prompter,
    signal: ctx.signal,
    version: ctx.version,
    outputFormat: () => ctx.outputFormat(),
    config: () => ctx.config(),
    target() {
      target ??= import('../../config/resolve.js').then((m) => m.resolveTarget(derived));
      return target;
    },
    http() {
      http ??= derived.target().then((t) => {
        const client = createHttpClient({
          baseUrl: t.baseUrl,
          apiId: t.apiId,
          apiKey: t.apiKey,
          userAgent: `fiscal/${ctx.version}`,
          ...(globals.timeoutMs !== undefined ? { timeoutMs: globals.timeoutMs } : {}),
          clock: ctx.clock,
          log,
          signal: ctx.signal,
        });
        ctx.defer(() => client.close());
        return client;
      });
      return http;
    },
    defer: (fn) => ctx.defer(fn),
  };
  return derived;
}
