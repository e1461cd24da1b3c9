// The LATAM documents of each account: a stream of its own (positions for the v1 cursor, R13),
// seeded on first use with synthetic documents and grown by uploads. Kept beside the Store, not in
// it, so that LATAM adds nothing to the Brazilian document streams.
import { LATAM_COUNTRIES, type LatamDocument } from '../../api/wire/latam.js';
import { readLatamDocument } from '../../fiscal/latam/index.js';
import { rngFor } from '../data/random.js';
import type { Account } from '../model.js';
import type { Store } from '../store.js';
import { draftsOf } from './drafts.js';
import { draftXml } from './xml.js';

/** Synthetic documents per account and country. */
export const LATAM_PER_COUNTRY = 6;

export interface StoredLatam {
  position: number;
  id: string;
  /** The bytes as uploaded (or generated): `GET .../xml` answers them unchanged. */
  xml: Buffer;
  doc: LatamDocument;
}

class LatamDocs {
  readonly entries: StoredLatam[] = [];
  private readonly byId = new Map<string, StoredLatam>();

  find(id: string): StoredLatam | undefined {
    return this.byId.get(id);
  }

  /** A document already held (same id) is not added again: the stored one is answered. */
  add(xml: Buffer, doc: LatamDocument): { stored: StoredLatam; created: boolean } {
    const existing = this.byId.get(doc.id);
    if (existing) return { stored: existing, created: false };
    const stored = { position: this.entries.length, id: doc.id, xml, doc };
    this.entries.push(stored);
    this.byId.set(doc.id, stored);
    return { stored, created: true };
  }
}

const states = new WeakMap<Store, Map<string, LatamDocs>>();

/**
 * The account's documents (R3: only its own). Built on first use from the account's own random
 * stream (its id and key come from the emulator seed), dated in the 90 days before `nowMs`.
 */
export function latamDocsOf(store: Store, account: Account, nowMs: number): LatamDocs {
  let byAccount = states.get(store);
  if (!byAccount) states.set(store, (byAccount = new Map()));
  let docs = byAccount.get(account.id);
  if (!docs) {
    docs = new LatamDocs();
    const rng = rngFor('latam', account.id, account.apiKey);
    const today = Math.floor(nowMs / 86_400_000) * 86_400_000;
    const drafts = LATAM_COUNTRIES.flatMap((country) => draftsOf(rng, country, LATAM_PER_COUNTRY, today));
    drafts.sort((a, b) => (a.issuedAt < b.issuedAt ? -1 : a.issuedAt > b.issuedAt ? 1 : 0));
    for (const draft of drafts) {
      const xml = Buffer.from(draftXml(draft), 'utf8');
      docs.add(xml, readLatamDocument(xml));
    }
    byAccount.set(account.id, docs);
  }
  return docs;
}
