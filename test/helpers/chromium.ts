// A real browser for the tests of pages fiscal writes: Debian's headless chromium, driven over
// the DevTools protocol on a pipe (--remote-debugging-pipe: commands on fd 3, answers on fd 4, each
// message JSON ended by a NUL), so no port is opened and no npm package is needed. `.ci/run`
// installs chromium; without it the tests that need it are skipped, saying so.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { hostTool } from './host-tools.js';

export const CHROMIUM = 'chromium';

export const hasChromium = (): boolean =>
  hostTool(
    CHROMIUM,
    ['--headless', '--no-sandbox', '--disable-gpu', '--dump-dom', 'about:blank'],
    'the HTML report opened in a real browser',
    'chromium',
  );

export interface PageVisit {
  /** Console errors, uncaught exceptions and browser log errors (a refused fetch, a CSP violation). */
  errors: string[];
  /** What `expression` evaluated to in the loaded page (returnByValue). */
  value: unknown;
  /** A PNG of the page. */
  screenshot: Buffer;
}

/** The page at `url` printed by headless chromium to `pdf` (A4 unless the page's CSS says otherwise). */
export function printToPdf(url: string, pdf: string): void {
  const profile = mkdtempSync(join(tmpdir(), 'fiscal-chromium-'));
  try {
    const r = spawnSync(
      CHROMIUM,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--user-data-dir=${profile}`,
        '--no-pdf-header-footer',
        `--print-to-pdf=${pdf}`,
        url,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    if (r.status !== 0) throw new Error(`chromium --print-to-pdf exited ${r.status ?? r.signal}`);
  } finally {
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

interface Message {
  id?: number;
  method?: string;
  params?: any;
  result?: any;
  error?: { message: string };
  sessionId?: string;
}

/** Opens `url` in headless chromium, waits for its load event, evaluates `expression`, screenshots it. */
export async function visitPage(
  url: string,
  expression: string,
  size = { width: 1280, height: 2000 },
): Promise<PageVisit> {
  const profile = mkdtempSync(join(tmpdir(), 'fiscal-chromium-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      `--window-size=${size.width},${size.height}`,
      'about:blank',
    ],
    // Its own process group, so that its helper processes can be ended with it.
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true },
  );
  child.stderr!.resume();
  const cdp = new Pipe(child);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const page = (targetInfos as { type: string; targetId: string }[]).find((t) => t.type === 'page');
    if (!page) throw new Error('chromium opened no page');
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: page.targetId, flatten: true });
    const errors: string[] = [];
    cdp.onEvent = (m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error')
        errors.push(`console: ${m.params.args.map((a: any) => a.value ?? a.description).join(' ')}`);
      if (m.method === 'Runtime.exceptionThrown')
        errors.push(`exception: ${m.params.exceptionDetails.exception?.description ?? m.params.exceptionDetails.text}`);
      if (m.method === 'Log.entryAdded' && m.params.entry.level === 'error') errors.push(`log: ${m.params.entry.text}`);
    };
    for (const domain of ['Page', 'Runtime', 'Log']) await cdp.send(`${domain}.enable`, {}, sessionId);
    const loaded = cdp.waitFor('Page.loadEventFired', sessionId);
    await cdp.send('Page.navigate', { url }, sessionId);
    await loaded;
    const evaluated = await cdp.send('Runtime.evaluate', { expression, returnByValue: true }, sessionId);
    if (evaluated.exceptionDetails) errors.push(`evaluate: ${evaluated.exceptionDetails.text}`);
    const shot = await cdp.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true }, sessionId);
    await cdp.send('Browser.close').catch(() => {});
    return { errors, value: evaluated.result?.value, screenshot: Buffer.from(shot.data as string, 'base64') };
  } finally {
    cdp.close();
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    // Chromium's helper processes (crash handler, zygote) may outlive it, still writing the profile.
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

class Pipe {
  private next = 1;
  private buffer = '';
  private readonly pending = new Map<number, { resolve(v: any): void; reject(e: Error): void }>();
  private readonly waiters: { method: string; sessionId?: string; resolve(v: any): void }[] = [];
  onEvent: (m: Message) => void = () => {};
  private readonly out: Writable;

  constructor(private readonly child: ChildProcess) {
    this.out = child.stdio[3] as Writable;
    const input = child.stdio[4] as Readable;
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => this.receive(chunk));
    child.once('exit', (code) => {
      for (const p of this.pending.values()) p.reject(new Error(`chromium exited (${code})`));
      this.pending.clear();
    });
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<any> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.out.write(`${JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) })}\0`);
    });
  }

  waitFor(method: string, sessionId?: string): Promise<any> {
    return new Promise((resolve) => this.waiters.push({ method, sessionId, resolve }));
  }

  close(): void {
    if (this.child.exitCode === null) this.child.kill();
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\0')) >= 0) {
      const m = JSON.parse(this.buffer.slice(0, end)) as Message;
      this.buffer = this.buffer.slice(end + 1);
      if (m.id !== undefined) {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error) p?.reject(new Error(m.error.message));
        else p?.resolve(m.result);
        continue;
      }
      this.onEvent(m);
      const i = this.waiters.findIndex((w) => w.method === m.method && (!w.sessionId || w.sessionId === m.sessionId));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m.params);
    }
  }
}
