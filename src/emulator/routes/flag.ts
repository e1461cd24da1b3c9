// POST /v1/dfe/flagerp (spec 4.5, R27, R10): metadata flags on a document of any type. Every
// missing or bad field is reported at once in `{status, errors: {field: [..]}}`. Designed: an
// owner outside the account is 403 (the spec lists 403 for 4.5), a document the account does not
// hold, or one that owner has no role in, is 404; the flags are merged into the document's
// `flagErp`, which the v2 records show as `FlagErp`.
import { randomBytes } from 'node:crypto';
import { FLAG_ERP_PATH, flagErpResponseSchema, type FlagErpRequest } from '../../api/wire/flag.js';
import { accessKeyProblem } from '../../fiscal/access-key.js';
import { FLAG_DOC_TYPES, type FlagDocType } from '../../fiscal/doc-types.js';
import { nfseIdProblem } from '../../fiscal/nfse-id.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import { findAnnotatable } from '../annotations.js';
import { HttpError, okAs, v1Error, v1FieldErrors, type Reply } from '../respond.js';
import type { RequestContext, Router } from '../router.js';

export function registerFlag(router: Router): void {
  router.add('POST', FLAG_ERP_PATH, flagErp, { errors: 'v1', gateway: true });
}

function flagErp(ctx: RequestContext): Reply {
  const body = readFlagErp(ctx.json());
  if (!ctx.account.companies.some((c) => c.cnpj === body.owner)) {
    throw new HttpError(v1Error(403, `owner ${body.owner} is not a company of this account`));
  }
  const doc = findAnnotatable(ctx.store, ctx.account.id, body.doc_type, body.id);
  if (!doc || !doc.roles.some((r) => r.owner === body.owner)) {
    throw new HttpError(v1Error(404, `no ${body.doc_type} "${body.id}" of owner ${body.owner}`));
  }
  // Replaced, not changed in place: generated documents may share objects.
  doc.flagErp = { ...doc.flagErp, ...Object.fromEntries(body.metadata.map((m) => [m.key, m.value])) };
  return okAs(flagErpResponseSchema, { request_id: randomBytes(32).toString('hex') });
}

type Problems = Record<string, string[]>;

/** R27: all four fields, checked together. */
function readFlagErp(raw: unknown): FlagErpRequest {
  const errors: Problems = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  for (const field of ['doc_type', 'id', 'metadata', 'owner']) {
    if (body[field] === undefined || body[field] === null || body[field] === '')
      problem(field, `The ${field} field is required.`);
  }
  const docType = body.doc_type;
  if (docType !== undefined && !(FLAG_DOC_TYPES as readonly unknown[]).includes(docType)) {
    problem('doc_type', `The doc_type must be one of ${FLAG_DOC_TYPES.join(', ')}.`);
  }
  if (typeof body.id === 'string' && body.id !== '' && typeof docType === 'string') {
    const why = idProblem(docType as FlagDocType, body.id);
    if (why) problem('id', why);
  } else if (body.id !== undefined && typeof body.id !== 'string') problem('id', 'The id must be a string.');
  if (body.metadata !== undefined && body.metadata !== null) metadataProblems(body.metadata, problem);
  if (body.owner !== undefined && body.owner !== '') {
    const why = typeof body.owner === 'string' ? taxIdProblem(body.owner) : 'The owner must be a string of digits.';
    if (why) problem('owner', why);
  }
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return body as unknown as FlagErpRequest;
}

/** R10: flagerp names an NFS-e without its owner; the other types by access key. */
function idProblem(docType: FlagDocType, id: string): string | undefined {
  if (docType === 'NFSE') {
    if (id.split(':').length !== 3) return 'The id of an NFSE is <emitter_cnpj>:<yyyy-mm-dd>:<number>.';
    return nfseIdProblem(id);
  }
  return (FLAG_DOC_TYPES as readonly string[]).includes(docType) ? accessKeyProblem(id) : undefined;
}

function metadataProblems(metadata: unknown, problem: (field: string, message: string) => void): void {
  if (!Array.isArray(metadata) || metadata.length === 0) {
    problem('metadata', 'The metadata must be a non-empty array of {key, value}.');
    return;
  }
  metadata.forEach((item: unknown, i) => {
    const it = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    for (const field of ['key', 'value']) {
      if (typeof it[field] !== 'string' || (field === 'key' && it[field] === ''))
        problem(`metadata.${i}.${field}`, `The metadata.${i}.${field} field is required.`);
    }
  });
}
