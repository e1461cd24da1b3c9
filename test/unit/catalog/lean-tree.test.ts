// The lean tree (src/catalog/extract/lean-tree.ts) is the tree the XML reader's parser gives
// (src/fiscal/readers/xml.ts), or nothing: on every document and event of every type of the
// emulator, on every real sample of ../shared/samples, and on the constructs it follows or leaves.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leanTree } from '../../../src/catalog/extract/lean-tree.js';
import { docEventXml, docXml, eventXml, generateDataset, nfeXml } from '../../../src/emulator/data/dataset.js';
import { nfseOriginalXml } from '../../../src/emulator/data/nfse-layouts.js';
import { DOC_TYPE_NAMES } from '../../../src/fiscal/doc-types.js';
import { decodeXml, parseXml } from '../../../src/fiscal/readers/xml.js';

const dataset = generateDataset({ seed: 5, docs: 20, otherDocs: 20, now: new Date('2026-06-15T12:00:00-03:00') });

/** The text after the declaration (and a byte order mark), as the catalog hands it over. */
const body = (xml: string) => xml.replace(/^\uFEFF?(?:<\?xml[^>]*\?>\s*)?/, '');
const parsed = (xml: string) => parseXml(xml).tree;

describe('the lean tree is the parser tree', () => {
  it('every document and event of every type of the emulator', () => {
    const files: string[] = [];
    for (const doc of dataset.nfes) files.push(nfeXml(doc), ...doc.events.map((e) => eventXml(doc, e)));
    for (const type of DOC_TYPE_NAMES.filter((t) => t !== 'nfe'))
      for (const doc of dataset.docs?.[type] ?? [])
        files.push(docXml(type, doc), ...(doc.events ?? []).map((e) => docEventXml(type, doc, e)));
    for (const doc of dataset.docs?.nfse ?? []) files.push(nfseOriginalXml(doc));
    expect(files.length).toBeGreaterThan(150);
    for (const xml of files) expect(leanTree(body(xml))).toEqual(parsed(xml));
  });

  it.each([
    [
      'attributes, prefixes, namespace declarations',
      '<a:r xmlns:a="u" xmlns="v" x="1" b:y=\' 2 \'><a:b z="3">t</a:b><c/></a:r>',
    ],
    [
      'repeated elements, and those always lists',
      '<CTe><infDoc><infNFe><chave>1</chave></infNFe></infDoc><x>1</x><x>2</x><det>3</det></CTe>',
    ],
    ['entities and character references', '<r><a>&lt;b&gt; &amp; &quot;&apos; &#233;&#xE9;</a><b c="&amp;x"/></r>'],
    ['CDATA alone in its element, blanks around it', '<r><q>\n  <![CDATA[ https://x?a=1&b=<2> ]]>\n</q></r>'],
    ['comments between elements', '<r><!-- a --><a>1</a><!-- b --></r><!-- after -->'],
    ['line ends', '<r>\r\n<a>1\r\n2</a>\r</r>'],
    ['a signature kept as written', '<r><Signature xmlns="s"><SignedInfo>x</SignedInfo></Signature></r>'],
    ['empty elements, attributes and text', '<r><a></a><b x="1"></b><c x="1">t</c><d>  </d></r>'],
  ])('%s', (_what, xml) => {
    expect(leanTree(xml)).toEqual(parsed(xml));
  });
});

describe('what it does not shape as the parser does gives nothing', () => {
  it.each([
    ['mixed content', '<r>a<b/>c</r>'],
    ['CDATA beside text', '<r><a>x<![CDATA[y]]></a></r>'],
    ['text beside a comment', '<r><a>x<!-- c -->y</a></r>'],
    ['an HTML entity', '<r><a>&eacute;</a></r>'],
    ['a bare ampersand', '<r><a>a & b</a></r>'],
    ['a reference to & (decoded twice by the parser)', '<r><a>&#38;amp;</a></r>'],
    ['a processing instruction', '<r><?pi x?><a/></r>'],
    ['a DOCTYPE', '<!DOCTYPE r><r/>'],
    ['a tag closed by another name', '<r><a></b></r>'],
    ['a file cut short', '<r><a>1</a>'],
    ['two roots', '<r/><s/>'],
    ['text after the root', '<r/>x'],
    ['an attribute without quotes', '<r a=1/>'],
    ['an attribute twice', '<r a="1" a="2"/>'],
    ['a name objects cannot hold', '<r><__proto__>1</__proto__></r>'],
  ])('%s', (_what, xml) => {
    expect(leanTree(xml)).toBeUndefined();
  });
});

/** The sample folder, read through the relative path the project may name. */
const SAMPLES = join(process.cwd(), '..', 'shared', 'samples');

describe.runIf(existsSync(join(SAMPLES, 'MANIFEST.tsv')))('every real sample of ../shared/samples', () => {
  it('gives the parser tree (all follow: CDATA QR codes, comments, BOMs, pretty-printing)', () => {
    const files = readdirSync(SAMPLES, { recursive: true, encoding: 'utf8' }).filter((f) => /\.xml$/i.test(f));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const { text } = decodeXml(readFileSync(join(SAMPLES, file)));
      expect(leanTree(body(text)), file).toEqual(parsed(text));
    }
  });
});
