// The scanner under the DANFe's reader (byte-scan.ts): tags in order, an element of text alone read
// whole, nesting checked, an unread element skipped to its closing tag as the light parser skips
// it, and what it does not vouch for refused (false), so that the caller reads the file the tree's way.
import { describe, expect, it } from 'vitest';
import { CLOSE, END, LEAF, XmlScan } from '../../../src/fiscal/render/byte-scan.js';

/** The tokens of `xml` (`<name`, `name/>`, `name=text`, `/name`, END), or 'refused' where next() gives up. */
function tokens(xml: string, skip?: string): string[] | 'refused' {
  const bytes = Buffer.from(xml);
  const s = new XmlScan(bytes, bytes.toString('latin1'));
  const out: string[] = [];
  for (;;) {
    if (!s.next()) return 'refused';
    const name = bytes.toString('latin1', s.nameStart, s.nameEnd);
    if (s.kind === END) return [...out, 'END'];
    if (s.kind === CLOSE) out.push(`/${name}`);
    else if (s.kind === LEAF) out.push(`${name}=${bytes.toString('utf8', s.valueStart, s.valueEnd)}`);
    else if (s.selfClosing) out.push(`${name}/>`);
    else {
      out.push(`<${name}`);
      if (name === skip) {
        if (!s.skipElement()) return 'refused';
        out.push(`/${name}`);
      }
    }
  }
}

describe('XmlScan', () => {
  it('reads tags in order, elements of text alone whole, across a declaration and white space', () => {
    expect(tokens('<?xml version="1.0"?>\n<a x="1" y=\'2\'>\n <b>ação &amp;</b><c/><d><e>1</e></d></a>\n')).toEqual([
      '<a',
      'b=ação &amp;',
      'c/>',
      '<d',
      'e=1',
      '/d',
      '/a',
      'END',
    ]);
  });

  it('skips an unread element to its first closing tag, content unchecked', () => {
    expect(tokens('<a><PIS><x><y></x></PIS><b>1</b></a>', 'PIS')).toEqual(['<a', '<PIS', '/PIS', 'b=1', '/a', 'END']);
    expect(tokens('<a><PIS><x/></y:PIS></PIS></a>', 'PIS')).toBe('refused');
  });

  it('refuses what the light parser might read otherwise or not at all', () => {
    for (const xml of [
      '<a><!-- c --></a>',
      '<a><![CDATA[x]]></a>',
      '<n:a></n:a>',
      '<a><b></c></a>',
      '<a></a><b/>',
      'x<a/>',
      '<a/>x',
      '<a x="1"y="2"/>',
      '<a x=1/>',
      '<a x="<"/>',
      '<a><?pi?></a>',
      '<a><b>',
      '<a></a >x',
    ])
      expect(tokens(xml), xml).toBe('refused');
  });
});
