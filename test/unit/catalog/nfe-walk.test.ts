// The walk that reads an NF-e's catalog facts from its bytes (src/catalog/extract/nfe-walk*.ts)
// against the section pass it replaces where it can (nfe.ts, nfe-summary.ts, and the lean tree's
// summary where theirs is none): the rows the catalog writes are the same, byte for byte, for the
// emulator's notes of several seeds, notes changed by hand (IBS/CBS, namespaces, CDATA, entities,
// attributes, self-closing tags, blanks, groups missing or misplaced), and the real NF-e and NFC-e
// of ../shared/samples. Where the walk gives nothing, the section pass reads the file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/catalog/extract/index.js';
import { nfeFacts } from '../../../src/catalog/extract/nfe.js';
import { walkedNoteFacts } from '../../../src/catalog/extract/nfe-walk-facts.js';
import { documentText } from '../../../src/catalog/extract/scan.js';
import { treeSummary } from '../../../src/catalog/extract/tree-summary.js';
import type { DocumentFacts } from '../../../src/catalog/facts.js';
import { DOCUMENT_COLUMNS, ITEM_COLUMNS, lineRows } from '../../../src/catalog/rows.js';
import { ITEM_TAXES, TOTALS } from '../../../src/catalog/facts.js';
import { docXml, generateDataset, nfeXml } from '../../../src/emulator/data/dataset.js';

/** The section pass, as extractFacts read every NF-e before the walk. */
function sectionPass(bytes: Uint8Array): DocumentFacts {
  const xml = documentText(bytes, 'infNFe');
  const facts = nfeFacts(xml);
  facts.summary ??= treeSummary(xml);
  return facts;
}

const LINE = {
  key: '1'.repeat(44),
  type: 'nfe',
  role: 'received',
  owner: '12345678000195',
  path: 'x.xml',
  sha256: 'f'.repeat(64),
  bytes: 1,
  status: 'authorized',
  created_at: null,
};

/** The rows the catalog writes of a file with these facts, as text (numbers as SQLite gets them). */
const rows = (facts: DocumentFacts | undefined) =>
  JSON.stringify(lineRows({ ...LINE, facts }), (_k, v: unknown) => (Object.is(v, -0) ? '-0' : v));

/** Whether the walk read `xml`; either way, the catalog's rows are the section pass's. */
function compare(xml: string | Uint8Array, what = ''): boolean {
  const bytes = typeof xml === 'string' ? Buffer.from(xml) : xml;
  const reference = sectionPass(bytes);
  const walked = walkedNoteFacts(bytes);
  if (walked) {
    expect(rows(walked), what).toBe(rows(reference));
    expect(walked, what).toEqual(reference);
  }
  expect(rows(extractFacts('nfe', bytes)), what).toBe(rows(reference));
  return walked !== undefined;
}

const NOW = new Date('2026-06-15T12:00:00-03:00');
const notes = [1, 7, 32].flatMap((seed) =>
  generateDataset({ seed, docs: 120, otherDocs: 30, now: NOW }).nfes.map((doc) => nfeXml(doc)),
);
const base = notes.find((x) => (x.match(/<det /g) ?? []).length >= 3)!;

/** IBS and CBS of the 2026 reform: an IBSCBS group in each item, IBSCBSTot and vNFTot in the total. */
function withIbsCbs(xml: string): string {
  const item =
    '<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>100.00</vBC>' +
    '<gIBSUF><pIBSUF>0.10</pIBSUF><vIBSUF>0.10</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.00</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun>' +
    '<vIBS>0.10</vIBS><gCBS><pCBS>0.90</pCBS><vCBS>0.90</vCBS></gCBS></gIBSCBS></IBSCBS>';
  const total =
    '<IBSCBSTot><vBCIBSCBS>300.00</vBCIBSCBS><gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>0.30</vIBSUF></gIBSUF>' +
    '<gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>0.30</vIBS><vCredPres>0.00</vCredPres></gIBS>' +
    '<gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>2.70</vCBS><vCredPres>0.00</vCredPres></gCBS></IBSCBSTot><vNFTot>1003.00</vNFTot>';
  return xml.replaceAll('</imposto>', `${item}</imposto>`).replace('</ICMSTot>', `</ICMSTot>${total}`);
}

describe('the walk gives the rows of the section pass', () => {
  it('every NF-e of the emulator, seeds 1, 7 and 32, and every NFC-e', () => {
    let walked = 0;
    for (const xml of notes) if (compare(xml)) walked++;
    const nfces = generateDataset({ seed: 5, docs: 40, otherDocs: 40, now: NOW }).docs?.nfce ?? [];
    expect(nfces.length).toBeGreaterThan(10);
    for (const doc of nfces) if (compare(docXml('nfce', doc))) walked++;
    // The walk reads them all: the figure of the pull is the walk's.
    expect(walked).toBe(notes.length + nfces.length);
  });

  it("IBS and CBS, the emulator's own (2026, a normal regime) and added to notes of a seed without them", () => {
    // The emulator's notes of the reform were compared with the rest above.
    expect(notes.filter((x) => x.includes('<IBSCBSTot>')).length).toBeGreaterThan(20);
    const seeded = notes
      .filter((x) => !x.includes('<IBSCBS>'))
      .slice(0, 120)
      .map(withIbsCbs);
    expect(seeded.length).toBeGreaterThan(50);
    for (const xml of seeded) expect(compare(xml)).toBe(true);
    const facts = walkedNoteFacts(Buffer.from(seeded[0]!))!;
    expect([facts.totals.ibs, facts.totals.cbs, facts.items[0]!.taxes.cbs]).toEqual([0.3, 2.7, 0.9]);
    expect(facts.summary?.totals).toMatchObject({ vIBS: '0.30', vCBS: '2.70', vNFTot: '1003.00' });
  });

  const read: [string, string][] = [
    [
      'entities in names and descriptions',
      base.replace(/<xNome>([^<]*)</, '<xNome>A &amp; B &#233; &#xE9; &lt;C&gt;<'),
    ],
    [
      'item numbers of several digits, and of none',
      base.replace('<det nItem="1">', '<det nItem="0012">').replace('<det nItem="2">', '<det nItem="">'),
    ],
    ['attributes in another order', base.replace(/<infNFe (Id="[^"]*") (versao="[^"]*")>/, "<infNFe $2 x='1' $1>")],
    ['attributes on values', base.replace('<xNome>', '<xNome a="1">').replace('<CFOP>', '<CFOP\tb="x">')],
    ['pretty-printed, CRLF', base.replace(/></g, '>\r\n  <')],
    [
      'blanks and NBSP around values',
      base.replace(/<xProd>/g, '<xProd>\u00a0 ').replace(/<\/xProd>/g, ' \u00a0</xProd>'),
    ],
    ['an empty value', base.replace(/<vDesc>[^<]*</, '<vDesc><').replace(/<CEST>[^<]*</, '<CEST><')],
    [
      'numbers Number() reads its way',
      base.replace(/<qCom>[^<]*</, '<qCom>1e3<').replace(/<vUnCom>[^<]*</, '<vUnCom>0x10<'),
    ],
    [
      'more numbers',
      base.replace(/<vProd>[^<]*</, '<vProd>.5<').replace(/<vFrete>[^<]*</, '<vFrete>12345678901234567.89<'),
    ],
    [
      'negative and padded numbers',
      base.replace(/<vICMS>[^<]*</, '<vICMS>-3.50<').replace(/<vPIS>[^<]*</, '<vPIS> 1.5 <'),
    ],
    ['a prefixed signature', base.replace('<Signature ', '<ds:Signature ').replace('</Signature>', '</ds:Signature>')],
    ['self-closing elements the catalog does not read', base.replace('<infAdic>', '<infAdic><obsCont/>')],
    ['no receiver', base.replace(/<dest>[\s\S]*?<\/dest>/, '')],
    ['no receiver address', base.replace(/<enderDest>[\s\S]*?<\/enderDest>/, '<UF>SP</UF>')],
    ['no ICMSTot', base.replace(/<ICMSTot>[\s\S]*?<\/ICMSTot>/, '')],
    ['a bare NFe', base.replace(/^[\s\S]*?<NFe /, '<NFe ').replace(/<\/NFe>[\s\S]*$/, '</NFe>')],
    ['no declaration', base.replace(/^<\?xml[^>]*\?>/, '')],
    [
      'IPI of a return (impostoDevol)',
      base.replace(
        '</imposto>',
        '</imposto><impostoDevol><pDevol>1.00</pDevol><IPI><vIPIDevol>1.00</vIPIDevol></IPI></impostoDevol>',
      ),
    ],
    ['a protocol for another key', base.replace(/<chNFe>\d+</, `<chNFe>${'3'.repeat(44)}<`)],
    ['a note denied', base.replace(/<cStat>\d+</, '<cStat>110<')],
    ['a note canceled in its protocol', base.replace(/<cStat>\d+</, '<cStat>101<')],
    [
      'a det inside infAdic (an item to both)',
      base.replace('</infAdic>', '<det nItem="9"><prod><CFOP>1</CFOP></prod></det></infAdic>'),
    ],
    ['a repeated value (the first is read)', base.replace('<xNome>', '<xNome>first</xNome><xNome>')],
  ];
  it.each(read)('%s: walked', (what, xml) => {
    expect(xml).not.toBe(base);
    expect(compare(xml, what)).toBe(true);
  });

  const left: [string, string][] = [
    [
      'namespace prefixes on every element',
      base
        .replace(/<(\/?)(?=[A-Za-z])/g, '<$1n:')
        .replace('<n:nfeProc ', '<n:nfeProc xmlns:n="http://www.portalfiscal.inf.br/nfe" '),
    ],
    ['CDATA', base.replace('<xProd>', '<xProd><![CDATA[a < b]]>').replace('</xProd>', '</xProd>')],
    ['a comment', base.replace('<ide>', '<ide><!-- x -->')],
    ['an entity in capitals', base.replace(/<xNome>/, '<xNome>&AMP;')],
    ['a self-closing value', base.replace(/<CFOP>[^<]*<\/CFOP>/, '<CFOP/>')],
    ['a value with markup', base.replace(/<UF>([^<]*)<\/UF>/, '<UF><x>$1</x></UF>')],
    ['a closing tag with a blank', base.replace('</xNome>', '</xNome >')],
    ['a closing tag of another element', base.replace('</xFant>', '</xFanta>')],
    ['ICMSTot with a nested value', base.replace('<vNF>', '<vNF><x>1</x>')],
    ['ICMSTot with an attribute', base.replace('<vNF>', '<vNF a="1">')],
    [
      'a det inside the signature',
      base.replace('<SignedInfo>', '<SignedInfo><det nItem="9"><prod><CFOP>1</CFOP></prod></det>'),
    ],
    [
      'a receiver inside the signature',
      base.replace(/<dest>[\s\S]*?<\/dest>/, '').replace('<SignedInfo>', '<SignedInfo><dest><xNome>x</xNome></dest>'),
    ],
    ['ICMS inside PIS', base.replace('<PIS>', '<PIS><ICMS><vICMS>1</vICMS></ICMS>')],
    ['emit twice', base.replace('<dest>', '<emit><xNome>other</xNome></emit><dest>')],
    [
      'a cancellation appended to the proc',
      base.replace(
        '</nfeProc>',
        '<retEvento versao="1.00"><infEvento><tpEvento>110111</tpEvento><cStat>135</cStat></infEvento></retEvento></nfeProc>',
      ),
    ],
    ['text between the note and its protocol', base.replace('</NFe>', '</NFe>x')],
    ['an nfeProc without its protocol', base.replace(/<protNFe[\s\S]*<\/protNFe>/, '')],
    ['an nfeProc with its protocol first', base.replace(/(<NFe [\s\S]*<\/NFe>)(<protNFe[\s\S]*<\/protNFe>)/, '$2$1')],
    [
      'a cancellation inside the protocol',
      base.replace('</infProt>', '</infProt><infEvento><tpEvento>110111</tpEvento><cStat>135</cStat></infEvento>'),
    ],
    ['a byte order mark', `\ufeff${base}`],
    ['declared ISO-8859-1', base.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')],
    ['U+FFFD', base.replace('<xNome>', '<xNome>\ufffd')],
    ['a file cut short', base.slice(0, -20)],
  ];
  it.each(left)('%s: left to the section pass', (what, xml) => {
    expect(xml).not.toBe(base);
    expect(compare(xml, what)).toBe(false);
  });

  it('invalid UTF-8: left to the section pass', () => {
    const bytes = Buffer.from(base);
    bytes[bytes.indexOf('<xNome>') + 8] = 0xff;
    expect(compare(bytes)).toBe(false);
  });
});

/** The sample folder, read through the relative path the project may name. */
const SAMPLES = join(process.cwd(), '..', 'shared', 'samples');
const haveSamples = existsSync(join(SAMPLES, 'MANIFEST.tsv'));

describe('real NF-e and NFC-e', () => {
  it.skipIf(!haveSamples)(
    `../shared/samples: the walk gives the section pass's rows${haveSamples ? '' : ' (skipped: no ../shared/samples here)'}`,
    () => {
      let walked = 0;
      for (const sub of ['nfe', 'nfce']) {
        const dir = join(SAMPLES, sub);
        for (const name of readdirSync(dir).filter((n) => n.endsWith('.xml')))
          if (compare(readFileSync(join(dir, name)), name)) walked++;
      }
      expect(walked).toBeGreaterThan(10);
    },
  );
});

describe('the rows', () => {
  it('put each total and tax of the facts in its column', () => {
    const facts = walkedNoteFacts(Buffer.from(withIbsCbs(base)))!;
    TOTALS.forEach((t, i) => (facts.totals[t] = i + 0.5));
    ITEM_TAXES.forEach((t, i) => (facts.items[0]!.taxes[t] = i + 0.25));
    const { document, items } = lineRows({ ...LINE, facts });
    for (const t of TOTALS) expect(document![DOCUMENT_COLUMNS.indexOf(t)]).toBe(facts.totals[t]);
    for (const t of ITEM_TAXES) expect(items![0]![ITEM_COLUMNS.indexOf(t)]).toBe(facts.items[0]!.taxes[t]);
    expect(document).toHaveLength(DOCUMENT_COLUMNS.length);
    expect(items![0]).toHaveLength(ITEM_COLUMNS.length);
  });
});
