// GET /v1/events/{type} (designed): the account's event streams, v1 cursor paging (R11-R15).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { phpJsonEncodings } from '../../../../src/api/wire/common.js';
import { eventStreamPageSchema, type StreamEventItem } from '../../../../src/api/wire/events.js';
import type { EventDocType, StreamEvent } from '../../../../src/emulator/event-index.js';
import { accessKeyCheckDigit } from '../../../../src/fiscal/access-key.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { authHeaders, get } from '../../fixtures.js';

let emu: TestEmulator;
let acc: string;
let headers: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator({ docs: 300, otherDocs: 200 });
  acc = emu.accounts[0]!.id;
  headers = authHeaders(emu.accounts[0]!);
});
afterAll(async () => emu?.close());

async function page(path: string) {
  const r = await get(emu, path, headers);
  expect(r.status, r.text).toBe(200);
  return { ...eventStreamPageSchema.parse(r.body), text: r.text };
}

const cursorOf = (url: string) => Number(new URL(url).searchParams.get('cursor'));
const idOf = (e: StreamEvent) => ('accessKey' in e.doc ? e.doc.accessKey : e.doc.id);
const short = (i: StreamEventItem) => [i.access_key ?? i.id, i.type, i.seq];

/** Every item of a stream query, following page.next until an empty page. */
async function walk(path: string): Promise<{ items: StreamEventItem[]; pages: number; last: number }> {
  const items: StreamEventItem[] = [];
  let url = path;
  let pages = 0;
  for (;;) {
    const p = await page(url);
    if (p.data.length === 0) return { items, pages, last: cursorOf(p.page.next) };
    items.push(...p.data);
    pages++;
    const u = new URL(p.page.next);
    url = `${u.pathname}${u.search}`;
  }
}

describe('R11-R14: paging the stream', () => {
  it('R11/R13: limit defaults to 50 and pages walk the whole stream in position order', async () => {
    const stream = emu.store.eventsOf(acc, 'nfe').entries;
    expect(stream.length).toBeGreaterThan(50);
    const first = await page('/v1/events/nfe');
    expect(first.count).toBe(50);
    const all = await walk('/v1/events/nfe?limit=17');
    expect(all.items.map(short)).toEqual(stream.map((e) => [idOf(e), e.event.type, e.event.seq]));
    expect(all.pages).toBe(Math.ceil(stream.length / 17));
    const dates = all.items.map((i) => Date.parse(i.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

  it('R12: next and previous are absolute URLs echoing the query in alphabetical order; count is the page size', async () => {
    const p = await page('/v1/events/cte?limit=3&type[]=110111');
    expect(p.count).toBe(p.data.length);
    const cancellations = emu.store.eventsOf(acc, 'cte').entries.filter((e) => e.event.type === '110111');
    expect(p.page.next).toBe(
      `${emu.url}/v1/events/cte?cursor=${cancellations[Math.min(2, cancellations.length - 1)]!.position + 1}&limit=3&type[]=110111`,
    );
    expect(p.page.previous).toBe(`${emu.url}/v1/events/cte?cursor=0&limit=3&type[]=110111`);
  });

  it('R12: next is never null: past the end the page is empty and next repeats the cursor', async () => {
    const end = emu.store.eventsOf(acc, 'mdfe').entries.length + 5;
    const p = await page(`/v1/events/mdfe?cursor=${end}`);
    expect(p.data).toEqual([]);
    expect(p.count).toBe(0);
    expect(cursorOf(p.page.next)).toBe(end);
  });

  it('R14: signature is the SHA-256 of data as PHP json_encode writes it', async () => {
    const p = await page('/v1/events/nfse?limit=5');
    const [plain] = phpJsonEncodings(p.data);
    expect(p.signature).toBe(createHash('sha256').update(plain!).digest('hex'));
  });

  it('R11: a bad limit or cursor, or an unknown type, is a 400', async () => {
    for (const query of ['limit=0', 'limit=51', 'cursor=-1', 'cursor=x']) {
      const r = await get(emu, `/v1/events/nfe?${query}`, headers);
      expect(r.status, query).toBe(400);
      expect(Object.keys(r.body.errors)).toEqual([query.split('=')[0]]);
    }
    const r = await get(emu, '/v1/events/nfx', headers);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/nfx/);
  });
});

describe('filters', () => {
  it.each(['nfe', 'nfce', 'cte', 'cteos', 'mdfe', 'nfse'] as EventDocType[])(
    'R13: the %s stream cursor is the stream position: a filtered page jumps',
    async (type) => {
      const stream = emu.store.eventsOf(acc, type).entries;
      const target = stream[stream.length - 1]!;
      const p = await page(`/v1/events/${type}?limit=1&type[]=${target.event.type}&cursor=${target.position}`);
      expect(p.data.map(short)).toEqual([[idOf(target), target.event.type, target.event.seq]]);
      expect(cursorOf(p.page.next)).toBe(target.position + 1);
    },
  );

  it('type[] keeps only those codes; a code that is not 6 digits is a 400', async () => {
    const { items } = await walk('/v1/events/nfe?type[]=110110&type[]=110111');
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['110110', '110111']));
    const r = await get(emu, '/v1/events/nfe?type[]=1101', headers);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(['type']);
  });

  it('cnpj[] keeps the events of documents one of those companies sees', async () => {
    const company = emu.accounts[0]!.companies[1]!.cnpj;
    const { items } = await walk(`/v1/events/nfe?cnpj[]=${company}`);
    const expected = emu.store.eventsOf(acc, 'nfe').entries.filter((e) => e.doc.roles.some((r) => r.owner === company));
    expect(items.map(short)).toEqual(expected.map((e) => [idOf(e), e.event.type, e.event.seq]));
    expect(items.length).toBeLessThan(emu.store.eventsOf(acc, 'nfe').entries.length);
  });

  it('R15: created_at[from] and [to] filter on when the event was received; either alone is a 400', async () => {
    const stream = emu.store.eventsOf(acc, 'nfe').entries;
    const day = stream[Math.floor(stream.length / 2)]!.event.createdAt.slice(0, 10);
    const { items } = await walk(`/v1/events/nfe?created_at[from]=${day}&created_at[to]=${day}`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.created_at.startsWith(day))).toBe(true);
    expect(items.length).toBe(stream.filter((e) => e.event.createdAt.startsWith(day)).length);
    const r = await get(emu, `/v1/events/nfe?created_at[from]=${day}`, headers);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(['created_at[to]']);
  });

  it("R3: an account's stream holds only its own documents' events", async () => {
    const other = emu.accounts[1]!;
    const p = await get(emu, '/v1/events/cte?limit=50', authHeaders(other));
    const mine = new Set(emu.store.docsOf(other.id, 'cte').entries.map((e) => e.doc.accessKey));
    expect(p.body.data.length).toBeGreaterThan(0);
    expect(p.body.data.every((i: StreamEventItem) => mine.has(i.access_key!))).toBe(true);
  });
});

describe('R13: new events', () => {
  it('R13: a new event gets a higher position and a saved cursor resumes with only it', async () => {
    const { last } = await walk('/v1/events/cteos');
    const doc = emu.store.docsOf(acc, 'cteos').entries.find((e) => e.doc.status === 'authorized')!.doc;
    const added = emu.store.addEvent(acc, 'cteos', doc.accessKey, {
      type: '110111',
      createdAt: '2026-06-15T11:00:00-03:00',
    });
    expect(added.position).toBe(last);
    const p = await page(`/v1/events/cteos?cursor=${last}`);
    expect(p.data.map(short)).toEqual([[doc.accessKey, '110111', 1]]);
    expect(cursorOf(p.page.next)).toBe(last + 1);
  });

  it('R13: a document added later brings its events to the end of the stream', async () => {
    const before = emu.store.eventsOf(acc, 'nfe').entries.length;
    const model = emu.store.nfesOf(acc).entries.find((e) => e.doc.events.length > 0)!.doc;
    const key = `${model.accessKey.slice(0, 35)}77777777`;
    const { doc } = emu.store.addNfe({
      ...model,
      accessKey: key + accessKeyCheckDigit(key),
      events: [{ type: '110110', seq: 1, createdAt: '2020-01-01T00:00:00-03:00' }],
    });
    const p = await page(`/v1/events/nfe?cursor=${before}`);
    expect(p.data.map(short)).toEqual([[doc.accessKey, '110110', 1]]);
  });
});
