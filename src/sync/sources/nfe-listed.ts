// What the NF-e v2 listing says now of a stream's documents, for its events stream to take
// instead of the account's history of events (events.ts): the notes listed canceled, and the
// received notes' latest manifestation. Journaled as status records (docs/catalog.md).
import { withSignal } from '../../api/http-views.js';
import type { HttpClient } from '../../api/http.js';
import { nfeV2Pages, searchNfeV2Dated } from '../../api/nfe.js';
import { V2_LIMIT_MAX, type NfeRole, type NfeV2Record, type NfeV2Request } from '../../api/wire/nfe.js';
import { MANIFESTATIONS } from '../../catalog/rows.js';
import type { StatusRecord } from '../../catalog/store.js';
import { brasiliaDayStart, brasiliaTimestamp, inBrasilia } from '../../fiscal/dates.js';
import type { ListedStatuses } from '../source.js';

/** A listing's statuses, and the first answer of its canceled notes read ahead (StreamSource.canceledAhead). */
interface NfeListing {
  listed: (signal: AbortSignal) => Promise<ListedStatuses>;
  canceledAhead: (signal: AbortSignal) => Promise<readonly string[]>;
}

type CanceledAnswer = Awaited<ReturnType<typeof searchNfeV2Dated>>;

/**
 * What the service lists now of a stream's documents, with its time then: the documents of its v2
 * filters listed canceled, then (received NF-e) those with a manifestation and the latest of each.
 * Answers of 500 keys per request, read page by page as the pull takes them (an account of 1M
 * notes lists some 56k canceled: held whole, with their journal lines, they added some 35 MB to its
 * first pull's RSS, and the catalog's thread applied them in one transaction of minutes). The
 * first answer may be asked ahead, as the run starts (a pull drawing its PDFs draws those notes
 * CANCELADA at once): the listing then starts from it, so that the run asks it once.
 */
export function listedNfes(http: HttpClient, role: NfeRole, filters: NfeV2Request['Filters'], now: number): NfeListing {
  const canceled: NfeV2Request = {
    Fields: ['AccessKey', 'Owner'],
    Filters: { ...filters, Status: 'canceled' },
    Limit: V2_LIMIT_MAX,
  };
  let ahead: Promise<CanceledAnswer> | undefined;
  const canceledAhead = (signal: AbortSignal) => {
    ahead ??= searchNfeV2Dated(withSignal(http, signal), canceled);
    return ahead.then((a) => a.page.Nfes.flatMap((r) => (r.AccessKey ? [r.AccessKey] : [])));
  };
  const listed = async (signal: AbortSignal): Promise<ListedStatuses> => {
    const h = withSignal(http, signal);
    // The answer read ahead, once; asked again if it failed (the listing's own retries decide then).
    const early = ahead?.catch(() => undefined);
    ahead = undefined;
    const first = (await early) ?? (await searchNfeV2Dated(h, canceled));
    const at = first.at ?? now;
    // Learnt that day (the instant would make two runs of the same pull differ).
    const learnt = brasiliaTimestamp(brasiliaDayStart(at));
    const canceledOf = (items: NfeV2Record[]): StatusRecord[] =>
      items
        .filter((r) => r.AccessKey)
        .map((r) => ({
          key: r.AccessKey!,
          role,
          owner: r.Owner ?? '',
          status: 'canceled',
          at: learnt,
          source: 'listing',
        }));
    async function* pages(): AsyncGenerator<StatusRecord[]> {
      yield canceledOf(first.page.Nfes);
      if (first.page.Paginator)
        for await (const page of nfeV2Pages(h, { ...canceled, Paginator: first.page.Paginator }, { signal }))
          yield canceledOf(page.items);
      // A recipient manifests what it received (spec 4.11): the other roles have none to list.
      if (role !== 'received') return;
      const manifested: NfeV2Request = {
        Fields: ['AccessKey', 'Owner', 'Manifestations'],
        Filters: { ...filters, HasManifestation: true },
        Limit: V2_LIMIT_MAX,
      };
      for await (const page of nfeV2Pages(h, manifested, { signal })) yield manifestedOf(page.items, role);
    }
    return { pages: pages(), at };
  };
  return { listed, canceledAhead };
}

/**
 * The latest manifestation of each note (the active one, else the latest by date), dated as the
 * event file of it is (its Date): a record that changes no status (docs/catalog.md).
 */
function manifestedOf(items: NfeV2Record[], role: NfeRole): StatusRecord[] {
  const out: StatusRecord[] = [];
  for (const r of items) {
    const all = (r.Manifestations ?? []).filter((m) => MANIFESTATIONS.has(m.Type) && m.Date);
    if (!r.AccessKey || all.length === 0) continue;
    const latest = all.reduce((a, b) => (Date.parse(b.Date) > Date.parse(a.Date) ? b : a));
    const m = all.find((x) => x.Active) ?? latest;
    out.push({
      key: r.AccessKey,
      role,
      owner: r.Owner ?? '',
      status: '',
      at: inBrasilia(m.Date),
      source: 'listing',
      manifestation: m.Type,
    });
  }
  return out;
}
