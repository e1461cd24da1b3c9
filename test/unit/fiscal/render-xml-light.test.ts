// The renderers' small XML parser gives the tree the readers' strict parser gives, for every real
// sample and every type the emulator writes, and gives up (undefined: the caller then reads the
// file with the strict parser) on what it does not read: a DTD, a stray `<`, tags that do not nest.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDataset, nfeXml, docXml } from '../../../src/emulator/data/dataset.js';
import { decodeXml, parseXml } from '../../../src/fiscal/readers/xml.js';
import { parseLight } from '../../../src/fiscal/render/xml-light.js';

const SAMPLES = join(process.cwd(), '..', 'shared', 'samples');

/**
 * The strict parser's tree as the renderers' parser gives it: signatures blank (skipped, never
 * read) and a CDATA section's text trimmed like any other text.
 */
function strict(xml: string) {
  const { root, tree } = parseXml(xml);
  const alike = (node: Record<string, unknown>): void => {
    for (const [name, child] of Object.entries(node)) {
      if (name === 'Signature') node[name] = Array.isArray(child) ? child.map(() => '') : '';
      else if (typeof child === 'string') node[name] = child.trim();
      else if (typeof child === 'object' && child !== null) alike(child as Record<string, unknown>);
    }
  };
  alike(tree);
  return { root, tree };
}

describe('parseLight', () => {
  it.runIf(existsSync(join(SAMPLES, 'MANIFEST.tsv')))(
    'reads every real sample of ../shared/samples as the strict parser does',
    () => {
      const files = readdirSync(SAMPLES, { recursive: true, encoding: 'utf8' }).filter((f) => /\.xml$/i.test(f));
      let read = 0;
      for (const file of files) {
        const { text } = decodeXml(readFileSync(join(SAMPLES, file)));
        const light = parseLight(text);
        if (light === undefined) continue;
        expect(light, file).toEqual(strict(text));
        read++;
      }
      expect(read).toBeGreaterThan(40);
    },
  );

  it('reads every type the emulator writes as the strict parser does', () => {
    const data = generateDataset({ seed: 5, docs: 60, accounts: 1, now: new Date('2026-06-15T12:00:00-03:00') });
    const xmls = [
      ...data.nfes.map((n) => nfeXml(n)),
      ...(['nfce', 'cte', 'cteos', 'mdfe', 'nfse'] as const).flatMap((t) =>
        (data.docs?.[t] as Parameters<typeof docXml>[1][]).slice(0, 20).map((d) => docXml(t, d)),
      ),
    ];
    for (const xml of xmls) expect(parseLight(xml)).toEqual(strict(xml));
    expect(xmls.length).toBeGreaterThan(100);
  });

  it('reads attributes in either quote, entities, CDATA, comments and instructions', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment -->\n',
      `<nfe:a xmlns:nfe="urn:x" Id = 'k1' versao="4.00">`,
      '<b>x &amp; y &#233;&#x41;</b><b/><c at="1 > 0"/>',
      '<d><![CDATA[<not a tag>]]></d><e>\t spaced \n</e>',
      '<Signature><SignedInfo><x/></SignedInfo></Signature>',
      '</nfe:a >\n',
    ].join('');
    const tree = { '@_Id': 'k1', '@_versao': '4.00', b: ['x & y éA', ''], c: { '@_at': '1 > 0' }, d: '<not a tag>' };
    expect(parseLight(xml)).toEqual({ root: 'a', tree: { a: { ...tree, e: 'spaced', Signature: '' } } });
    expect(parseLight(xml)).toEqual(strict(xml));
  });

  it('gives up where it cannot vouch for the tree', () => {
    for (const xml of [
      '<!DOCTYPE a><a/>',
      '<a>1 < 2</a>',
      '<a><b></a></b>',
      '<a></a><b/>',
      'text<a/>',
      '<a/>text',
      '<a b></a>',
      '<a b="1></a>',
      '<a><![CDATA[open</a>',
      '<a><!-- open</a>',
      '<a></a x="1">',
      '<a></a/>',
      '<a>',
      '< a/>',
    ])
      expect(parseLight(xml), xml).toBeUndefined();
  });

  it('leaves out the elements it is told nobody reads, whole and wherever they stand, and gives up on one left open', () => {
    const unread = new Set(['PIS', 'infRespTec']);
    const xml = [
      '<nfe:det nItem="1" xmlns:nfe="urn:x"><prod><cProd>1</cProd></prod>',
      '<imposto><ICMS><vICMS>1.00</vICMS></ICMS>',
      '<PIS><PISAliq><CST>01</CST><vPIS>0.65</vPIS></PISAliq></PIS><PISST/>',
      '<COFINS><vCOFINS>3.00</vCOFINS></COFINS></imposto>',
      '<nfe:infRespTec><CNPJ>1</CNPJ></nfe:infRespTec ></nfe:det>',
    ].join('');
    // The strict parser's tree, those two elements taken out (det is one of the repeated elements).
    const expected = strict(xml);
    const det = (expected.tree as { det: Array<Record<string, Record<string, unknown>>> }).det[0]!;
    expect(det.imposto!.PIS).toBeDefined();
    delete det.imposto!.PIS;
    delete det.infRespTec;
    expect(parseLight(xml, unread)).toEqual(expected);
    // The same elements are read where nothing is said.
    expect(parseLight(xml)).toEqual(strict(xml));
    expect(parseLight('<a><PIS><vPIS>1</vPIS></a>', unread)).toBeUndefined();
  });
});
