// The store's indexes (R3, R13) and the hook for documents that arrive later.
import { describe, expect, it } from 'vitest';
import { lowerBound, Store } from '../../src/emulator/store.js';
import { A1, A2, ACCOUNTS, makeNfe, smallDataset } from './fixtures.js';

const dataset = () => smallDataset();

describe('Store', () => {
  it('R3: indexes documents per account, in position order, whatever the input order', () => {
    const data = dataset();
    data.nfes.reverse();
    const store = new Store(data);
    expect(store.nfesOf('acc_1').entries.map((e) => e.doc.position)).toEqual([0, 1, 2, 3, 5, 8, 13, 21]);
    expect(store.nfesOf('acc_2').entries.map((e) => e.doc.position)).toEqual([0, 1]);
    const key = store.nfesOf('acc_1').entries[0]!.doc.accessKey;
    expect(store.findNfe('acc_1', key)?.position).toBe(0);
    expect(store.findNfe('acc_2', key)).toBeUndefined();
    expect(() => store.nfesOf('acc_9')).toThrow(/no account/);
  });

  it('keeps one list per role and one v2 record per (document, owner role)', () => {
    const store = new Store(dataset());
    const nfes = store.nfesOf('acc_1');
    expect(nfes.byRole.received.map((e) => e.doc.position)).toEqual([3, 5, 8]);
    expect(nfes.byRole.transporter.map((e) => e.doc.position)).toEqual([21]);
    expect(nfes.records.map((r) => `${r.entry.doc.position}:${r.roleIndex}:${r.role}`)).toEqual([
      '0:0:emitted',
      '1:0:emitted',
      '2:0:emitted',
      '3:0:emitted',
      '3:1:received',
      '5:0:received',
      '8:0:received',
      '13:0:authorized',
      '21:0:emitted',
      '21:1:transporter',
    ]);
  });

  it('finds accounts by API id', () => {
    const store = new Store(dataset());
    expect(store.accountByApiId(ACCOUNTS[1]!.apiId)?.id).toBe('acc_2');
    expect(store.accountByApiId('nope')).toBeUndefined();
  });

  it('R13: addNfe appends at the next position and indexes the document everywhere', () => {
    const store = new Store(dataset());
    expect(store.nextPosition('acc_1')).toBe(22);
    const input = makeNfe(999, {
      roles: [
        { owner: A2.cnpj, role: 'received' },
        { owner: A1.cnpj, role: 'authorized' },
      ],
    });
    const { doc, created } = store.addNfe(input);
    expect(created).toBe(true);
    expect(doc.position).toBe(22);
    expect(store.findNfe('acc_1', doc.accessKey)).toBe(doc);
    const nfes = store.nfesOf('acc_1');
    expect(nfes.byRole.received.at(-1)?.doc).toBe(doc);
    expect(nfes.byRole.authorized.at(-1)?.doc).toBe(doc);
    expect(nfes.records.slice(-2).map((r) => r.role)).toEqual(['received', 'authorized']);
    expect(store.nextPosition('acc_1')).toBe(23);
  });

  it('addNfe does not add an access key the account already holds', () => {
    const store = new Store(dataset());
    const existing = store.nfesOf('acc_1').entries[2]!.doc;
    const again = store.addNfe({ ...existing, position: 500 });
    expect(again).toEqual({ doc: existing, created: false });
    expect(store.nfesOf('acc_1').entries).toHaveLength(8);
    // The same document in another account is another copy.
    expect(store.addNfe({ ...existing, accountId: 'acc_2' }).created).toBe(true);
  });

  it('refuses data sets with repeated positions or keys, or unreadable dates', () => {
    const twice = dataset();
    twice.nfes.push({ ...twice.nfes[0]!, accessKey: '1'.repeat(44) });
    expect(() => new Store(twice)).toThrow(/position 0/);
    const badDate = dataset();
    badDate.nfes[0] = { ...badDate.nfes[0]!, emissionDate: 'yesterday' };
    expect(() => new Store(badDate)).toThrow(/unreadable/);
  });

  it('lowerBound finds the first item at or after a position', () => {
    const items = [0, 3, 6, 9];
    expect([-1, 0, 1, 3, 8, 9, 10].map((t) => lowerBound(items, t, (x) => x))).toEqual([0, 0, 1, 1, 3, 3, 4]);
    expect(lowerBound([], 5, (x: number) => x)).toBe(0);
  });

  it('R13: a CreatedAt window finds what a scan of the account finds, in order or not', () => {
    // ageDays sets createdAt; in order, the lookup bisects; once one is older than the one
    // before it, it scans the whole account again.
    const matched = (store: Store, from?: number, to?: number) =>
      store
        .nfeRecordsCreated('acc_1', from, to)
        .filter(
          (r) => (from === undefined || r.entry.createdMs >= from) && (to === undefined || r.entry.createdMs <= to),
        )
        .map((r) => `${r.entry.doc.position}:${r.roleIndex}`);
    const scanned = (store: Store, from?: number, to?: number) =>
      store
        .nfesOf('acc_1')
        .records.filter(
          (r) => (from === undefined || r.entry.createdMs >= from) && (to === undefined || r.entry.createdMs <= to),
        )
        .map((r) => `${r.entry.doc.position}:${r.roleIndex}`);
    const build = (ages: number[]) => {
      const data = dataset();
      data.nfes = ages.map((ageDays, position) => makeNfe(position, { ageDays }));
      return new Store(data);
    };
    const inOrder = build([9, 8, 6, 6, 4, 2, 1]);
    const outOfOrder = build([9, 3, 6, 8, 4, 1, 2]);
    expect(inOrder.nfesOf('acc_1').createdInOrder).toBe(true);
    expect(outOfOrder.nfesOf('acc_1').createdInOrder).toBe(false);
    const created = inOrder.nfesOf('acc_1').records.map((r) => r.entry.createdMs);
    const day = 86_400_000;
    const bounds: [number | undefined, number | undefined][] = [
      [undefined, undefined],
      [created[2], undefined],
      [undefined, created[3]],
      [created[2], created[3]],
      [created[1]! + 1, created[5]! - 1],
      [created[6]! + day, undefined],
      [undefined, created[0]! - day],
    ];
    for (const store of [inOrder, outOfOrder])
      for (const [from, to] of bounds) expect(matched(store, from, to)).toEqual(scanned(store, from, to));
    // In order, the window's records alone are handed to the search's filters.
    expect(inOrder.nfeRecordsCreated('acc_1', created[2], created[3]).length).toBe(2);
    expect(inOrder.nfeRecordsCreated('acc_1', created[6]! + day, undefined)).toEqual([]);
    expect(outOfOrder.nfeRecordsCreated('acc_1', created[2], created[3]).length).toBe(7);
  });
});
