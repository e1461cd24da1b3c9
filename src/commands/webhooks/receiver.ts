// The local HTTP receiver behind `fiscal webhooks listen`. Each request is checked in this order:
// POST only (405), at most BODY_LIMIT bytes (413, the rest is not read), the signature when a
// secret is set (401), a JSON object with a string `id` (400); then, for an id not seen before (or
// every time with `all`), it is forwarded when asked (a failure answers 502, so the service
// retries it later) and handed to `onNotification`. A bad request never stops the receiver.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifySignature } from '../../api/webhook-signature.js';
import type { Forwarder } from './forward.js';

/** Designed: the largest notification body accepted (1 MiB). */
const BODY_LIMIT = 1024 * 1024;
/** Ids remembered for de-duplication; the oldest are forgotten past this (retries come soon after). */
const SEEN_MAX = 10_000;

interface ReceiverOptions {
  host: string;
  port: number;
  /** When set, every notification must carry a valid, fresh signature made with it. */
  secret?: string | undefined;
  /** Hand every delivery on, retries of an id already handled included. */
  all: boolean;
  /** Stop after this many notifications were handed on. */
  max?: number | undefined;
  forward?: Forwarder | undefined;
  nowSeconds(): number;
  /** One accepted notification: the body as received, re-encoded compact on one line. */
  onNotification(line: string): void;
  /** A refused request or a failed forward, for stderr. */
  onProblem(message: string): void;
}

interface Receiver {
  url: string;
  /** Resolves when the server has closed: after close(), or once `max` notifications were handled. */
  done: Promise<void>;
  close(): void;
}

type Outcome = { status: number; error?: string };

export async function startReceiver(o: ReceiverOptions): Promise<Receiver> {
  const seen = new Set<string>();
  let handled = 0;
  let stopping = false;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));

  const server = createServer((req, res) => {
    // A client that goes away mid-request must not take the receiver with it.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    void handle(req, res).catch((error: unknown) => {
      o.onProblem(`${req.method} ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent) reply(req, res, { status: 500, error: 'internal error' });
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  function remember(id: string): void {
    seen.add(id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value!);
  }

  function close(): void {
    if (stopping) return;
    stopping = true;
    server.close(() => resolveDone());
    server.closeIdleConnections();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (stopping) return reply(req, res, { status: 503, error: 'the listener is stopping' });
    const outcome = await receive(req);
    if (outcome.status >= 400) o.onProblem(`${req.method} ${req.url}: ${outcome.status} ${outcome.error}`);
    reply(req, res, outcome);
    if (outcome.status === 413) res.on('finish', () => req.destroy());
    if (o.max !== undefined && handled >= o.max) res.on('finish', close);
  }

  async function receive(req: IncomingMessage): Promise<Outcome> {
    if (req.method !== 'POST') {
      req.resume();
      return { status: 405, error: `method ${req.method} not allowed: notifications are POSTed` };
    }
    const declared = Number(req.headers['content-length']);
    if (declared > BODY_LIMIT)
      return { status: 413, error: `body of ${declared} bytes is over the limit of ${BODY_LIMIT}` };
    const body = await readBody(req);
    if (body === undefined) return { status: 413, error: `body is over the limit of ${BODY_LIMIT} bytes` };
    if (o.secret !== undefined) {
      const check = verifySignature(
        o.secret,
        req.headers[SIGNATURE_HEADER] as string | undefined,
        body,
        o.nowSeconds(),
      );
      if (!check.ok) return { status: 401, error: check.reason };
    }
    const notification = parseNotification(body);
    if (typeof notification === 'string') return { status: 400, error: notification };
    if (!o.all && seen.has(notification.id)) return { status: 200 };
    if (o.forward) {
      const failure = await o.forward(body, req.headers);
      if (failure !== undefined) return { status: 502, error: `forwarding ${notification.id} failed: ${failure}` };
    }
    remember(notification.id);
    handled++;
    o.onNotification(JSON.stringify(notification.json));
    return { status: 200 };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${host}:${address.port}`, done, close };
}

/** The body, or undefined as soon as it grows past BODY_LIMIT (reading stops there). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        req.off('data', onData);
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    // A sender that goes away mid-body ends the request without 'end'; after 'end' this is a no-op.
    req.on('close', () => reject(new Error('the sender closed the connection before the body ended')));
  });
}

function parseNotification(body: Buffer): { id: string; json: unknown } | string {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return 'body is not JSON';
  }
  const id =
    typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' || id === '') return 'body is not a notification: no string "id"';
  return { id, json };
}

function reply(req: IncomingMessage, res: ServerResponse, outcome: Outcome): void {
  const body = JSON.stringify(outcome.error === undefined ? { received: true } : { error: outcome.error });
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  };
  if (outcome.status === 405) headers.Allow = 'POST';
  // Unread request bytes stay on the socket: it cannot carry another request.
  if (outcome.status === 413 || !req.complete) headers.Connection = 'close';
  res.writeHead(outcome.status, headers);
  res.end(body);
}
