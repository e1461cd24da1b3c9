// What every PDF endpoint does (DANFe, DACTe, DACTe-OS, DAMDFe, DANFSe, NFS-e original, and the
// boletos', receipts', invoices' and utility bills'): take one
// key or id from the query (GET) or a JSON body (designed POST), check it (400), find the
// account's document (404, R3: another account's documents do not exist here), render it (422
// when its XML cannot be), and answer `{status, data: {<param>: ..., encoded_pdf}}` (R30a).
import { accessKeyProblem, MODELS, parseAccessKey } from '../../../fiscal/access-key.js';
import { idPdfResponseSchema, keyedPdfResponseSchema } from '../../../api/wire/pdf.js';
import { RenderError } from '../../../fiscal/render/index.js';
import { PdfRenderError } from '../../pdf/layout.js';
import { HttpError, badRequest, okAs, v1Error, type Reply } from '../../respond.js';
import type { RequestContext, Router } from '../../router.js';

interface PdfRoute<D> {
  path: string;
  /** The query parameter and body field, echoed in `data`. */
  param: 'access_key' | 'id';
  /** Why the value is malformed (400), or undefined. */
  problem(value: string): string | undefined;
  /** The account's document; undefined (or a thrown HttpError) is a 404. */
  find(ctx: RequestContext, value: string): D | undefined;
  /** The 404 message: `CT-e <key> not found`. */
  missing(value: string): string;
  render(doc: D, value: string): Buffer | Promise<Buffer>;
  /** `DACTe of <key>`: how a 422 names what could not be rendered. */
  what: string;
}

export function registerPdfRoute<D>(router: Router, route: PdfRoute<D>): void {
  router.add('GET', route.path, (ctx) => answer(ctx, route, queryValue(ctx, route.param)), { errors: 'v1' });
  router.add('POST', route.path, (ctx) => answer(ctx, route, bodyValue(ctx, route.param)), { errors: 'v1' });
}

function queryValue(ctx: RequestContext, param: string): string {
  const values = ctx.url.searchParams.getAll(param);
  if (values.length === 0) throw badRequest('v1', `${param} is required`, param);
  if (values.length > 1) throw badRequest('v1', `give one ${param} per request`, param);
  return values[0]!;
}

function bodyValue(ctx: RequestContext, param: string): string {
  const body = ctx.json() as Record<string, unknown> | undefined;
  const value = body && typeof body === 'object' ? body[param] : undefined;
  if (typeof value !== 'string') throw badRequest('v1', `the body must be {"${param}": "..."}`, param);
  return value;
}

async function answer<D>(ctx: RequestContext, route: PdfRoute<D>, value: string): Promise<Reply> {
  const problem = route.problem(value);
  if (problem) throw badRequest('v1', `${problem}: "${value}"`, route.param);
  const found = route.find(ctx, value);
  if (!found) throw notFound(route.missing(value));
  let pdf: Buffer;
  try {
    pdf = await route.render(found, value);
  } catch (error) {
    if (!(error instanceof PdfRenderError || error instanceof RenderError)) throw error;
    throw new HttpError(v1Error(422, `cannot render the ${route.what} of ${value}: ${error.message}`));
  }
  const encoded = pdf.toString('base64');
  return route.param === 'id'
    ? okAs(idPdfResponseSchema, { data: { id: value, encoded_pdf: encoded } })
    : okAs(keyedPdfResponseSchema, { data: { access_key: value, encoded_pdf: encoded } });
}

export function notFound(message: string): HttpError {
  return new HttpError(v1Error(404, message));
}

/** R7 for a path that serves one model: a valid key of another model is a 400 too. */
export function keyProblemFor(model: keyof typeof MODELS): (key: string) => string | undefined {
  return (key) => {
    const problem = accessKeyProblem(key);
    if (problem) return problem;
    const actual = parseAccessKey(key).model;
    if (actual !== model) return `a key of model ${actual}, this endpoint serves model ${model} (${MODELS[model]})`;
    return undefined;
  };
}
