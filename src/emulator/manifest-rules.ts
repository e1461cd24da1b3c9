// What the tax authority says to a manifestation (designed, R29): which NF-e an account may
// manifest, which moves it refuses (retEvento cStat and xMotivo), and what registering one changes
// on the document: a new active manifestation, the earlier ones inactive, and event 2102xx.
import type { ManifestCode, ManifestOrigin, SefazResponse } from '../api/wire/manifest.js';
import { REGISTERED_CODE } from '../api/wire/manifest.js';
import { brt, eventProtocol } from './data/xml-util.js';
import type { StoredNfe } from './model.js';
import type { Store } from './store.js';

const AWARENESS = '210210';
/** Confirmation, unawareness and "not performed" conclude the receiver's position on the invoice. */
const CONCLUSIVE = new Set(['210200', '210220', '210240']);

const REJECTIONS = {
  duplicate: { cStat: 573, xMotivo: 'Rejeição: Duplicidade de evento' },
  concluded: { cStat: 596, xMotivo: 'Rejeição: NF-e já possui manifestação conclusiva do destinatário' },
  awarenessAfterConclusion: {
    cStat: 655,
    xMotivo: 'Rejeição: Evento de Ciência da Operação informado após a manifestação final do destinatário',
  },
  canceled: { cStat: 650, xMotivo: 'Rejeição: Evento de Manifestação do Destinatário para NF-e cancelada' },
} as const;

/** Why the account cannot manifest `key` at all (R3: another account's NF-e is not found). */
type HolderProblem = { code: 403 | 404; message: string };

export function holderProblem(store: Store, accountId: string, key: string): HolderProblem | undefined {
  const doc = store.findNfe(accountId, key);
  if (!doc) return { code: 404, message: `NF-e ${key} not found` };
  if (!doc.roles.some((r) => r.role === 'received')) {
    return {
      code: 403,
      message: `none of the account's companies is the receiver of NF-e ${key}; only received NF-e can be manifested`,
    };
  }
  return undefined;
}

/** The tax authority's refusal of `code` on `doc`, or undefined when it would register it. */
function rejectionOf(doc: StoredNfe, code: ManifestCode): (typeof REJECTIONS)[keyof typeof REJECTIONS] | undefined {
  if (doc.status === 'canceled' && code !== '210240' && code !== '210220') return REJECTIONS.canceled;
  const earlier = doc.manifestations.map((m) => m.Type);
  if (earlier.includes(code)) return REJECTIONS.duplicate;
  const concluded = earlier.some((t) => CONCLUSIVE.has(t));
  if (!concluded) return undefined;
  return code === AWARENESS ? REJECTIONS.awarenessAfterConclusion : REJECTIONS.concluded;
}

/**
 * Answers like the tax authority for a document the account receives: a rejection, or the
 * manifestation registered (document changed, event added to the account's stream).
 */
export function manifest(
  store: Store,
  doc: StoredNfe,
  code: ManifestCode,
  nowMs: number,
  origin: ManifestOrigin = 'api',
): SefazResponse {
  const rejection = rejectionOf(doc, code);
  if (rejection) return { ...rejection, tpEvento: code };
  const at = brt(nowMs);
  const event = store.addEvent(doc.accountId, 'nfe', doc.accessKey, { type: code, createdAt: at });
  const seq = event.event.seq;
  const nProt = eventProtocol(doc.accessKey, code, seq, at);
  doc.manifestations = [
    ...doc.manifestations.map((m) => (m.Active ? { ...m, Active: false } : m)),
    { Type: code, Protocol: nProt, Seq: String(seq), Date: at, CreatedAt: at, Active: true, IsForced: false, origin },
  ];
  return {
    cStat: REGISTERED_CODE,
    xMotivo: 'Evento registrado e vinculado a NF-e',
    tpEvento: code,
    nSeqEvento: seq,
    nProt,
    dhRegEvento: at,
  };
}
