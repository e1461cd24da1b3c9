// Purchases and sales apart. A pull folder knows in which role each copy of a document was pulled:
// a note the owner received (or a transport it took) is an entrada, one it emitted a saída. Summed
// together they mean nothing (a company's sales are not its suppliers' figures), so a report of a
// folder holding both shows them apart by default.
import type { Copy, ReportDocument } from './collect.js';

export type Flow = 'in' | 'out';

/** Designed here: the roles whose documents are the owner's purchases (entradas) or sales (saídas). */
const FLOW_OF_ROLE: Readonly<Record<string, Flow>> = { received: 'in', taker: 'in', emitted: 'out' };

export const flowOfRole = (role: string | undefined): Flow | undefined => (role ? FLOW_OF_ROLE[role] : undefined);

export const flowOf = (copy: Copy): Flow | undefined => flowOfRole(copy.role);

/** The documents seen through the copies of one flow (a document in both flows is in both). */
export function inFlow(documents: readonly ReportDocument[], flow: Flow): ReportDocument[] {
  const out: ReportDocument[] = [];
  for (const doc of documents) {
    const copies = doc.copies.filter((c) => flowOf(c) === flow);
    if (copies.length > 0) out.push(copies.length === doc.copies.length ? doc : { ...doc, copies });
  }
  return out;
}

/** Whether the documents hold both purchases and sales: then they are shown apart. */
export function bothFlows(documents: readonly ReportDocument[]): boolean {
  let seen: Flow | undefined;
  for (const doc of documents)
    for (const copy of doc.copies) {
      const flow = flowOf(copy);
      if (flow && seen && flow !== seen) return true;
      seen ??= flow;
    }
  return false;
}

/**
 * The documents whose other party is not the owner of the copy: the owner is never its own
 * supplier (a note it emitted) nor its own customer (a transfer between its own branches).
 */
export function withOtherParty(documents: readonly ReportDocument[], party: 'emitter' | 'receiver'): ReportDocument[] {
  const out: ReportDocument[] = [];
  for (const doc of documents) {
    const id = doc.facts[party].taxId;
    const copies = doc.copies.filter((c) => !id || c.owner !== id);
    if (copies.length > 0) out.push(copies.length === doc.copies.length ? doc : { ...doc, copies });
  }
  return out;
}
