// Servers that misbehave on purpose, one per mode, on 127.0.0.1: raw node:http (node:net for one
// that never answers), so that nothing in between tidies up what they send. The API's v1 NF-e
// listing is the only route they pretend to serve; anything else gets a 404 (a count the pull then
// does without).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { phpJsonEncodings } from '../../src/api/wire/common.js';

export type HostileMode =
  | 'endless-body'
  | 'slow-body'
  | 'no-answer'
  | 'huge-body'
  | 'refused-forever'
  | 'backwards-cursor'
  | 'bad-signature'
  | 'no-status-message'
  | 'null-xml'
  | 'web-page'
  | 'redirect';

export interface HostileServer {
  url: string;
  /** Requests of the listing received so far. */
  listings(): number;
  close(): Promise<void>;
}

const LISTING = '/v1/nfe/received';
const MB = 1024 * 1024;

/** A v1 page (R12) of `data`, signed (R14) unless a signature is given. */
function page(data: unknown[], cursor: number, next: number, over: Record<string, unknown> = {}): string {
  const url = (c: number) => `http://127.0.0.1${LISTING}?cursor=${c}&limit=50`;
  const signature = createHash('sha256').update(phpJsonEncodings(data)[0]!).digest('hex');
  return JSON.stringify({
    status: { code: 200, message: 'OK' },
    data,
    page: { next: url(next), previous: url(cursor) },
    count: data.length,
    signature,
    ...over,
  });
}

const xmlOf = (n: number) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc><NFe><infNFe Id="NFe${String(n).padStart(44, '3')}"><ide><nNF>${n}</nNF><dhEmi>2026-05-01T10:00:00-03:00</dhEmi></ide><emit><CNPJ>11222333000181</CNPJ></emit><dest><CNPJ>44555666000181</CNPJ></dest></infNFe></NFe></nfeProc>`,
  ).toString('base64');

/** An item whose access key can never be part of a file path: refused by every layout. */
const refusedItem = (n: number) => ({ access_key: `../escape-${n}`, xml: xmlOf(n) });
const goodItem = (n: number) => ({ access_key: String(n).padStart(44, '3'), xml: xmlOf(n) });

/** `total` bytes of a JSON prefix and padding (endless by default), as fast as the client takes them. */
function flood(res: ServerResponse, headers: Record<string, string>, total = Infinity): void {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  const chunk = Buffer.alloc(256 * 1024, 0x61);
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

function answerListing(mode: HostileMode, req: IncomingMessage, res: ServerResponse): void {
  const cursor = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('cursor') ?? 0);
  const json = (body: string) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  switch (mode) {
    case 'endless-body':
      return flood(res, {});
    case 'huge-body':
      return flood(res, { 'content-length': String(200 * MB) }, 200 * MB);
    case 'slow-body': {
      res.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write(' ')), 1000);
      res.on('close', () => clearInterval(drip));
      return void res.write('{');
    }
    case 'refused-forever':
      return json(page([refusedItem(cursor), refusedItem(cursor + 1), refusedItem(cursor + 2)], cursor, cursor + 3));
    case 'backwards-cursor':
      return json(page([goodItem(cursor + 1)], cursor, cursor === 0 ? 10 : cursor - 5));
    case 'bad-signature':
      return json(page([goodItem(1)], cursor, cursor + 1, { signature: 'f'.repeat(64) }));
    case 'no-status-message':
      return json(page([goodItem(1)], cursor, cursor + 1, { status: { code: 200 } }));
    case 'null-xml':
      return json(page([{ access_key: goodItem(1).access_key, xml: null }], cursor, cursor + 1));
    case 'web-page': {
      // A proxy's or a login portal's page, whole: its length said and sent.
      const html = '<html><body>gateway</body></html>';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
      return void res.end(html);
    }
    case 'redirect':
      // What a server listening on http says to send the client to https.
      res.writeHead(302, { location: `https://${req.headers.host}${req.url}`, 'content-length': 0 });
      return void res.end();
    case 'no-answer':
      return;
  }
}

export async function startHostileServer(mode: HostileMode): Promise<HostileServer> {
  let listings = 0;
  const sockets = new Set<Socket>();
  const server =
    mode === 'no-answer'
      ? // Accepts, reads, and never says a word.
        createNetServer((socket) => {
          listings++;
          sockets.add(socket);
          socket.on('data', () => undefined);
          socket.on('error', () => undefined);
          socket.on('close', () => sockets.delete(socket));
        })
      : createServer((req, res) => {
          req.resume();
          res.on('error', () => undefined);
          const path = new URL(req.url ?? '/', 'http://x').pathname;
          if (req.method !== 'GET' || path !== LISTING) {
            res.writeHead(404, { 'content-type': 'application/json' });
            return void res.end('{"status":{"code":404,"message":"Not Found"},"error":"not here"}');
          }
          listings++;
          answerListing(mode, req, res);
        });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    listings: () => listings,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
