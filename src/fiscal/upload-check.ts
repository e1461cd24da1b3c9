// What makes an XML uploadable (R25), checked the same way by the client before sending and by
// the emulator on receipt: well-formed XML holding a known fiscal document or event, whose access
// key is valid (R7) and which names its emitter and emission date. A failure names the XML tags at
// fault, as the service's `upload.message` does.
import { accessKeyProblem } from './access-key.js';
import { byType, docType } from './doc-types.js';
import { DocumentReadError, readDocuments, type DocumentKind, type DocumentSummary } from './readers/index.js';
import { UTILITY_ROOTS } from './readers/common.js';

type UploadCheck = { ok: true; documents: DocumentSummary[] } | { ok: false; message: string };

/** Where each kind keeps its access key, as the message names it. */
const KEY_TAGS: Partial<Record<DocumentKind, string>> = {
  ...byType((t) => docType(t).idTag),
  cfe: 'infCFe/@Id',
  ...Object.fromEntries(Object.values(UTILITY_ROOTS).map((root) => [root.toLowerCase(), `inf${root}/@Id`])),
};
/** Where an event names its document, by the event's family (a type's, or cte for CT-e OS too). */
const EVENT_KEY_TAGS: Record<string, string | undefined> = byType((t) => docType(t).keyTag);

export function checkUploadXml(bytes: Uint8Array, source: string): UploadCheck {
  let documents: DocumentSummary[];
  try {
    documents = readDocuments(bytes, source);
  } catch (error) {
    if (error instanceof DocumentReadError) return { ok: false, message: readFailureMessage(error) };
    throw error;
  }
  const problems = documents.flatMap(documentProblems);
  return problems.length > 0 ? { ok: false, message: problems.join('; ') } : { ok: true, documents };
}

function readFailureMessage(error: DocumentReadError): string {
  if (error.failure === 'unknown') return `${error.root ?? 'root'}: ${error.message}`;
  return `xml: ${error.message}`;
}

/** The failing tags of one document, each `tag: why`. */
function documentProblems(doc: DocumentSummary): string[] {
  const problems: string[] = [];
  const keyTag = KEY_TAGS[doc.kind];
  if (keyTag) {
    const problem = doc.key ? accessKeyProblem(doc.key) : 'missing';
    if (problem) problems.push(`${keyTag}: ${problem}`);
    if (!doc.emittedAt) problems.push('ide/dhEmi: missing');
    if (!doc.emitter.taxId) problems.push('emit/CNPJ: missing');
  }
  if (doc.kind === 'nfse' && !doc.id) problems.push('InfNfse (Numero, DataEmissao, Prestador CNPJ): missing');
  if (doc.kind === 'event' && doc.event) {
    const tag = `infEvento/${EVENT_KEY_TAGS[doc.event.family] ?? 'chave'}`;
    const key = doc.event.refKey;
    const problem = !key
      ? 'missing'
      : doc.event.family === 'nfse' || doc.event.family === 'cfe'
        ? undefined
        : accessKeyProblem(key);
    if (problem) problems.push(`${tag}: ${problem}`);
    if (!/^\d{6}$/.test(doc.event.type) && doc.event.family !== 'cfe')
      problems.push('infEvento/tpEvento: not a 6-digit event code');
  }
  return problems;
}
