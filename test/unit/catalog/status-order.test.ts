// A document's status, its source and date are the same whatever order the folder learnt them in
// (docs/catalog.md, "status-journal.ndjson"): the pull applies a status record (a 650, a listing's
// Status) when it is learnt, a rebuild replays the journal after the whole index. At the same rank
// an event file replaces any status learnt without one, whichever came first.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineRows } from '../../../src/catalog/rows.js';
import { SqliteCatalog } from '../../../src/catalog/sqlite-store.js';
import { EMPTY_COVERAGE, type CatalogLine, type StatusRecord } from '../../../src/catalog/store.js';
import { tempDir } from '../../helpers/tree.js';

const owner = '64021500000192';
const key = '3'.repeat(44);
const common = { key, role: 'received', owner, sha256: 'a'.repeat(64), bytes: 100 };

/** The document's line, as the listing gave its status. */
const document = (type: string, status: string): CatalogLine => ({
  ...common,
  type,
  path: `${owner}/${type}/received/${key}.xml`,
  status,
  created_at: '2026-06-01T10:00:00-03:00',
});

/** An event file's line: a cancellation (110111) or an MDF-e's closing (110112). */
const event = (type: string, code: string, status: string, at: string): CatalogLine => ({
  ...common,
  type,
  path: `${owner}/${type}/received/${key}_${code}.xml`,
  status,
  created_at: at,
  event: code,
  seq: 1,
});

const answered650: StatusRecord = {
  key,
  role: '',
  owner: '',
  status: 'canceled',
  at: '2026-06-20T15:00:00.000Z',
  source: 'manifestation',
};

/** `columns` after applying `batches` in turn, each one transaction as a pull commits them. */
async function columnsAfter(columns: string, batches: [CatalogLine[], StatusRecord[]][]) {
  const store = await SqliteCatalog.open(join(tempDir('fiscal-status-order-'), 'catalog.sqlite'));
  try {
    let bytes = 0;
    for (const [lines, records] of batches)
      store.applyRows(lines.map(lineRows), records, { ...EMPTY_COVERAGE, indexBytes: (bytes += 10) });
    return await store.select(`SELECT ${columns} FROM documents`);
  } finally {
    await store.close();
  }
}

/** The status columns after `batches`. */
const statusAfter = (batches: [CatalogLine[], StatusRecord[]][]) =>
  columnsAfter('status, status_source, status_changed_at', batches);

describe('a status learnt in either order', () => {
  it('a 650, then the cancellation file: the event, as a rebuild (index, then journal) gives', async () => {
    const doc = document('nfe', 'authorized');
    const cancel = event('nfe', '110111', 'canceled', '2026-06-20T12:01:53-03:00');
    const pull = await statusAfter([
      [[doc], []],
      [[], [answered650]],
      [[cancel], []],
    ]);
    const rebuild = await statusAfter([[[doc, cancel], [answered650]]]);
    expect(pull).toEqual([{ status: 'canceled', status_source: 'event', status_changed_at: cancel.created_at }]);
    expect(rebuild).toEqual(pull);
  });

  it("an MDF-e listed closed, then its closing's file: the event says when", async () => {
    const closing = event('mdfe', '110112', 'closed', '2026-06-03T17:01:31-03:00');
    const rows = await statusAfter([
      [[document('mdfe', 'closed')], []],
      [[closing], []],
    ]);
    expect(rows).toEqual([{ status: 'closed', status_source: 'event', status_changed_at: closing.created_at }]);
  });

  it('a second event of the same rank leaves the first', async () => {
    const first = event('nfe', '110111', 'canceled', '2026-06-05T09:00:00-03:00');
    const second = { ...event('nfe', '110112', 'canceled', '2026-06-07T09:00:00-03:00'), path: 'x.xml' };
    const rows = await statusAfter([[[document('nfe', 'authorized'), first, second], []]]);
    expect(rows).toEqual([{ status: 'canceled', status_source: 'event', status_changed_at: first.created_at }]);
  });
});

describe('times of several sources, in one form', () => {
  /** The manifestation columns after `batches`. */
  const manifestationAfter = (batches: [CatalogLine[], StatusRecord[]][]) =>
    columnsAfter('manifestation, manifested_at, status_changed_at', batches);

  it('an awareness answered at 23:30 in Brasília, then a confirmation at 00:10: the confirmation', async () => {
    // The machine's clock in UTC said 02:30 of the next day; compared as text with the event's
    // 00:10-03:00 it read as later, and the confirmation was lost.
    const aware: StatusRecord = {
      key,
      role: '',
      owner: '',
      status: '',
      at: '2026-06-21T02:30:00.000Z',
      source: 'manifestation',
      manifestation: '210210',
    };
    const confirmed = event('nfe', '210200', '', '2026-06-21T00:10:00-03:00');
    const rows = await manifestationAfter([
      [[document('nfe', 'authorized')], []],
      [[], [aware]],
      [[confirmed], []],
    ]);
    expect(rows).toEqual([
      {
        manifestation: '210200',
        manifested_at: '2026-06-21T00:10:00-03:00',
        status_changed_at: '2026-06-01T10:00:00-03:00',
      },
    ]);
  });

  it("an XML's other offset and the service's UTC are written in Brasília time, the same instant", async () => {
    const amazonas = { ...document('nfe', 'authorized'), created_at: '2026-06-01T09:00:00-04:00' };
    const listed: StatusRecord = { ...answered650, at: '2026-06-20T15:00:00.000Z', source: 'listing' };
    const rows = await statusAfter([[[amazonas], []]]);
    expect(rows).toEqual([
      { status: 'authorized', status_source: 'document', status_changed_at: '2026-06-01T10:00:00-03:00' },
    ]);
    const canceled = await statusAfter([[[amazonas], [listed]]]);
    expect(canceled).toEqual([
      { status: 'canceled', status_source: 'listing', status_changed_at: '2026-06-20T12:00:00-03:00' },
    ]);
  });
});
