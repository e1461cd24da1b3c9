// `fiscal pull nfe`: one stream per (role, owner), run by the crash-safe pull engine.
import { z } from 'zod';
import type { Context } from '../../context.js';
import type { HttpClient } from '../../api/http.js';
import type { NfeRole } from '../../api/wire/nfe.js';
import { NothingNewError, PartialError } from '../../errors.js';
import { createProgress } from '../../output/progress.js';
import { DEFAULT_LAYOUT, parseLayout } from '../../sync/layout.js';
import { runPull } from '../../sync/pull-engine.js';
import type { StreamSource } from '../../sync/source.js';
import { nfeV1Source, nfeV2Source } from '../../sync/sources/nfe.js';
import { humanSummary, type PullSummary } from '../../sync/summary.js';
import { parseWith } from '../options.js';
import { parseNfeSearchOptions, type NfeSearchOptions } from '../search/nfe-options.js';
import { planNfeSearch, V2_ONLY_FLAGS } from '../search/nfe-plan.js';

const PULL_KEYS = ['dir', 'layout', 'restart', 'wait', 'maxDuration', 'maxDocs', 'concurrency', 'errorOnNothingNew'] as const;

const pullSchema = z
  .object({
    dir: z.string().min(1),
    layout: z.string().optional(),
    restart: z.boolean().optional(),
    wait: z.coerce.number().nonnegative('expected seconds >= 0'),
    maxDuration: z.coerce.number().positive('expected seconds > 0').optional(),
    maxDocs: z.coerce.number().int('expected a whole number').positive('expected a number > 0').optional(),
    concurrency: z.coerce.number().int('expected a whole number').min(1).max(16, 'at most 16'),
    errorOnNothingNew: z.boolean().optional(),
  })
  .strict();

export interface PullNfeOptions {
  pull: z.infer<typeof pullSchema>;
  filters: NfeSearchOptions;
  api: 'v1' | 'v2';
}

export function parseOptions(raw: Record<string, unknown>): PullNfeOptions {
  const pullRaw: Record<string, unknown> = {};
  const filterRaw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) ((PULL_KEYS as readonly string[]).includes(k) ? pullRaw : filterRaw)[k] = v;
  const pull = parseWith(pullSchema, pullRaw);
  const filters = parseNfeSearchOptions({ ...filterRaw, all: true });
  const api = filters.api ?? (V2_ONLY_FLAGS.some((k) => filters[k] !== undefined) ? 'v2' : 'v1');
  // Planned once here so that every flag problem shows before anything is sent or locked.
  for (const role of filters.role ?? []) planNfeSearch({ ...filters, role: [role], api }, new Date(0));
  if (pull.layout) parseLayout(pull.layout, pull.dir);
  return { pull, filters, api };
}

export async function run(ctx: Context, o: PullNfeOptions): Promise<void> {
  const layout = parseLayout(o.pull.layout ?? DEFAULT_LAYOUT, o.pull.dir);
  const [http, target] = await Promise.all([ctx.http(), ctx.target()]);
  const sources = streams(http, o, { account: target.apiId, baseUrl: target.emulator ? 'emulator' : target.baseUrl }, ctx.clock.now());
  const progress = createProgress(ctx, { label: `pulling nfe (${sources.map((s) => s.label).join(', ')})` });
  let shown = 0;
  let summary: PullSummary;
  try {
    summary = await runPull({
      dir: o.pull.dir, layout, sources, restart: Boolean(o.pull.restart),
      maxDocs: o.pull.maxDocs, maxDurationMs: o.pull.maxDuration === undefined ? undefined : o.pull.maxDuration * 1000,
      concurrency: o.pull.concurrency, waitSeconds: o.pull.wait, clock: ctx.clock, signal: ctx.signal, log: ctx.log,
      onProgress: (written, total) => {
        if (total !== undefined) progress.setTotal(total);
        progress.tick(written - shown);
        shown = written;
      },
    });
  } catch (e) {
    progress.fail('pull stopped');
    throw e;
  }
  progress.stop();
  report(ctx, summary, http);
  const refused = summary.streams.reduce((n, s) => n + s.refused.length, 0);
  if (refused) throw new PartialError(`${refused} document(s) were refused and not written (see the warnings above)`);
  if (o.pull.errorOnNothingNew && summary.documents === 0 && !summary.stoppedBy) throw new NothingNewError('no new documents');
}

function streams(http: HttpClient, o: PullNfeOptions, id: { account: string; baseUrl: string }, now: number): StreamSource[] {
  const out: StreamSource[] = [];
  for (const role of [...new Set(o.filters.role ?? [])]) {
    for (const owner of o.filters.owner?.length ? [...new Set(o.filters.owner)] : ['']) {
      const key = { ...id, type: 'nfe', role, owner };
      const plan = planNfeSearch({ ...o.filters, role: [role], owner: owner ? [owner] : undefined, api: o.api }, new Date(now));
      if (plan.api === 'v1') out.push(nfeV1Source(http, key, plan.query));
      else {
        // A pull wants every document, not the API's default 30 days of emission (R19).
        const filters = plan.request.Filters ?? {};
        const request = filters.EmissionDate ? plan.request : { ...plan.request, Filters: { ...filters, EmissionDate: { From: '2000-01-01' } } };
        out.push(nfeV2Source(http, key, request));
      }
    }
  }
  return out;
}

function report(ctx: Context, s: PullSummary, http: HttpClient): void {
  const format = ctx.outputFormat();
  if (format === 'table') {
    ctx.io.stdout.write(`${humanSummary(s)}\n`);
    return;
  }
  const json = {
    documents: s.documents,
    bytes: s.bytes,
    duration_ms: Math.round(s.durationMs),
    stopped_by: s.stoppedBy ?? null,
    streams: s.streams.map((x) => ({
      type: x.type, role: x.role as NfeRole, owner: x.owner || null, endpoint: x.endpoint,
      documents: x.documents, skipped: x.skipped, refused: x.refused,
      first_position: x.firstFrom ?? null,
      last_position: x.lastResume ? (x.endpoint === 'v1' ? `cursor ${x.lastResume.cursor}` : x.lastResume.paginator ? `paginator ${x.lastResume.paginator}` : 'end') : null,
      total: x.total ?? null,
    })),
    http: { requests: http.stats.requests, retries: http.stats.retries, rate_limited: http.stats.rateLimited, paced_ms: Math.round(http.stats.pacedMs) },
  };
  ctx.io.stdout.write(format === 'json' ? `${JSON.stringify(json, null, 2)}\n` : `${JSON.stringify(json)}\n`);
}
