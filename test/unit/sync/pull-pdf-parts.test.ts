// pull --with-pdf hands a page on in parts as its PDFs come (src/sync/attachments.ts): a run
// stopped inside a page keeps the documents whose PDFs came; only the last part moves the
// stream's position; a document the folder has gets no PDF request; drawings on a pool start as
// their page is listed, the next page listed while the last one's are drawn, the run's first
// drawn page handed on in parts and the others whole.
import { describe, expect, it } from 'vitest';
import { withPdfs } from '../../../src/sync/attachments.js';
import type { PulledDocument, SourcePage, StreamSource } from '../../../src/sync/source.js';

const doc = (n: number): PulledDocument => ({
  key: String(n).padStart(44, '0'),
  type: 'nfe',
  role: 'received',
  owner: '11222333000181',
  xml: Buffer.from(`<x>${n}</x>`),
  status: 'authorized',
  createdAt: null,
  emissionDate: '2026-05-01T10:00:00-03:00',
  number: String(n),
  emitter: '11444777000161',
});

const source = (docs: PulledDocument[]): StreamSource => ({
  key: { account: 'a', baseUrl: 'http://x', type: 'nfe', role: 'received', owner: '' },
  endpoint: 'v1',
  filters: '{}',
  label: 'nfe received',
  async *pages() {
    yield { docs, from: 'cursor 0', resume: { cursor: 7, paginator: null, createdHighWater: null } };
  },
});

/** A fetcher whose answers the test gives, one document at a time. */
function controlled() {
  const asked: string[] = [];
  const answers = new Map<string, (pdf: Buffer | Error) => void>();
  const fetch = (d: PulledDocument) =>
    new Promise<Buffer | undefined>((resolve, reject) => {
      asked.push(d.number);
      answers.set(d.number, (v) => (v instanceof Error ? reject(v) : resolve(v)));
    });
  const answer = async (n: number, v: Buffer | Error = Buffer.from(`pdf ${n}`)) => {
    for (let i = 0; i < 20 && !answers.has(String(n)); i++) await new Promise((r) => setImmediate(r));
    answers.get(String(n))!(v);
  };
  return { fetch, asked, answer };
}

const numbers = (p: SourcePage) => p.docs.map((d) => d.number);

describe('withPdfs: a page in parts', () => {
  it('each part holds the documents whose PDFs came, in order; only the last one is not continued', async () => {
    const f = controlled();
    const pages = withPdfs(source([1, 2, 3, 4, 5].map(doc)), f.fetch).pages(undefined, new AbortController().signal);
    const it = pages[Symbol.asyncIterator]();
    const first = it.next();
    // The second answers first: the first part waits for the first document, then takes both.
    await f.answer(2);
    await f.answer(1);
    const a = (await first).value as SourcePage;
    expect(numbers(a)).toEqual(['1', '2']);
    expect(a.continued).toBe(true);
    expect(a.docs.every((d) => d.attachments?.[0]?.suffix === '.pdf')).toBe(true);
    await f.answer(3);
    await f.answer(4);
    await f.answer(5);
    const rest: SourcePage[] = [];
    for (let r = await it.next(); !r.done; r = await it.next()) rest.push(r.value);
    expect(rest.flatMap(numbers)).toEqual(['3', '4', '5']);
    expect(rest.slice(0, -1).every((p) => p.continued)).toBe(true);
    expect(rest.at(-1)!.continued).toBeUndefined();
    expect(rest.at(-1)!.resume.cursor).toBe(7);
  });

  it('a document the folder has gets no PDF request, and goes on at once', async () => {
    const f = controlled();
    const known = (d: PulledDocument) => d.number === '1' || d.number === '2';
    const pages = withPdfs(source([1, 2, 3].map(doc)), f.fetch).pages(undefined, new AbortController().signal, known);
    const it = pages[Symbol.asyncIterator]();
    const first = (await it.next()).value as SourcePage;
    expect(numbers(first)).toEqual(['1', '2']);
    expect(first.docs.some((d) => d.attachments)).toBe(false);
    const second = it.next();
    await f.answer(3);
    const last = (await second).value as SourcePage;
    expect(numbers(last)).toEqual(['3']);
    expect(last.continued).toBeUndefined();
    expect(f.asked).toEqual(['3']);
  });

  it('a failing PDF: the parts before it are handed on, then the failure, and no later PDF is asked for', async () => {
    const f = controlled();
    const many = Array.from({ length: 8 }, (_, i) => doc(i + 1));
    const pages = withPdfs(source(many), f.fetch).pages(undefined, new AbortController().signal);
    const it = pages[Symbol.asyncIterator]();
    const first = it.next();
    await f.answer(1);
    expect(numbers((await first).value as SourcePage)).toEqual(['1']);
    const second = it.next();
    await f.answer(2, new Error('500'));
    await f.answer(3);
    await f.answer(4);
    await f.answer(5);
    await expect(second).rejects.toThrow('500');
    // Four in flight at first, and the fifth started when the first came; none after the failure.
    expect(f.asked).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('withPdfs: drawings on a pool (Infinity in flight)', () => {
  /** Two pages, each listed when asked; what was listed is recorded. */
  const twoPages = (listed: string[]): StreamSource => ({
    ...source([]),
    async *pages() {
      for (const [n, docs] of [
        [1, [1, 2]],
        [2, [3, 4]],
      ] as const) {
        listed.push(`page ${n}`);
        yield {
          docs: docs.map(doc),
          from: `cursor ${n}`,
          resume: { cursor: n, paginator: null, createdHighWater: null },
        };
      }
    },
  });

  it("queues the next page's drawings while a page is drawn, hands each page on whole, and ends with nothing running", async () => {
    const f = controlled();
    const listed: string[] = [];
    const pages = withPdfs(twoPages(listed), f.fetch, Infinity).pages(undefined, new AbortController().signal);
    const it = pages[Symbol.asyncIterator]();
    let handed: SourcePage | undefined;
    const first = it.next().then((r) => (handed = r.value as SourcePage));
    await f.answer(1);
    // Page 1 is still being drawn: page 2 is listed and its drawings queued meanwhile.
    for (let i = 0; i < 20 && f.asked.length < 4; i++) await new Promise((r) => setImmediate(r));
    expect(listed).toEqual(['page 1', 'page 2']);
    expect(f.asked).toEqual(['1', '2', '3', '4']);
    // Nothing is handed on before the page's last drawing: one write and one commit per page.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(handed).toBeUndefined();
    await f.answer(2);
    await first;
    expect(numbers(handed!)).toEqual(['1', '2']);
    expect(handed!.continued).toBeUndefined();
    await f.answer(3);
    // Stopped before page 2 is taken: its last drawing is settled before return() ends.
    let ended = false;
    const stopped = it.return!(undefined).then(() => (ended = true));
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(ended).toBe(false);
    await f.answer(4);
    await stopped;
    expect(ended).toBe(true);
  });

  it("hands the run's first drawn page on in parts of at least 64 as its drawings come, and the next pages whole", async () => {
    const f = controlled();
    const big: StreamSource = {
      ...source([]),
      async *pages() {
        for (const [n, from, count] of [
          [1, 1, 150],
          [2, 151, 100],
        ] as const)
          yield {
            docs: Array.from({ length: count }, (_, i) => doc(from + i)),
            from: `cursor ${n}`,
            resume: { cursor: n, paginator: null, createdHighWater: null },
          };
      },
    };
    const it = withPdfs(big, f.fetch, Infinity).pages(undefined, new AbortController().signal)[Symbol.asyncIterator]();
    const got: SourcePage[] = [];
    let taking = it.next().then((r) => r.value && got.push(r.value as SourcePage));
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    };
    // Page 1 (the thread's first drawings): 63 drawn are not yet a part; the 64th makes one.
    for (let n = 1; n <= 63; n++) await f.answer(n);
    await settle();
    expect(got).toHaveLength(0);
    await f.answer(64);
    await taking;
    expect(numbers(got[0]!)).toEqual(Array.from({ length: 64 }, (_, i) => String(i + 1)));
    expect(got[0]!.continued).toBe(true);
    for (let n = 65; n <= 150; n++) await f.answer(n);
    for (let r = await it.next(); ; r = await it.next()) {
      got.push(r.value as SourcePage);
      if (!r.value!.continued) break;
    }
    expect(got.flatMap(numbers)).toHaveLength(150);
    expect(got.every((p) => p.docs.length >= 64 || !p.continued)).toBe(true);
    expect(got.at(-1)!.resume.cursor).toBe(1);
    // Page 2: nothing goes on before its last drawing, whatever came before.
    got.length = 0;
    taking = it.next().then((r) => r.value && got.push(r.value as SourcePage));
    for (let n = 151; n <= 249; n++) await f.answer(n);
    await settle();
    expect(got).toHaveLength(0);
    await f.answer(250);
    await taking;
    expect(got).toHaveLength(1);
    expect(got[0]!.docs).toHaveLength(100);
    expect(got[0]!.continued).toBeUndefined();
    expect((await it.next()).done).toBe(true);
  });

  it('hands on every page in order, each with its PDFs', async () => {
    const f = controlled();
    const pages = withPdfs(twoPages([]), f.fetch, Infinity).pages(undefined, new AbortController().signal);
    const it = pages[Symbol.asyncIterator]();
    const got: SourcePage[] = [];
    const taken = (async () => {
      for (let r = await it.next(); !r.done; r = await it.next()) got.push(r.value);
    })();
    // The second page's drawings come first: its parts still follow the first page's.
    for (const n of [4, 3, 2, 1]) await f.answer(n);
    await taken;
    expect(got.flatMap(numbers)).toEqual(['1', '2', '3', '4']);
    expect(got.flatMap((p) => p.docs).every((d) => d.attachments?.length === 1)).toBe(true);
    expect(got.filter((p) => !p.continued).map((p) => p.resume.cursor)).toEqual([1, 2]);
  });
});
