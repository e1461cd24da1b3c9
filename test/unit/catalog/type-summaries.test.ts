// The summaries the catalog keeps for `fiscal inspect` of CT-e, CT-e OS, MDF-e and NFS-e (docs/
// catalog.md): the readers' own over the lean tree, equal to what reading the XML gives, on every
// document and event of the emulator, on the NFS-e layouts as issued (ABRASF 2.02, 2.04, the
// national one), and on the real samples of ../shared/samples, where the few declined are named.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventSummary, extractFacts } from '../../../src/catalog/extract/index.js';
import { docEventXml, docXml, generateDataset } from '../../../src/emulator/data/dataset.js';
import { NFSE_LAYOUTS, layoutOf, nfseOriginalXml } from '../../../src/emulator/data/nfse-layouts.js';
import { readDocuments } from '../../../src/fiscal/readers/index.js';

const dataset = generateDataset({ seed: 9, docs: 10, otherDocs: 40, now: new Date('2026-06-15T12:00:00-03:00') });
const TYPES = ['cte', 'cteos', 'mdfe', 'nfse'] as const;
type PartyShown = { taxId?: string; name?: string; uf?: string };

/** What the XML reader gives of a file of one document, without the `source` inspect adds. */
function readerSummary(bytes: Uint8Array): unknown {
  const docs = readDocuments(bytes, 'x').map(({ source: _source, ...rest }) => rest);
  return docs.length === 1 ? docs[0] : docs;
}

const summaryOf = (type: string, xml: string | Uint8Array) =>
  extractFacts(type, typeof xml === 'string' ? Buffer.from(xml) : xml)?.summary;

describe('catalog summaries of the emulator', () => {
  it.each(TYPES)('every %s: the lean summary is the reader summary, never declined', (type) => {
    const docs = dataset.docs?.[type] ?? [];
    expect(docs.length).toBeGreaterThan(30);
    for (const doc of docs) {
      const xml = Buffer.from(docXml(type, doc));
      const summary = summaryOf(type, xml);
      expect(summary?.kind, xml.toString()).toBe(type);
      expect(summary).toEqual(readerSummary(xml));
    }
  });

  it.each(TYPES)('every event of a %s', (type) => {
    let events = 0;
    for (const doc of dataset.docs?.[type] ?? [])
      for (const event of doc.events ?? []) {
        // procEventoCTe, procEventoMDFe; an NFS-e's ABRASF cancellation answer (CancelarNfseResposta).
        const xml = Buffer.from(docEventXml(type, doc, event));
        expect(eventSummary(type, xml)?.kind).toBe('event');
        expect(eventSummary(type, xml)).toEqual(readerSummary(xml));
        events++;
      }
    expect(events).toBeGreaterThan(0);
  });

  it('every NFS-e as its municipality or the national system issued it: ABRASF 2.02, 2.04, national 1.00', () => {
    const seen = new Set<string>();
    for (const doc of dataset.docs?.nfse ?? []) {
      const xml = Buffer.from(nfseOriginalXml(doc));
      const summary = summaryOf('nfse', xml);
      expect(summary).toBeDefined();
      expect(summary).toEqual(readerSummary(xml));
      seen.add(layoutOf(doc));
    }
    expect([...seen].sort()).toEqual([...NFSE_LAYOUTS].sort());
  });

  it("every NFS-e: the catalog's parties (tax id, name, UF) are the summary's, in each layout", () => {
    // ABRASF nests <Endereco> (the street) in <Endereco>: the UF was once read from the inner one.
    let ufs = 0;
    for (const doc of dataset.docs?.nfse ?? [])
      for (const xml of [docXml('nfse', doc), nfseOriginalXml(doc)]) {
        const facts = extractFacts('nfse', Buffer.from(xml))!;
        const summary = facts.summary as { emitter: PartyShown; counterpart?: PartyShown };
        expect(facts.emitter.uf, xml).toBe(summary.emitter.uf);
        expect(facts.emitter.taxId).toBe(summary.emitter.taxId);
        if (summary.counterpart?.uf) expect(facts.receiver.uf, xml).toBe(summary.counterpart.uf);
        if (facts.emitter.uf) ufs++;
      }
    expect(ufs).toBeGreaterThan(30);
  });
});

describe('what the lean tree does not follow is left to the reader', () => {
  const xml = docXml('cte', dataset.docs!.cte![0]!);
  it.each([
    ['another encoding declared', xml.replace('encoding="UTF-8"', 'encoding="UTF-16"')],
    ['an HTML entity', xml.replace('<natOp>', '<natOp>&eacute;')],
    ['text beside an element', xml.replace('<natOp>', '<natOp>x<b/>')],
    ['CDATA beside text', xml.replace('<natOp>', '<natOp><![CDATA[x]]>')],
    ['a file cut short', xml.slice(0, -20)],
    ['a tag closed by another name', xml.replace('</natOp>', '</natop>')],
    ['a DOCTYPE', xml.replace('?>', '?><!DOCTYPE cteProc>')],
    [
      'bytes that are not UTF-8',
      Buffer.concat([Buffer.from(xml.slice(0, 300)), Buffer.from([0xe9]), Buffer.from(xml.slice(300))]),
    ],
  ])('%s: no summary', (_what, changed) => {
    expect(summaryOf('cte', changed)).toBeUndefined();
  });

  it('ISO-8859-1: the reader summary where Latin-1 and Windows-1252 agree, nothing where a byte 0x80-0x9F reads otherwise', () => {
    const latin = xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    expect(latin).toMatch(/[\u00c0-\u00ff]/);
    const bytes = Buffer.from(latin, 'latin1');
    expect(summaryOf('cte', bytes)?.kind).toBe('cte');
    expect(summaryOf('cte', bytes)).toEqual(readerSummary(bytes));
    // 0x80: `€` to Windows-1252, a control character to Latin-1 (and to Node 20's TextDecoder
    // for windows-1252, which later versions fix): declined, whichever the reader's Node does.
    const euro = Buffer.from(latin.replace(/<emit>[\s\S]*?<xNome>/, '$&\u0080'), 'latin1');
    expect(summaryOf('cte', euro)).toBeUndefined();
    expect(summaryOf('cte', Buffer.from(latin.replace(/<emit>[\s\S]*?<xNome>/, '$&\u00a0'), 'latin1'))).toBeDefined();
  });

  it('a file of several documents (an NFS-e list): no summary', () => {
    const [a, b] = dataset.docs!.nfse!.map((d) => docXml('nfse', d).replace(/^<\?xml[^>]*\?>\s*/, ''));
    const list = `<ListaNfse>${a}${b}</ListaNfse>`;
    expect(readDocuments(Buffer.from(list), 'x')).toHaveLength(2);
    expect(summaryOf('nfse', list)).toBeUndefined();
  });
});

/** The sample folder, read through the relative path the project may name. */
const SAMPLES = join(process.cwd(), '..', 'shared', 'samples');
const haveSamples = existsSync(join(SAMPLES, 'MANIFEST.tsv'));

/** The samples of a type of the manifest (its second column). */
function samples(type: string): string[] {
  return readFileSync(join(SAMPLES, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[1] === type)
    .map((cols) => cols[0]!);
}

describe.runIf(haveSamples)('real CT-e, CT-e OS, MDF-e, NFS-e and events of ../shared/samples', () => {
  /** The samples declined, each with why: the reader finds several documents in the file. */
  const DECLINED: Record<string, string> = {
    'nfse/sped-nfse-nacional__ConsultarNfseResposta_with.xml': 'a SOAP answer holding a list of 3 NFS-e',
    'nfse/derived/sped-nfse-nacional__ConsultarNfseResposta_with__unescaped.xml': 'a list of 3 NFS-e',
  };

  it.each(['cte', 'mdfe', 'nfse', 'events'])(
    '%s: every summary equals the reader summary; the declined are named',
    (type) => {
      const files = samples(type);
      expect(files.length).toBeGreaterThan(5);
      for (const file of files) {
        const bytes = readFileSync(join(SAMPLES, file));
        // A type of the pull folder the file would be in: the lean tree does not depend on it.
        const lean = type === 'events' ? eventSummary('cte', bytes) : summaryOf(type, bytes);
        if (file in DECLINED) {
          expect(lean, file).toBeUndefined();
          expect(readDocuments(bytes, 'x').length, file).toBeGreaterThan(1);
        } else {
          expect(lean, file).toBeDefined();
          expect(lean, file).toEqual(readerSummary(bytes));
        }
      }
    },
  );

  it("nfse: the catalog's parties are the summary's (a DPS alone, not yet an NFS-e, has none)", () => {
    let checked = 0;
    for (const file of samples('nfse')) {
      const bytes = readFileSync(join(SAMPLES, file));
      const facts = extractFacts('nfse', bytes);
      const summary = facts?.summary as { emitter?: PartyShown; counterpart?: PartyShown } | undefined;
      if (!summary || file in DECLINED || !/<(infNFSe|InfNfse)\b/.test(bytes.toString('latin1'))) continue;
      expect(facts!.emitter, file).toMatchObject({ taxId: summary.emitter?.taxId, uf: summary.emitter?.uf });
      if (summary.counterpart?.taxId) expect(facts!.receiver.taxId, file).toBe(summary.counterpart.taxId);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});
