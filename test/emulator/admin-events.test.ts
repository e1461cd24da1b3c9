// Adding events to stored documents: store.addEvent and POST /_emulator/events (designed). The
// document's status follows the event, and every endpoint that shows the document sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventInputError } from '../../src/emulator/event-index.js';
import { readDocuments } from '../../src/fiscal/readers/index.js';
import { startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { authHeaders, get, postV2 } from './fixtures.js';

let emu: TestEmulator;
let acc: string;
let headers: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 200, otherDocs: 100 });
  acc = emu.accounts[0]!.id;
  headers = authHeaders(emu.accounts[0]!);
});
afterAll(async () => emu?.close());

const authorizedNfe = (skip = 0) =>
  emu.store.nfesOf(acc).entries.filter((e) => e.doc.status === 'authorized' && e.doc.events.length === 0)[skip]!.doc;

async function admin(body: unknown) {
  const r = await fetch(`${emu.url}/_emulator/events`, { method: 'POST', body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as any };
}

describe('addEvent: the document follows its events', () => {
  it('R30: 110111 makes an NF-e canceled in its v2 listing and adds its procEventoNFe', async () => {
    const doc = authorizedNfe();
    const added = emu.store.addEvent(acc, 'nfe', doc.accessKey, {
      type: '110111',
      createdAt: '2026-06-15T10:00:00-03:00',
    });
    expect(added.event).toMatchObject({ type: '110111', seq: 1 });
    const day = doc.emissionDate.slice(0, 10);
    const r = await postV2(
      emu,
      {
        Fields: ['AccessKey', 'Status', 'Events'],
        Filters: { EmissionDate: { From: day, To: day }, Status: 'canceled' },
      },
      headers,
    );
    expect(r.status, r.text).toBe(200);
    const record = r.body.Nfes.find((n: { AccessKey: string }) => n.AccessKey === doc.accessKey);
    expect(record).toMatchObject({ Status: 'canceled', Events: [{ type: '110111' }] });
    const events = await get(emu, `/v2/nfe/events?access_key=${doc.accessKey}&type[]=110111`, headers);
    const [event] = readDocuments(Buffer.from(events.body.data[0].xml, 'base64'), 'e.xml');
    expect(event!.protocol?.status).toBe('135');
  });

  it('R30: 110112 closes an open MDF-e; 110111 cancels a CT-e; 101101 cancels an NFS-e', async () => {
    const mdfe = emu.store.docsOf(acc, 'mdfe').entries.find((e) => e.doc.status === 'authorized')!.doc;
    emu.store.addEvent(acc, 'mdfe', mdfe.accessKey, { type: '110112', createdAt: '2026-06-15T10:00:00-03:00' });
    expect(emu.store.findDoc(acc, 'mdfe', mdfe.accessKey)!.status).toBe('closed');
    const cte = emu.store.docsOf(acc, 'cte').entries.find((e) => e.doc.status === 'authorized')!.doc;
    emu.store.addEvent(acc, 'cte', cte.accessKey, { type: '110111', createdAt: '2026-06-15T10:00:00-03:00' });
    expect(emu.store.findDoc(acc, 'cte', cte.accessKey)!.status).toBe('canceled');
    const nfse = emu.store.docsOf(acc, 'nfse').entries.find((e) => !e.doc.isCanceled)!.doc;
    emu.store.addEvent(acc, 'nfse', nfse.id, { type: '101101', createdAt: '2026-06-15T10:00:00-03:00' });
    expect(emu.store.findDoc(acc, 'nfse', nfse.id)!.isCanceled).toBe(true);
    const r = await get(emu, `/v1/nfse/events?id=${encodeURIComponent(nfse.id)}`, headers);
    expect(r.body.data.map((d: { type: string }) => d.type)).toEqual(['101101']);
  });

  it('a correction letter does not change the status, and its seq follows the last one of its code', async () => {
    const doc = authorizedNfe(1);
    const first = emu.store.addEvent(acc, 'nfe', doc.accessKey, {
      type: '110110',
      createdAt: '2026-06-15T10:00:00-03:00',
    });
    const second = emu.store.addEvent(acc, 'nfe', doc.accessKey, {
      type: '110110',
      createdAt: '2026-06-15T10:05:00-03:00',
    });
    expect([first.event.seq, second.event.seq]).toEqual([1, 2]);
    expect(second.position).toBe(first.position + 1);
    expect(doc.status).toBe('authorized');
  });

  it('refuses a document the account does not hold, a code that is not 6 digits, a seq taken, or a code it cannot render', () => {
    const doc = authorizedNfe(2);
    const when = '2026-06-15T10:00:00-03:00';
    const fails = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as EventInputError).field;
      }
      return 'no error';
    };
    expect(
      fails(() => emu.store.addEvent(emu.accounts[1]!.id, 'nfe', doc.accessKey, { type: '110111', createdAt: when })),
    ).toBe('id');
    expect(fails(() => emu.store.addEvent(acc, 'nfe', doc.accessKey, { type: '11011', createdAt: when }))).toBe('type');
    expect(fails(() => emu.store.addEvent(acc, 'nfe', doc.accessKey, { type: '999999', createdAt: when }))).toBe(
      'type',
    );
    emu.store.addEvent(acc, 'nfe', doc.accessKey, { type: '210210', seq: 1, createdAt: when });
    expect(
      fails(() => emu.store.addEvent(acc, 'nfe', doc.accessKey, { type: '210210', seq: 1, createdAt: when })),
    ).toBe('seq');
    expect(doc.events.map((e) => e.type)).toEqual(['210210']);
  });
});

describe('POST /_emulator/events (designed)', () => {
  it('adds the event to the account holding the document and answers its stream position', async () => {
    const doc = authorizedNfe(3);
    const before = emu.store.eventsOf(acc, 'nfe').entries.length;
    const r = await admin({ type: 'nfe', id: doc.accessKey, event: '110111' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      account: acc,
      type: 'nfe',
      id: doc.accessKey,
      event: '110111',
      seq: 1,
      position: before,
    });
    // The emulator's clock: the test emulator starts at 2026-06-15 12:00 Brasília.
    expect(r.body.data.created_at).toMatch(/^2026-06-15T12:\d\d:\d\d-03:00$/);
    expect(doc.status).toBe('canceled');
  });

  it('takes the event XML in base64 for a code the emulator has no layout for', async () => {
    const doc = authorizedNfe(4);
    const xml = `<procEventoNFe><evento><infEvento><chNFe>${doc.accessKey}</chNFe><tpEvento>110130</tpEvento></infEvento></evento></procEventoNFe>`;
    const refused = await admin({ type: 'nfe', id: doc.accessKey, event: '110130' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.context).toEqual({ field: 'event' });
    const r = await admin({
      account: acc,
      type: 'nfe',
      id: doc.accessKey,
      event: '110130',
      xml: Buffer.from(xml).toString('base64'),
    });
    expect(r.status).toBe(200);
    const events = await get(emu, `/v2/nfe/events?access_key=${doc.accessKey}`, headers);
    expect(Buffer.from(events.body.data[0].xml, 'base64').toString()).toBe(xml);
  });

  it('answers 404 for a document no account holds and 400 naming the field otherwise', async () => {
    const missing = await admin({ type: 'cte', id: authorizedNfe().accessKey, event: '110111' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const cases: [unknown, string][] = [
      [{ type: 'nfx', id: 'x', event: '110111' }, 'type'],
      [{ type: 'nfe', id: authorizedNfe(5).accessKey, event: '1101' }, 'event'],
      [{ account: 'nope', type: 'nfe', id: authorizedNfe(5).accessKey, event: '110111' }, 'account'],
      [{ type: 'nfe', id: authorizedNfe(5).accessKey, event: '110111', created_at: 'yesterday' }, 'created_at'],
    ];
    for (const [body, field] of cases) {
      const r = await admin(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.context).toEqual({ field });
    }
  });
});
