// Sending notifications: one signed POST per attempt, delivered on a 2xx within the timeout, else
// retried with exponential backoff until the last attempt, each attempt recorded. Nothing here
// runs inside a request: the store's listener only queues, so request handling never waits on a
// receiver. close() drops the pending retries and cuts the requests in flight.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signatureHeader, SIGNATURE_HEADER } from '../../api/webhook-signature.js';
import type { WebhookDelivery, WebhookNotification } from '../../api/wire/webhooks.js';
import { brt } from '../data/xml-util.js';
import { randomId, type WebhookRegistry } from './registry.js';

export interface WebhookDeliveryOptions {
  /** Designed: 10 s for the endpoint to answer. */
  timeoutMs?: number;
  /** Delay before the second attempt, doubling after each (designed: 1000 ms). */
  retryBaseMs?: number;
  /** Designed: 6 attempts, then the notification is given up (`failed`). */
  maxAttempts?: number;
}

const DEFAULT_DELIVERY: Required<WebhookDeliveryOptions> = { timeoutMs: 10_000, retryBaseMs: 1_000, maxAttempts: 6 };

interface Job {
  endpointId: string;
  notification: WebhookNotification;
  body: string;
  attempts: number;
}

interface AttemptResult {
  statusCode: number | null;
  error: string | null;
}

export class WebhookDeliverer {
  private readonly options: Required<WebhookDeliveryOptions>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<ClientRequest>();
  /** Notifications not yet delivered nor given up. */
  private pending = 0;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly registry: WebhookRegistry,
    private readonly now: () => number,
    options: WebhookDeliveryOptions = {},
  ) {
    this.options = { ...DEFAULT_DELIVERY, ...definedOf(options) };
    for (const [name, value] of Object.entries(this.options)) {
      if (!(Number.isInteger(value) && value >= (name === 'maxAttempts' ? 1 : 0)))
        throw new RangeError(`webhooks: ${name} must be a whole number, got ${value}`);
    }
  }

  /** Queues the first attempt; the caller goes on at once. */
  send(endpointId: string, notification: WebhookNotification): void {
    if (this.closed) return;
    this.pending++;
    this.schedule({ endpointId, notification, body: JSON.stringify(notification), attempts: 0 }, 0);
  }

  /** Resolves when every queued notification is delivered, given up or dropped. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const req of this.inFlight) req.destroy();
    this.inFlight.clear();
    this.pending = 0;
    this.settle();
  }

  private schedule(job: Job, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(job);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(job: Job): Promise<void> {
    const endpoint = this.registry.endpoint(job.endpointId);
    // An endpoint deleted meanwhile takes its notifications with it.
    if (!endpoint) return this.done();
    const timestamp = Math.floor(Date.now() / 1_000);
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'fiscal-emulator-webhooks',
      [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, job.body),
    };
    const result = await this.post(endpoint.url, job.body, headers);
    if (this.closed) return;
    job.attempts++;
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const retry = !delivered && job.attempts < this.options.maxAttempts;
    const delayMs = this.options.retryBaseMs * 2 ** (job.attempts - 1);
    const nowMs = this.now();
    const delivery: WebhookDelivery = {
      id: randomId('wd_'),
      notification_id: job.notification.id,
      type: job.notification.type,
      attempt: job.attempts,
      at: brt(nowMs),
      status_code: result.statusCode,
      error: delivered ? null : (result.error ?? `endpoint answered ${result.statusCode}`),
      outcome: delivered ? 'delivered' : retry ? 'retrying' : 'failed',
      next_attempt_at: retry ? brt(nowMs + delayMs) : null,
    };
    this.registry.recordDelivery(job.endpointId, delivery);
    if (retry) this.schedule(job, delayMs);
    else this.done();
  }

  /** One POST: the status answered, or null with why no answer came in time. */
  private post(url: string, body: string, headers: Record<string, string>): Promise<AttemptResult> {
    return new Promise((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve({ statusCode: null, error: `unreadable URL ${url}` });
      }
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        target,
        { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent: false },
        (res) => {
          res.resume();
          resolve({ statusCode: res.statusCode ?? null, error: null });
        },
      );
      this.inFlight.add(req);
      const timer = setTimeout(
        () => req.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)),
        this.options.timeoutMs,
      );
      timer.unref();
      req.on('error', (error) => resolve({ statusCode: null, error: error.message }));
      req.on('close', () => {
        clearTimeout(timer);
        this.inFlight.delete(req);
      });
      req.end(body);
    });
  }

  private done(): void {
    if (this.pending > 0) this.pending--;
    this.settle();
  }

  private settle(): void {
    if (this.pending > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

function definedOf<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}
