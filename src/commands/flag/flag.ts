// `fiscal flag <type> <id> --owner <cnpj> --set key=value...` (R27, R10): one POST /v1/dfe/flagerp.
// Every missing or bad part is reported at once before sending; a 400 from the service is shown
// field by field, each field named with the flag or argument it came from.
import { flagErp } from '../../api/flag.js';
import type { FlagErpRequest } from '../../api/wire/flag.js';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { FLAG_TYPE_HELP } from '../../fiscal/doc-types.js';
import { nfseIdOwner } from '../../fiscal/nfse-id.js';
import { readTaxId } from '../../fiscal/tax-id.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { docIdProblem, docTypeOf } from '../shared/doc-ids.js';
import { verb } from '../shared/verb.js';
import { flag } from './index.js';

interface FlagRecord {
  doc_type: string;
  id: string;
  owner: string;
  key: string;
  value: string;
  status: 'flagged' | 'dry-run';
  request_id?: string;
}

interface FlagFlags {
  owner?: string | undefined;
  set?: string[] | undefined;
}

/** The request the arguments and flags name, or every problem with them (the first one leads). */
function flagRequest(o: FlagFlags, args: string[]): FlagErpRequest {
  const [typeWord, rawId] = args.map((a) => a?.trim());
  const problems: string[] = [];
  const type = typeWord ? docTypeOf(typeWord) : undefined;
  if (!typeWord) problems.push(`<type> is missing: ${FLAG_TYPE_HELP}`);
  else if (!type) problems.push(`<type>: "${typeWord}" is not one of ${FLAG_TYPE_HELP}`);
  let id = rawId;
  let owner = o.owner;
  // Masked (12.345.678/0001-95) reads as its digits, so it compares with the owner of an NFS-e id.
  const read = owner === undefined ? undefined : readTaxId(owner);
  if (read && 'value' in read) owner = read.value;
  if (!id) problems.push('<id> is missing: the access key, or the NFS-e id');
  else if (type) {
    const why = docIdProblem(type, id);
    if (why) problems.push(`<id>: ${why}`);
    else if (type === 'NFSE') {
      // R10: flagerp names an NFS-e without its owner; the full id's owner stands in for --owner.
      const idOwner = nfseIdOwner(id);
      if (idOwner !== undefined) {
        if (owner !== undefined && owner !== idOwner)
          problems.push(`--owner ${owner} is not the owner ${idOwner} of the NFS-e id`);
        owner ??= idOwner;
        id = id.split(':').slice(1).join(':');
      }
    }
  }
  if (owner === undefined) problems.push('--owner is missing: the CNPJ/CPF that holds the document');
  else {
    const r = readTaxId(owner);
    if ('problem' in r) problems.push(`--owner: ${r.problem}`);
    else owner = r.value;
  }
  const metadata = readSets(o.set ?? [], problems);
  if (problems.length > 0) throw new UsageError(problems[0]!, { details: problems.slice(1) });
  return { doc_type: type!, id: id!, owner: owner!, metadata };
}

function readSets(items: string[], problems: string[]): FlagErpRequest['metadata'] {
  if (items.length === 0) problems.push('--set is missing: at least one key=value');
  const metadata: FlagErpRequest['metadata'] = [];
  for (const item of items) {
    const eq = item.indexOf('=');
    if (eq <= 0) problems.push(`--set: expected key=value, got "${item}"`);
    else metadata.push({ key: item.slice(0, eq).trim(), value: item.slice(eq + 1) });
  }
  return metadata;
}

const COLUMNS: Column<FlagRecord>[] = [
  { header: 'TYPE', key: 'doc_type', get: (r) => r.doc_type },
  { header: 'ID', get: (r) => r.id, truncate: false },
  { header: 'OWNER', get: (r) => r.owner },
  { header: 'KEY', get: (r) => r.key },
  { header: 'VALUE', get: (r) => r.value, width: 40 },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'REQUEST', key: 'request_id', get: (r) => r.request_id },
];

export default verb(flag, {
  check: (o, args) => void flagRequest(o, args),
  run: (ctx, o, args) => send(ctx, flagRequest(o, args), o.dryRun),
});

async function send(ctx: Context, request: FlagErpRequest, dryRun: boolean): Promise<void> {
  let requestId: string | undefined;
  if (!dryRun) {
    const http = await ctx.http();
    try {
      requestId = await flagErp(http, request);
    } catch (error) {
      throw error instanceof ApiError && error.status === 400 && error.fields ? withFlagNames(error) : error;
    }
  }
  const writer = createRecordWriter<FlagRecord>(ctx, { columns: COLUMNS });
  try {
    for (const { key, value } of request.metadata) {
      writer.write({
        doc_type: request.doc_type,
        id: request.id,
        owner: request.owner,
        key,
        value,
        status: dryRun ? 'dry-run' : 'flagged',
        ...(requestId ? { request_id: requestId } : {}),
      });
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}

/** The body fields of a 400, named after the flag or argument that filled them. */
const SOURCE: Record<string, string> = { doc_type: '<type>', id: '<id>', owner: '--owner', metadata: '--set' };

function withFlagNames(error: ApiError): ApiError {
  const fields = Object.fromEntries(
    Object.entries(error.fields!).map(([field, problems]) => {
      const source = SOURCE[field.split('.')[0]!];
      return [source ? `${field} (${source})` : field, problems];
    }),
  );
  return new ApiError(error.message, error.status, error.method, error.path, { details: error.details, fields });
}
