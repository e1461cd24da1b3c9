// POST /v1/nfe/upload and GET /v1/nfe/upload/status (R26): asynchronous NF-e batches, per-invoice
// results, the callback POSTed when processing ends, request ids private to their account (R3).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchCallbackSchema,
  batchStatusResponseSchema,
  batchUploadResponseSchema,
  type BatchData,
} from '../../../../src/api/wire/upload.js';
import { docXml, nfeXml } from '../../../../src/emulator/data/dataset.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { base64, rekeyed, renumberedKey } from '../../../helpers/upload-xml.js';
import { get, headersOf, post } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let callbacks: Server;
let callbackUrl: string;
const received: unknown[] = [];
let onCallback: (() => void) | undefined;

beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
  headers = headersOf(emu);
  callbacks = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.end();
      onCallback?.();
    });
  });
  await new Promise<void>((resolve) => callbacks.listen(0, '127.0.0.1', resolve));
  const address = callbacks.address() as { port: number };
  callbackUrl = `http://127.0.0.1:${address.port}/hook`;
});
afterAll(async () => {
  await emu?.close();
  await new Promise((resolve) => callbacks?.close(resolve));
});

function newNfe(code: number): { key: string; xml: string } {
  const doc = emu.store.nfesOf(emu.accounts[0]!.id).byRole.emitted[0]!.doc;
  const key = renumberedKey(doc.accessKey, code);
  return { key, xml: base64(rekeyed(nfeXml(doc), doc.accessKey, key)) };
}

async function statusOf(id: string, as = headers): Promise<{ status: number; data?: BatchData }> {
  const r = await get(emu, `/v1/nfe/upload/status?request_id=${id}`, as);
  return { status: r.status, ...(r.status === 200 ? { data: batchStatusResponseSchema.parse(r.body).data } : {}) };
}

async function untilDone(id: string): Promise<BatchData> {
  for (let i = 0; i < 200; i++) {
    const { data } = await statusOf(id);
    if (data?.status === 'done') return data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`batch ${id} never finished`);
}

describe('R26: batch NF-e upload', () => {
  it('R26: answers a request_id at once; the status reports one result per invoice, in order', async () => {
    const a = newNfe(201);
    const b = newNfe(202);
    const bad = 'bm90IHhtbA=='; // "not xml"
    const r = await post(emu, '/v1/nfe/upload', { invoices: [{ xml: a.xml }, { xml: bad }, { xml: b.xml }] }, headers);
    expect(r.status, r.text).toBe(200);
    const id = batchUploadResponseSchema.parse(r.body).request_id;
    const data = await untilDone(id);
    expect(data).toMatchObject({ request_id: id, total: 3, processed: 3 });
    expect(data.invoices.map((i) => [i.index, i.success, i.access_key])).toEqual([
      [0, true, a.key],
      [1, false, undefined],
      [2, true, b.key],
    ]);
    expect(data.invoices[1]!.message).toMatch(/^xml: /);
    expect(emu.store.findNfe(emu.accounts[0]!.id, b.key)?.origin).toBe('upload');
  });

  it('R26: only NF-e are taken; another type is refused for that invoice', async () => {
    const cte = emu.store.docsOf(emu.accounts[0]!.id, 'cte').entries[0]!.doc;
    const r = await post(emu, '/v1/nfe/upload', { invoices: [{ xml: base64(docXml('cte', cte)) }] }, headers);
    const data = await untilDone(batchUploadResponseSchema.parse(r.body).request_id);
    expect(data.invoices[0]).toMatchObject({ success: false });
    expect(data.invoices[0]!.message).toMatch(/NF-e only, this is cte/);
  });

  it('R26: with callback_url the result is POSTed there when processing ends (designed payload)', async () => {
    const a = newNfe(203);
    const delivered = new Promise<void>((resolve) => (onCallback = resolve));
    const r = await post(emu, '/v1/nfe/upload', { invoices: [{ xml: a.xml }], callback_url: callbackUrl }, headers);
    const id = batchUploadResponseSchema.parse(r.body).request_id;
    await delivered;
    const payload = batchCallbackSchema.parse(received.at(-1));
    expect(payload).toMatchObject({ request_id: id, status: 'done', total: 1, processed: 1 });
    expect(payload.invoices[0]).toMatchObject({ success: true, access_key: a.key });
  });

  it('R26: an empty batch or a missing request_id is a 400 naming the field', async () => {
    const r = await post(emu, '/v1/nfe/upload', { invoices: [] }, headers);
    expect(r.status).toBe(400);
    expect(Object.keys((r.body as { errors: object }).errors)).toEqual(['invoices']);
    const s = await get(emu, '/v1/nfe/upload/status', headers);
    expect(s.status).toBe(400);
  });

  it('R3: another account does not see the request (404)', async () => {
    const r = await post(emu, '/v1/nfe/upload', { invoices: [{ xml: newNfe(204).xml }] }, headers);
    const id = batchUploadResponseSchema.parse(r.body).request_id;
    expect((await statusOf(id, headersOf(emu, 1))).status).toBe(404);
    expect((await statusOf(id)).status).toBe(200);
  });
});
