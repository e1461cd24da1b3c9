// The one PDF fetcher (api/pdf.ts fetchPdf) every PDF endpoint goes through, boletos, receipts,
// invoices and utility bills included: what it takes as a PDF, and what it refuses as a protocol
// error rather than writing it to a file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boletoPdf } from '../../../src/api/boletos.js';
import { createHttpClient } from '../../../src/api/http.js';
import { invoicePdf } from '../../../src/api/invoices.js';
import { receiptPdf } from '../../../src/api/receipts.js';
import { utilityPdf } from '../../../src/api/utilities.js';
import { ProtocolError } from '../../../src/errors.js';
import {
  createFakeClock,
  createMemoryLogger,
  startScriptedServer,
  type ScriptedServer,
} from '../../helpers/scripted-server.js';

let server: ScriptedServer;
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => server.close());

const client = () =>
  createHttpClient({
    baseUrl: server.url,
    apiId: 'id',
    apiKey: 'key',
    userAgent: 'fiscal/test',
    clock: createFakeClock(),
    log: createMemoryLogger(),
    random: () => 1,
  });

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const answer = (id: string, bytes: Buffer | string, headers: Record<string, string> = {}) => ({
  headers,
  body: { status: { code: 200, message: 'OK' }, data: { id, encoded_pdf: Buffer.from(bytes).toString('base64') } },
});

describe('fetchPdf through each record group', () => {
  const groups = [
    ['boleto', boletoPdf, '/v1/boletos/pdf', 'bol_0123456789abcdef'],
    ['receipt', receiptPdf, '/v1/receipts/pdf', 'rcp_0123456789abcdef'],
    ['invoice', invoicePdf, '/v1/invoices/pdf', 'inv_0123456789abcdef01234567'],
    ['utility bill', utilityPdf, '/v1/utilities/pdf', 'utl_0123456789abcdef01234567'],
  ] as const;

  for (const [what, download, path, id] of groups) {
    it(`R30a: the ${what} PDF is GET ${path}?id=, the decoded bytes when they are a PDF of the id asked for`, async () => {
      server.enqueue(answer(id, PDF));
      expect(await download(client(), id)).toEqual(PDF);
      expect([server.requests[0]!.path, server.requests[0]!.query.get('id')]).toEqual([path, id]);
    });

    it(`an answer for a ${what} PDF that is not a PDF, is empty, names another id or is not JSON is a protocol error`, async () => {
      const http = client();
      server.enqueue(
        answer(id, 'hello, not a pdf'),
        answer(id, '%PDF-'),
        answer('other', PDF),
        answer(id, PDF, { 'content-type': 'text/plain' }),
      );
      await expect(download(http, id)).rejects.toThrow(/is not a base64 PDF/);
      await expect(download(http, id)).rejects.toThrow(/is not a base64 PDF/);
      await expect(download(http, id)).rejects.toThrow(`got other`);
      await expect(download(http, id)).rejects.toBeInstanceOf(ProtocolError);
    });
  }
});
