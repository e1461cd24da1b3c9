// What a listing of events shows from an event's XML: when, its sequence, and the tax authority's
// answer (cStat, xMotivo, nProt), as the local readers read it: procEventoNFe / procEventoCTe /
// procEventoMDFe; an ABRASF NFS-e cancellation (CancelarNfseResposta) has only the confirmation time.
import { readDocuments } from './readers/index.js';

interface EventFacts {
  /** dhEvento, or DataHora of an NFS-e cancellation's confirmation. */
  date?: string;
  seq?: number;
  /** cStat (135 registered and linked...). */
  status?: string;
  reason?: string;
  /** nProt of the registration. */
  protocol?: string;
}

/** The facts of an event XML; {} when the XML cannot be read (the listing still shows the event). */
export function eventFacts(xml: Uint8Array): EventFacts {
  try {
    const event = readDocuments(xml, 'event').find((d) => d.kind === 'event');
    if (!event) return {};
    const seq = Number(event.event?.seq);
    return dropUndefined({
      date: event.emittedAt,
      seq: Number.isInteger(seq) && seq > 0 ? seq : undefined,
      status: event.protocol?.status,
      reason: event.protocol?.reason,
      protocol: event.protocol?.number,
    });
  } catch {
    return {};
  }
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
