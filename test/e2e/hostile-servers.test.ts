// End to end: `fiscal pull` against servers that misbehave on purpose (test/helpers/hostile-server.ts),
// one per mode. Whatever a server does, the run ends (within 2 minutes: the spawn is killed past
// that, and the test says so), within 200 MB of memory (the peak the child's resource usage reports),
// and with the documented exit code: 11 for an answer that cannot be read, 5 for one that never
// comes whole or a stream that makes no progress.
import { existsSync } from 'node:fs';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../src/errors.js';
import { PAGES_AHEAD } from '../../src/sync/lane.js';
import { MAX_KNOWN_PAGES } from '../../src/sync/pull-streams.js';
import { REFUSALS_LISTED } from '../../src/sync/write-page.js';
import { BIN, freshConfigDir } from '../helpers/cli.js';
import { startHostileServer, type HostileMode, type HostileServer } from '../helpers/hostile-server.js';
import { readNdjson, tempDir } from '../helpers/tree.js';

/** GNU time reports the child's peak resident memory; without it the memory bound goes unchecked. */
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
if (!TIME) console.warn("hostile servers: /usr/bin/time is missing, so the runs' peak memory is not checked");

const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

interface HostileRun {
  exitCode: number;
  stderr: string;
  /** Peak resident memory of the run, in MB (undefined without /usr/bin/time). */
  peakMb: number | undefined;
  timedOut: boolean;
  dir: string;
  server: HostileServer;
}

async function pullFrom(mode: HostileMode, extra: string[] = []): Promise<HostileRun> {
  const server = await startHostileServer(mode);
  servers.push(server);
  const dir = tempDir();
  const cli = [process.execPath, BIN, 'pull', 'nfe', '--role', 'received', '--dir', dir, ...extra];
  const cmd = TIME ? [TIME, '-f', 'peak_rss_kb=%M', ...cli] : cli;
  const r = await execa(cmd[0]!, cmd.slice(1), {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NO_COLOR: '1',
      FISCAL_CONFIG_DIR: freshConfigDir(),
      FISCAL_BASE_URL: server.url,
      FISCAL_API_ID: 'hostile-id',
      FISCAL_API_KEY: 'hostile-key-0123456789',
    },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    timeout: 120_000,
  });
  let stderr = String(r.stderr);
  const peak = /\n?peak_rss_kb=(\d+)\s*$/.exec(stderr);
  // GNU time's own lines: the peak, and the exit status it repeats.
  if (peak)
    stderr = stderr
      .slice(0, peak.index)
      .replace(/\n?Command (exited with non-zero status|terminated by signal) \d+$/, '');
  const peakMb = peak ? Number(peak[1]) / 1024 : undefined;
  return { exitCode: r.exitCode ?? -1, stderr, peakMb, timedOut: r.timedOut, dir, server };
}

/** Ended by itself with `code`, within 200 MB; the message matches `said`. */
function expectEnded(r: HostileRun, code: number, said: RegExp): void {
  expect(r.timedOut, 'the run was still going after 2 minutes').toBe(false);
  expect(r.exitCode, r.stderr).toBe(code);
  expect(r.stderr).toMatch(said);
  if (TIME) expect(r.peakMb, 'peak resident memory, MB').toBeDefined();
  if (r.peakMb !== undefined) expect(r.peakMb).toBeLessThan(200);
}

// The modes are independent (a server and a run each): run at once, most of them wait.
describe.concurrent('fiscal pull against a hostile server', () => {
  it('a 200 answer whose chunked body never ends: refused past 64 MB, exit 11', async () => {
    const r = await pullFrom('endless-body');
    expectEnded(r, ExitCode.unreadableAnswer, /GET \/v1\/nfe\/received: answer larger than 64 MB; refused/);
  });

  it('a 200 MB body: refused from its Content-Length, exit 11', async () => {
    const r = await pullFrom('huge-body');
    expectEnded(r, ExitCode.unreadableAnswer, /answer larger than 64 MB; refused/);
  });

  it('headers, then one byte per second: the timeout covers the whole answer, exit 5', async () => {
    const r = await pullFrom('slow-body', ['--timeout', '1']);
    expectEnded(r, ExitCode.temporary, /the answer did not arrive whole within 4 s; gave up after/);
  });

  it('accepts and never answers: one retry budget for the run, not one per endpoint, exit 5', async () => {
    const r = await pullFrom('no-answer', ['--timeout', '1']);
    expectEnded(r, ExitCode.temporary, /no response within 1 s; gave up/);
    // The count that plans a backfill spends the attempts (6), the probes sent with it one each
    // (24: sent once, they spend none of the run's retries); the listing after it gets one.
    expect(r.server.listings()).toBeLessThanOrEqual(7 + 24);
  });

  it('pages of refused documents for ever: stopped by the no-progress guard, the warning said once with a count, exit 5', async () => {
    const r = await pullFrom('refused-forever');
    expectEnded(
      r,
      ExitCode.temporary,
      /pages in a row that wrote nothing \(documents already in the folder, or refused\)/,
    );
    expect(r.stderr.split('\n').filter((l) => l.includes('not written')).length).toBe(REFUSALS_LISTED);
    expect(r.stderr).toMatch(/further documents refused are counted in the summary, not listed/);
    expect(r.server.listings()).toBeLessThanOrEqual(MAX_KNOWN_PAGES + PAGES_AHEAD + 1);
  });

  it('a cursor that goes backwards: said, and the run stops with exit 11, the pages before it kept', async () => {
    const r = await pullFrom('backwards-cursor');
    expectEnded(r, ExitCode.unreadableAnswer, /page\.next goes backwards: cursor 5 after cursor 10/);
    expect(readNdjson(`${r.dir}/index.ndjson`)).toHaveLength(1);
  });

  it('R14: a bad signature twice on the same body is never accepted: exit 11', async () => {
    const r = await pullFrom('bad-signature');
    expectEnded(
      r,
      ExitCode.unreadableAnswer,
      /page signature does not match its data \(the same body twice\); refused/,
    );
    expect(r.server.listings()).toBe(2);
    expect(existsSync(`${r.dir}/index.ndjson`) ? readNdjson(`${r.dir}/index.ndjson`) : []).toHaveLength(0);
  });

  it('a whole web page (200 text/html): exit 11 at once naming its type and the base URL, never retried as cut short', async () => {
    const r = await pullFrom('web-page');
    expectEnded(
      r,
      ExitCode.unreadableAnswer,
      /GET \/v1\/nfe\/received: the server answered 200 OK with text\/html \(33 bytes\), not JSON: is the base URL \(http:\/\/127\.0\.0\.1:\d+\) the API's\?/,
    );
    expect(r.stderr).not.toMatch(/truncated|retry/);
    expect(r.server.listings()).toBe(1);
  });

  it('a redirect (302 to https): exit 11 naming where it points and the https base URL to try', async () => {
    const r = await pullFrom('redirect');
    const port = new URL(r.server.url).port;
    expectEnded(
      r,
      ExitCode.unreadableAnswer,
      new RegExp(
        `GET /v1/nfe/received: the server redirected \\(302 Found\\) to https://127\\.0\\.0\\.1:${port}/v1/nfe/received\\?\\S*, which fiscal does not follow .*; it points to https: try --base-url https://127\\.0\\.0\\.1:${port}`,
      ),
    );
    expect(r.server.listings()).toBe(1);
  });

  it.each([
    ['no-status-message', /unexpected response body: status\.message: /],
    ['null-xml', /unexpected response body: data\.0\.xml: /],
  ] as const)('an answer of the wrong shape (%s): exit 11 naming the field, not "a bug"', async (mode, said) => {
    const r = await pullFrom(mode);
    expectEnded(r, ExitCode.unreadableAnswer, said);
    expect(r.stderr).not.toMatch(/please report/);
  });
});
