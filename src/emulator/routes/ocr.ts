// The OCR upload (designed, docs/ocr.md): POST /v1/ocr takes one PDF and answers
// a request id at once; GET /v1/ocr/{request_id} says where it stands and, when done, the invoice or
// utility bill it made (routes/invoices.ts, routes/utilities.ts). The account's only (R3).
import {
  OCR_KINDS,
  OCR_PATH,
  OCR_PDF_MAX_BYTES,
  OCR_REQUEST_ID,
  ocrRequestResponseSchema,
  type OcrKind,
} from '../../api/wire/ocr.js';
import { cnpjProblem } from '../../fiscal/tax-id.js';
import { brasilia } from '../ocr/values.js';
import { findOcr, startOcr } from '../ocr/requests.js';
import { HttpError, okAs, v1Error, v1FieldErrors, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';

export function registerOcr(router: Router): void {
  router.add('POST', OCR_PATH, submitOcr, { errors: 'v1' });
  router.add(
    'GET',
    `${OCR_PATH}/:id`,
    (ctx) => {
      const id = ctx.params.id!;
      if (!OCR_REQUEST_ID.test(id))
        throw new HttpError(v1FieldErrors(400, { request_id: [`expected a UUID, got "${id}"`] }));
      const request = findOcr(ctx.store, ctx.account.id, id);
      if (!request) throw new HttpError(v1Error(404, `OCR request ${id} not found`));
      return okAs(ocrRequestResponseSchema, { data: request });
    },
    { errors: 'v1' },
  );
}

function submitOcr(ctx: RequestContext): Reply {
  const raw = ctx.json();
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!(OCR_KINDS as readonly unknown[]).includes(body.kind)) problem('kind', `must be one of ${OCR_KINDS.join(', ')}`);
  const owner = body.owner;
  if (typeof owner !== 'string') problem('owner', 'is required: the CNPJ of a company of the account');
  else {
    const why = cnpjProblem(owner);
    if (why) problem('owner', why);
  }
  let pdf: Buffer | undefined;
  if (typeof body.pdf !== 'string' || body.pdf === '') problem('pdf', 'is required: the PDF in base64');
  else if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.pdf)) problem('pdf', 'is not base64');
  else {
    pdf = Buffer.from(body.pdf, 'base64');
    if (pdf.length > OCR_PDF_MAX_BYTES) problem('pdf', `is ${pdf.length} bytes, the most is ${OCR_PDF_MAX_BYTES}`);
    else if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
      problem('pdf', 'is not a PDF (it does not start with %PDF-)');
  }
  const fileName = body.file_name;
  if (fileName !== undefined && (typeof fileName !== 'string' || fileName.length > 255))
    problem('file_name', 'must be a string of at most 255 characters');
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  // R3: a company of another account (or of none) is not the account's to send documents for.
  if (!ctx.account.companies.some((c) => c.cnpj === owner))
    throw new HttpError(v1Error(403, `${owner as string} is not a company of this account`));
  const input = {
    kind: body.kind as OcrKind,
    owner: owner as string,
    pdf: pdf!,
    fileName: (fileName as string | undefined) ?? null,
  };
  return okAs(ocrRequestResponseSchema, {
    data: startOcr(ctx.store, ctx.account, input, ctx.now, brasilia(ctx.now())),
  });
}
