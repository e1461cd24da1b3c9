// Whom a document of a role listing is filed under when its stream is not one owner's (a pull
// without --owner). The v1 listings' items carry no owner ({access_key, xml}, R16): it is read
// from the XML. A role one party holds (CT-e taker, NF-e received, emitted, transporter, MDF-e
// emitted) names that party. A role several parties may hold (CT-e not-taker and authorized, CT-e
// OS not-taker, NF-e authorized, MDF-e contractor and authorized) belongs to the account's
// companies among them, never to a carrier, a sender or an accountant outside the account, and
// the document is filed once for each such company: what a pull with every company's --owner
// files, and what the service's records say (one per document, Owner and OwnerRole, spec 2.2).
import { allCompanies } from '../api/companies.js';
import type { HttpClient } from '../api/http.js';
import { withSignal } from '../api/http-views.js';
import { FiscalError } from '../errors.js';
import type { PulledDocument } from './source.js';

/**
 * The CNPJs of the account's companies (GET /v1/companies, designed: docs/companies.md), read
 * once a run, when the first stream that needs them starts.
 */
export type AccountCompanies = (signal: AbortSignal) => Promise<ReadonlySet<string>>;

export function accountCompanies(http: HttpClient): AccountCompanies {
  let read: Promise<ReadonlySet<string>> | undefined;
  return (signal) =>
    (read ??= companyIds(withSignal(http, signal)).catch((error: unknown) => {
      // A stream stopped while they were read does not keep the next one from reading them.
      if (signal.aborted) read = undefined;
      else if (error instanceof FiscalError)
        error.details.push(
          "a document several parties hold this role in is filed under the account's companies among them; --owner names them instead",
        );
      throw error;
    }));
}

async function companyIds(http: HttpClient): Promise<ReadonlySet<string>> {
  const ids = new Set<string>();
  for await (const company of allCompanies(http)) ids.add(company.cnpj);
  return ids;
}

/**
 * `doc` filed under each of the account's `companies` among `parties` (the role's, in the XML's
 * order), each once; without `companies` (a role one party holds), under the first party. The
 * first copy keeps the document's bytes, the others get their own: a page's documents are
 * released one by one once written (doneWith). A document in which none of the account's
 * companies holds the role is refused, with the parties it names.
 */
export function filedUnder(
  doc: Omit<PulledDocument, 'owner'>,
  parties: readonly string[],
  companies: ReadonlySet<string> | undefined,
): PulledDocument[] {
  if (!companies) return [{ ...doc, owner: parties[0] ?? '' }];
  const owners = [...new Set(parties.filter((id) => companies.has(id)))];
  if (owners.length === 0) {
    const named = parties.length
      ? `its ${doc.role} parties are ${parties.join(', ')}`
      : `it names no ${doc.role} party`;
    return [{ ...doc, owner: '', refusal: `none of the account's companies holds role ${doc.role} in it (${named})` }];
  }
  return owners.map((owner, i) => ({ ...doc, owner, xml: i === 0 ? doc.xml : Buffer.from(doc.xml) }));
}
