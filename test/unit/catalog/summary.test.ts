// The summaries the catalog keeps for `fiscal inspect` (schema 2, docs/catalog.md), made by the
// lean pass from the bytes the pull holds, equal what the XML reader gives, or are nothing (the
// file is then read): on the emulator's notes and events, and on every real NF-e, NFC-e and
// event of ../shared/samples.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventSummary, extractFacts } from '../../../src/catalog/extract/index.js';
import { docXml, eventXml, generateDataset, nfeXml } from '../../../src/emulator/data/dataset.js';
import { readDocuments } from '../../../src/fiscal/readers/index.js';

const dataset = generateDataset({ seed: 9, docs: 150, otherDocs: 40, now: new Date('2026-06-15T12:00:00-03:00') });

/** What the XML reader gives of a file of one document, without the `source` inspect adds. */
function readerSummary(bytes: Uint8Array): unknown {
  const docs = readDocuments(bytes, 'x').map(({ source: _source, ...rest }) => rest);
  return docs.length === 1 ? docs[0] : docs;
}

const noteSummary = (type: string, xml: string | Uint8Array) =>
  extractFacts(type, typeof xml === 'string' ? Buffer.from(xml) : xml)?.summary;

describe('catalog summaries of the emulator', () => {
  it('every NF-e: the lean summary is the reader summary', () => {
    expect(dataset.nfes.length).toBeGreaterThan(100);
    for (const doc of dataset.nfes) {
      const xml = Buffer.from(nfeXml(doc));
      expect(noteSummary('nfe', xml), doc.accessKey).toEqual(readerSummary(xml));
      // As the catalog keeps it: the same JSON, field for field in the same order (the lean
      // summary holds its absent fields as undefined, which JSON leaves out).
      expect(JSON.stringify(noteSummary('nfe', xml))).toBe(JSON.stringify(readerSummary(xml)));
    }
  });

  it('every NFC-e', () => {
    const nfces = dataset.docs?.nfce ?? [];
    expect(nfces.length).toBeGreaterThan(10);
    for (const doc of nfces) {
      const xml = Buffer.from(docXml('nfce', doc));
      expect(noteSummary('nfce', xml)).toEqual(readerSummary(xml));
      expect(JSON.stringify(noteSummary('nfce', xml))).toBe(JSON.stringify(readerSummary(xml)));
    }
  });

  it('every NF-e event (procEventoNFe)', () => {
    let events = 0;
    for (const doc of dataset.nfes)
      for (const event of doc.events) {
        const xml = Buffer.from(eventXml(doc, event));
        expect(eventSummary('nfe', xml), `${doc.accessKey} ${event.type}`).toEqual(readerSummary(xml));
        events++;
      }
    expect(events).toBeGreaterThan(10);
  });
});

describe('what the lean pass does not follow is left to the reader', () => {
  const xml = nfeXml(dataset.nfes[0]!);
  it.each([
    ['another encoding declared', xml.replace('encoding="UTF-8"', 'encoding="UTF-16"')],
    ['CDATA beside text', xml.replace('<natOp>', '<natOp><![CDATA[x]]>')],
    ['an HTML entity', xml.replace('<natOp>', '<natOp>&eacute;')],
    ['a file cut short', xml.slice(0, -20)],
    ['a nested total', xml.replace('<vNF>', '<vNF><x>1</x>')],
  ])('%s: no summary', (_what, changed) => {
    expect(noteSummary('nfe', changed)).toBeUndefined();
  });

  it('what the section pass leaves, the lean tree follows with the reader: an event appended, a QR code in CDATA', () => {
    const withEvent = dataset.nfes.find((d) => d.events.length > 0)!;
    const event = eventXml(withEvent, withEvent.events[0]!).replace(/^<\?xml[^>]*\?>/, '');
    for (const changed of [
      xml.replace('</nfeProc>', '<retEvento versao="1.00"></retEvento></nfeProc>'),
      nfeXml(withEvent).replace('</nfeProc>', `${event}</nfeProc>`),
      xml.replace('<natOp>', '<natOp><![CDATA[').replace('</natOp>', ']]></natOp>'),
    ]) {
      const summary = noteSummary('nfe', changed);
      expect(summary).toBeDefined();
      expect(summary).toEqual(readerSummary(Buffer.from(changed)));
    }
  });

  it('an event of another family, or a bare request: the reader summary, through the lean tree', () => {
    const doc = dataset.nfes.find((d) => d.events.length > 0)!;
    const event = eventXml(doc, doc.events[0]!);
    const request = /<evento[\s\S]*<\/evento>/.exec(event)![0];
    for (const [type, xml] of [
      ['cte', event],
      ['nfe', request],
    ] as const) {
      const summary = eventSummary(type, Buffer.from(xml));
      expect(summary?.kind).toBe('event');
      expect(summary).toEqual(readerSummary(Buffer.from(xml)));
    }
  });
});

/** The sample folder, read through the relative path the project may name. */
const SAMPLES = join(process.cwd(), '..', 'shared', 'samples');
const haveSamples = existsSync(join(SAMPLES, 'MANIFEST.tsv'));

describe.runIf(haveSamples)('real NF-e, NFC-e and events of ../shared/samples', () => {
  it('a summary the lean pass makes equals the reader summary', () => {
    let followed = 0;
    for (const sub of ['nfe', 'nfce', 'events', 'events/derived']) {
      const dir = join(SAMPLES, sub);
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.xml'))) {
        const bytes = readFileSync(join(dir, name));
        const lean = sub.startsWith('events') ? eventSummary('nfe', bytes) : noteSummary('nfe', bytes);
        if (lean === undefined) continue;
        expect(lean, name).toEqual(readerSummary(bytes));
        followed++;
      }
    }
    expect(followed).toBeGreaterThan(10);
  });
});
