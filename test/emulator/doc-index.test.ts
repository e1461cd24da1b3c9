// The indexes of the other document types (CT-e, CT-e OS, MDF-e, NFC-e, NFS-e): per account
// (R3), in position order (R13), found by access key or NFS-e id (R10), added once.
import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/emulator/data/dataset.js';
import { DOC_TYPES } from '../../src/emulator/doc-index.js';
import { Store } from '../../src/emulator/store.js';

const data = generateDataset({ seed: 4, docs: 20, otherDocs: 40, now: new Date('2026-06-15T12:00:00-03:00') });
const store = new Store(data);
const [a, b] = store.accounts.map((x) => x.id) as [string, string];

describe('other document types in the store', () => {
  it('R13: every type of every account is indexed in strictly increasing position order', () => {
    for (const type of DOC_TYPES) {
      for (const account of [a, b]) {
        const positions = store.docsOf(account, type).entries.map((e) => e.doc.position);
        expect(positions.length, `${type} ${account}`).toBe(40);
        expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
      }
    }
  });

  it('R3: a document is found in its own account only, by access key', () => {
    const cte = store.docsOf(a, 'cte').entries[3]!.doc;
    expect(store.findDoc(a, 'cte', cte.accessKey)).toBe(cte);
    expect(store.findDoc(b, 'cte', cte.accessKey)).toBeUndefined();
    expect(store.findDoc(a, 'cteos', cte.accessKey)).toBeUndefined();
  });

  it('R10: an NFS-e is found by its id with or without the owner, and not under a stranger', () => {
    const nfse = store.docsOf(a, 'nfse').entries[5]!.doc;
    expect(nfse.id.split(':')).toHaveLength(4);
    expect(store.findDoc(a, 'nfse', nfse.documentId)).toBe(nfse);
    expect(store.findDoc(a, 'nfse', nfse.id)).toBe(nfse);
    expect(store.findDoc(a, 'nfse', `00000000000191:${nfse.documentId}`)).toBeUndefined();
  });

  it('lists a document under each role one of the account companies has in it', () => {
    const ctes = store.docsOf(a, 'cte');
    const roles = new Set(ctes.records.map((r) => r.role));
    expect([...roles].sort()).toEqual(['authorized', 'not-taker', 'taker']);
    for (const role of roles) {
      for (const e of ctes.byRole(role)) expect(e.doc.roles.some((r) => r.role === role)).toBe(true);
    }
    expect(ctes.byRole('received')).toEqual([]);
  });

  it('R13: an added document takes the next position; the same key twice is stored once', () => {
    const local = new Store(
      generateDataset({ seed: 4, docs: 2, otherDocs: 3, now: new Date('2026-06-15T12:00:00-03:00') }),
    );
    const index = local.docsOf(a, 'mdfe');
    const last = index.entries[index.entries.length - 1]!.doc;
    const { position: _p, ...copy } = last;
    const fresh = { ...copy, accessKey: `${last.accessKey.slice(0, 43)}${(Number(last.accessKey[43]) + 1) % 10}` };
    const first = local.addDoc('mdfe', fresh);
    expect(first.created).toBe(true);
    expect(first.doc.position).toBe(last.position + 1);
    const again = local.addDoc('mdfe', fresh);
    expect(again).toEqual({ doc: first.doc, created: false });
    expect(index.entries).toHaveLength(4);
  });
});
