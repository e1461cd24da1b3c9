// Receiving one uploaded XML (R25): check it as the service does, then store each document it
// holds at the end of its account's stream (R13) or add each event to the document it is about.
// A document or event the account already holds is not stored twice. Designed messages: see
// docs/upload.md.
import { checkUploadXml } from '../../fiscal/upload-check.js';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import type { UploadResult } from '../../api/wire/upload.js';
import { brt } from '../data/xml-util.js';
import type { EventDocType } from '../event-index.js';
import { EventInputError } from '../event-index.js';
import type { Account } from '../model.js';
import type { Store } from '../store.js';
import { PARTY_TAGS, rolesOf, type UploadType } from './roles.js';
import { STORED_DOC, storedNfe, type UploadContext } from './stored-doc.js';

interface UploadInput {
  /** The XML in base64, as the request carries it. */
  xml: string;
  /** CNPJ/CPF of the account's companies the document belongs to (already checked to be the account's). */
  owners: readonly string[];
}

/** Why one document of the file is not stored; its message names the tag at fault. */
class Refusal extends Error {}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function ingestUpload(store: Store, account: Account, input: UploadInput, nowMs: number): UploadResult {
  const compacted = input.xml.replace(/\s+/g, '');
  if (compacted.length % 4 !== 0 || !BASE64.test(compacted)) return { success: false, message: 'xml: not base64' };
  const bytes = Buffer.from(compacted, 'base64');
  const check = checkUploadXml(bytes, 'upload');
  if (!check.ok) return { success: false, message: check.message };
  const ctx: UploadContext = { accountId: account.id, createdAt: brt(nowMs), xml: bytes.toString('utf8') };
  const candidates = input.owners.length > 0 ? input.owners : account.companies.map((c) => c.cnpj);
  const file = { xml: ctx.xml, alone: check.documents.filter((d) => d.kind !== 'event').length === 1 };
  let success = true;
  const messages = check.documents.map((doc) => {
    try {
      return doc.kind === 'event'
        ? addEvent(store, ctx, doc)
        : addDocument(store, ctx, doc, file, candidates, input.owners.length > 0);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      success = false;
      return error.message;
    }
  });
  return { success, message: messages.join('; ') };
}

/** Types the service takes (spec 4.4, R25) that none of its endpoints lists: kept, never served (designed). */
const UNLISTED: ReadonlySet<string> = new Set(['cfe', 'nf3e', 'nfcom', 'nfag', 'nfgas']);

function typeOf(doc: DocumentSummary): UploadType {
  if (doc.kind === 'nfe' || Object.hasOwn(STORED_DOC, doc.kind)) return doc.kind as UploadType;
  // What is left is a DPS.
  throw new Refusal(`${doc.root}: a DPS is a declaration, upload the NFS-e it became`);
}

function addDocument(
  store: Store,
  ctx: UploadContext,
  doc: DocumentSummary,
  file: { xml: string; alone: boolean },
  candidates: readonly string[],
  named: boolean,
): string {
  if (UNLISTED.has(doc.kind)) {
    const parties = [doc.emitter.taxId, doc.counterpart.taxId];
    if (
      !named &&
      !candidates.some((c) => parties.includes(c)) &&
      !(store.adoptParties && adopt(store, ctx.accountId, doc))
    )
      throw new Refusal(
        `emit/dest: none of the account's companies (${candidates.join(', ')}) is a party of ${doc.kind} ${doc.key}`,
      );
    const created = store.keepUnlisted(ctx.accountId, doc.kind, doc.key!, ctx.xml);
    return `${doc.kind} ${doc.key}: ${created ? 'stored (no endpoint lists it)' : 'already stored'}`;
  }
  const type = typeOf(doc);
  let roles = rolesOf(type, doc, file, candidates, named);
  const adopted = roles.length === 0 && !named && store.adoptParties ? adopt(store, ctx.accountId, doc) : undefined;
  if (adopted) roles = rolesOf(type, doc, file, [adopted], false);
  if (roles.length === 0) {
    throw new Refusal(
      `${PARTY_TAGS[type]}: none of ${named ? 'the owners' : "the account's companies"} (${candidates.join(', ')}) is a party of ${type} ${doc.key ?? doc.id}`,
    );
  }
  const { doc: stored, created } =
    type === 'nfe'
      ? store.addNfe(storedNfe(doc, ctx, roles))
      : store.addDoc(type, STORED_DOC[type](doc, ctx, roles) as never);
  const id = 'accessKey' in stored ? stored.accessKey : stored.documentId;
  if (!created) return `${type} ${id}: already stored`;
  return `${type} ${id}: stored at position ${stored.position}${adopted ? ` (${adopted} adopted as a company of the account)` : ''}`;
}

/** The document's emitter made a company of the account (--adopt-parties); its CNPJ/CPF. */
function adopt(store: Store, accountId: string, doc: DocumentSummary): string | undefined {
  const taxId = doc.emitter.taxId;
  const account = store.accounts.find((a) => a.id === accountId);
  if (!taxId || !/^\d{11}(\d{3})?$/.test(taxId) || !account) return undefined;
  if (!account.companies.some((c) => c.cnpj === taxId)) {
    const name = doc.emitter.name ?? taxId;
    const uf = doc.emitter.uf ?? '';
    account.companies.push({ cnpj: taxId, name, tradingName: name, ie: '', uf, cuf: doc.key?.slice(0, 2) ?? '' });
  }
  return taxId;
}

/** The stored type an event is about: NF-e events also serve NFC-e, CT-e events CT-e OS (by the key's model). */
function eventTypeOf(doc: DocumentSummary): EventDocType {
  const family = doc.event!.family;
  if (family === 'nfe') return doc.model === '65' ? 'nfce' : 'nfe';
  if (family === 'cte') return doc.model === '67' ? 'cteos' : 'cte';
  if (family === 'mdfe') return 'mdfe';
  throw new Refusal(`${doc.root}: ${family} events are not kept by this service`);
}

function addEvent(store: Store, ctx: UploadContext, doc: DocumentSummary): string {
  const info = doc.event!;
  const type = eventTypeOf(doc);
  const seq = info.seq !== undefined ? Number(info.seq) : undefined;
  try {
    const added = store.addEvent(ctx.accountId, type, info.refKey!, {
      type: info.type,
      createdAt: doc.emittedAt ?? ctx.createdAt,
      xml: ctx.xml,
      ...(seq !== undefined ? { seq } : {}),
    });
    return `event ${info.type} of ${type} ${info.refKey}: stored at position ${added.position}`;
  } catch (error) {
    if (!(error instanceof EventInputError)) throw error;
    if (error.field === 'seq' && /already has/.test(error.message))
      return `event ${info.type} of ${type} ${info.refKey}: already stored`;
    const tag =
      error.field === 'id'
        ? 'infEvento/chave'
        : `infEvento/${{ type: 'tpEvento', seq: 'nSeqEvento', createdAt: 'dhEvento' }[error.field]}`;
    throw new Refusal(
      `${tag}: ${error.field === 'id' ? `the account holds no ${type} ${info.refKey}` : error.message}`,
    );
  }
}
