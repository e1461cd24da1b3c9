// GET/POST /v1/cte/dacte, /v1/cte-os/dacteos, /v1/mdfe/damdfe, /v1/nfse/danfse and
// /v1/nfse/{role}/manual/pdf (designed shapes like R30a; R6 status codes, R7 keys, R10 ids, R3
// isolation), and the client functions that call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../../src/api/http.js';
import { cteDacte, cteOsDacte, mdfeDamdfe, nfseDanfse, nfseManualPdf } from '../../../../src/api/pdf.js';
import { v1ErrorSchema } from '../../../../src/api/wire/common.js';
import { keyedPdfResponseSchema, nfsePdfResponseSchema } from '../../../../src/api/wire/pdf.js';
import { generateDataset } from '../../../../src/emulator/data/dataset.js';
import type { DocLists, DocType } from '../../../../src/emulator/doc-index.js';
import type { Account } from '../../../../src/emulator/model.js';
import type { StoredNfse } from '../../../../src/emulator/model-docs.js';
import { ORIGINAL_PDF_ORIGINS } from '../../../../src/emulator/routes/pdf/nfse.js';
import { createEmulator, type Emulator } from '../../../../src/emulator/server.js';
import { NotFoundError } from '../../../../src/errors.js';
import { formatKey } from '../../../../src/fiscal/render/format.js';
import { SCANNED_NOTE } from '../../../../src/emulator/pdf/nfse-original.js';
import { pdfString } from '../../../../src/emulator/pdf/pdf-writer.js';
import { drawnText } from '../../../helpers/render.js';
import { EMULATOR_NOW } from '../../../helpers/emulator.js';
import { createFakeClock, createMemoryLogger } from '../../../helpers/scripted-server.js';
import { authHeaders, get } from '../../fixtures.js';

let emu: Emulator;
const dataset = generateDataset({ seed: 1, docs: 5, otherDocs: 60, now: EMULATOR_NOW });
const [A, B] = dataset.accounts as [Account, Account];
const docsOf = <T extends DocType>(type: T, account: Account) =>
  (dataset.docs as DocLists)[type].filter((d) => d.accountId === account.id);
/** The last CT-e of the first account answers XML that is no CT-e. */
const broken = docsOf('cte', A).at(-1)!;

beforeAll(async () => {
  broken.xml = '<procEventoCTe xmlns="http://www.portalfiscal.inf.br/cte"><eventoCTe/></procEventoCTe>';
  emu = await createEmulator({ port: 0, host: '127.0.0.1', now: EMULATOR_NOW, dataset });
});
afterAll(async () => emu?.close());

const pdfOf = (encoded: string): string => Buffer.from(encoded, 'base64').toString('latin1');
const post = async (path: string, body: string, account = A) => {
  const res = await fetch(`${emu.url}${path}`, {
    method: 'POST',
    headers: { ...authHeaders(account), 'Content-Type': 'application/json' },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
};

const KEYED = [
  { type: 'cte' as const, path: '/v1/cte/dacte', model: '57' },
  { type: 'cteos' as const, path: '/v1/cte-os/dacteos', model: '67' },
  { type: 'mdfe' as const, path: '/v1/mdfe/damdfe', model: '58' },
];

describe.each(KEYED)('GET $path (designed)', ({ type, path, model }) => {
  const own = docsOf(type, A)[0]!.accessKey;
  const other = docsOf(type, B)[0]!.accessKey;

  it('R30a: answers {status, data: {access_key, encoded_pdf}} with a base64 PDF of the document', async () => {
    const r = await get(emu, `${path}?access_key=${own}`, authHeaders(A));
    expect(r.status, r.text).toBe(200);
    const body = keyedPdfResponseSchema.parse(r.body);
    expect(body.status).toEqual({ code: 200, message: 'OK' });
    expect(Object.keys(r.body.data).sort()).toEqual(['access_key', 'encoded_pdf']);
    expect(body.data.access_key).toBe(own);
    const pdf = pdfOf(body.data.encoded_pdf);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(drawnText(Buffer.from(body.data.encoded_pdf, 'base64'))).toContain(formatKey(own));
  });

  it('R7: a missing key, a bad check digit and a valid key of another model are 400 {status, errors}', async () => {
    const nfe = dataset.nfes.find((n) => n.accountId === A.id)!.accessKey;
    const badDigit = `${own.slice(0, 43)}${(Number(own[43]) + 1) % 10}`;
    for (const query of ['', `?access_key=${badDigit}`, `?access_key=${nfe}`, `?access_key=${own}&access_key=${own}`]) {
      const r = await get(emu, `${path}${query}`, authHeaders(A));
      expect(r.status, `${query}: ${r.text}`).toBe(400);
      expect(v1ErrorSchema.parse(r.body).status.code).toBe(400);
      expect(Object.keys(r.body.errors)).toEqual(['access_key']);
    }
    const r = await get(emu, `${path}?access_key=${nfe}`, authHeaders(A));
    expect(r.body.errors.access_key[0]).toContain(`model 55, this endpoint serves model ${model}`);
  });

  it("R3: another account's key is a 404 naming the key; its owner gets the PDF", async () => {
    const r = await get(emu, `${path}?access_key=${other}`, authHeaders(A));
    expect(r.status, r.text).toBe(404);
    expect(v1ErrorSchema.parse(r.body)).toEqual({
      status: { code: 404, message: 'Not Found' },
      error: expect.stringContaining(other),
    });
    expect((await get(emu, `${path}?access_key=${other}`, authHeaders(B))).status).toBe(200);
  });

  it('R30a: the designed POST takes {access_key} and answers like the GET; a body without it is a 400', async () => {
    const r = await post(path, JSON.stringify({ access_key: own }));
    expect(r.status).toBe(200);
    expect(keyedPdfResponseSchema.parse(r.body).data.access_key).toBe(own);
    expect((await post(path, '{}')).status).toBe(400);
    expect((await post(path, '{')).status).toBe(400);
  });
});

describe('GET /v1/cte/dacte: a document that cannot be rendered', () => {
  it('R6: is a 422 {status, error} naming the key', async () => {
    const r = await get(emu, `/v1/cte/dacte?access_key=${broken.accessKey}`, authHeaders(A));
    expect(r.status, r.text).toBe(422);
    expect(v1ErrorSchema.parse(r.body)).toEqual({
      status: { code: 422, message: 'Unprocessable Entity' },
      error: expect.stringContaining(broken.accessKey),
    });
  });
});

describe('GET /v1/nfse/danfse', () => {
  const own = docsOf('nfse', A)[0]!;
  const other = docsOf('nfse', B)[0]!;

  it('R10: takes the R10 id and answers {status, data: {id, encoded_pdf}}; the owner-less id too (designed)', async () => {
    for (const id of [own.id, own.documentId]) {
      const r = await get(emu, `/v1/nfse/danfse?id=${encodeURIComponent(id)}`, authHeaders(A));
      expect(r.status, r.text).toBe(200);
      const body = nfsePdfResponseSchema.parse(r.body);
      expect(Object.keys(r.body.data).sort()).toEqual(['encoded_pdf', 'id']);
      expect(body.data.id).toBe(id);
      expect(pdfOf(body.data.encoded_pdf).startsWith('%PDF-')).toBe(true);
      expect(drawnText(Buffer.from(body.data.encoded_pdf, 'base64'))).toContain(own.documentId);
    }
  });

  it.each([
    ['missing', ''],
    ['not an id', '?id=abc'],
    ['a short owner', `?id=123:${'1'.repeat(14)}:2026-01-05:10`],
    ['no calendar date', `?id=${'1'.repeat(14)}:${'1'.repeat(14)}:2026-02-30:10`],
    ['a number with letters', `?id=${'1'.repeat(14)}:${'1'.repeat(14)}:2026-01-05:1a`],
  ])('R10: %s is a 400 {status, errors: {id}}', async (_what, query) => {
    const r = await get(emu, `/v1/nfse/danfse${query}`, authHeaders(A));
    expect(r.status, r.text).toBe(400);
    expect(v1ErrorSchema.parse(r.body).status.code).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(['id']);
  });

  it("R3: another account's NFS-e is a 404, as is the id with an owner the note does not name", async () => {
    const r = await get(emu, `/v1/nfse/danfse?id=${other.id}`, authHeaders(A));
    expect(r.status, r.text).toBe(404);
    expect(r.body.error).toContain(other.id);
    const stranger = A.companies.map((c) => c.cnpj).find((c) => !own.roles.some((x) => x.owner === c));
    if (stranger)
      expect((await get(emu, `/v1/nfse/danfse?id=${stranger}:${own.documentId}`, authHeaders(A))).status).toBe(404);
    expect((await post('/v1/nfse/danfse', JSON.stringify({ id: other.id }), B)).status).toBe(200);
  });
});

describe('GET /v1/nfse/{role}/manual/pdf (designed)', () => {
  const ocr = docsOf('nfse', A).find((d) => ORIGINAL_PDF_ORIGINS.includes(d.origin))!;
  const notOcr = docsOf('nfse', A).find((d) => !ORIGINAL_PDF_ORIGINS.includes(d.origin))!;
  const otherOcr = docsOf('nfse', B).find((d) => ORIGINAL_PDF_ORIGINS.includes(d.origin))!;
  const manual = (doc: StoredNfse, role = doc.roles[0]!.role, account = A) =>
    get(emu, `/v1/nfse/${role}/manual/pdf?id=${doc.id}`, authHeaders(account));

  it('the generated data has notes that came in by OCR in both accounts', () => {
    expect(ocr).toBeDefined();
    expect(otherOcr).toBeDefined();
  });

  it('R10: answers {status, data: {id, encoded_pdf}} with the scanned-looking original of an OCR note', async () => {
    const r = await manual(ocr);
    expect(r.status, r.text).toBe(200);
    const body = nfsePdfResponseSchema.parse(r.body);
    expect(body.data.id).toBe(ocr.id);
    const pdf = pdfOf(body.data.encoded_pdf);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(pdfString(`${SCANNED_NOTE} - ${ocr.id}`));
  });

  it('a note that did not come in by OCR is a 404 saying it has no original PDF', async () => {
    const r = await manual(notOcr);
    expect(r.status, r.text).toBe(404);
    expect(v1ErrorSchema.parse(r.body).status.code).toBe(404);
    expect(r.body.error).toMatch(/has no original PDF.*not ingested by OCR/);
  });

  it("R3: a role the note does not have for that owner, or another account's note, is a 404; an unknown role a 400", async () => {
    const missingRole = (['received', 'emitted', 'intermediate'] as const).find(
      (role) => !ocr.roles.some((r) => r.role === role && r.owner === ocr.roles[0]!.owner),
    )!;
    expect((await manual(ocr, missingRole)).status).toBe(404);
    expect((await manual(otherOcr, otherOcr.roles[0]!.role, A)).status).toBe(404);
    expect((await manual(otherOcr, otherOcr.roles[0]!.role, B)).status).toBe(200);
    const r = await get(emu, `/v1/nfse/buyer/manual/pdf?id=${ocr.id}`, authHeaders(A));
    expect(r.status, r.text).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(['role']);
  });
});

describe('the client functions', () => {
  const client = (account: Account) =>
    createHttpClient({
      baseUrl: emu.url,
      apiId: account.apiId,
      apiKey: account.apiKey,
      userAgent: 't',
      clock: createFakeClock(),
      log: createMemoryLogger(),
      random: () => 0,
    });

  it("R30a: decode each endpoint's answer to PDF bytes; R3: another account's key is a NotFoundError", async () => {
    const http = client(A);
    try {
      const ocr = docsOf('nfse', A).find((d) => ORIGINAL_PDF_ORIGINS.includes(d.origin))!;
      const pdfs = [
        await cteDacte(http, docsOf('cte', A)[0]!.accessKey),
        await cteOsDacte(http, docsOf('cteos', A)[0]!.accessKey),
        await mdfeDamdfe(http, docsOf('mdfe', A)[0]!.accessKey),
        await nfseDanfse(http, docsOf('nfse', A)[0]!.id),
        await nfseManualPdf(http, ocr.roles[0]!.role, ocr.id),
      ];
      for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expect(cteDacte(http, docsOf('cte', B)[0]!.accessKey)).rejects.toBeInstanceOf(NotFoundError);
      await expect(nfseDanfse(http, docsOf('nfse', B)[0]!.id)).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      await http.close();
    }
  });
});
