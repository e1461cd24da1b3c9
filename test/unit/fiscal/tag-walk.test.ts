// The one-pass walk under the catalog's and the DANFe's readers (tag-walk.ts): tags in order, an
// element of text alone read whole, names looked up in the reader's table, nesting checked, an
// unread element skipped to its closing tag as the light parser skips it, and what it does not
// vouch for refused (false), so that the caller reads the file its other way.
import { describe, expect, it } from 'vitest';
import { CLOSE, EMPTY, END, LEAF, NameTable, TagWalk } from '../../../src/fiscal/tag-walk.js';

const TABLE = new NameTable();
for (const name of ['a', 'b', 'PIS', 'nfeProc']) TABLE.add(name);

/** The tokens of `xml` (`<name`, `name/>`, `name=text`, `/name`, END), or 'refused' where next() gives up. */
function tokens(xml: string, skip?: string, checked = true): string[] | 'refused' {
  const bytes = Buffer.from(xml);
  const s = new TagWalk(TABLE, checked).reset(bytes, bytes.toString('latin1'));
  const out: string[] = [];
  for (;;) {
    if (!s.next()) return 'refused';
    const name = bytes.toString('latin1', s.nameStart, s.nameEnd);
    if (s.kind === END) return [...out, 'END'];
    if (s.kind === CLOSE) out.push(`/${name}`);
    else if (s.kind === LEAF) out.push(`${name}=${bytes.toString('utf8', s.valueStart, s.valueEnd)}`);
    else if (s.kind === EMPTY) out.push(`${name}/>`);
    else {
      out.push(`<${name}`);
      if (name === skip) {
        if (!s.skipElement()) return 'refused';
        out.push(`/${name}`);
      }
    }
  }
}

describe('TagWalk', () => {
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

  // skipElement goes straight to the first `</PIS` where nothing before it could end the element
  // (a name its table knows), and reads closing tag by closing tag otherwise (QIS, a name it does
  // not know): both ways end where the light parser ends it, or give up alike.
  it('skips a name it knows as it skips one it does not, however the content and the closing tag are written', () => {
    const skipped = (name: string, inner: string, close: string) => {
      const got = tokens(`<a><${name}>${inner}${close.replaceAll('PIS', name)}<b>1</b></a>`, name);
      return got === 'refused' ? got : got.map((t) => t.replaceAll(name, 'PIS'));
    };
    const cases: [string, string, string[] | 'refused'][] = [
      ['<PIS>x', '</PIS>', ['<a', '<PIS', '/PIS', 'b=1', '/a', 'END']],
      ['<PISX>1</PISX><x>2</x>', '</PIS>', ['<a', '<PIS', '/PIS', 'b=1', '/a', 'END']],
      ['<x>1</x>', '</PIS \n>', ['<a', '<PIS', '/PIS', 'b=1', '/a', 'END']],
      ['<x:y>1</x:y>', '</PIS>', ['<a', '<PIS', '/PIS', 'b=1', '/a', 'END']],
      ['<x>1</x>', '</PIS/>', 'refused'],
      ['<x>1</x>', '</PIS\u00a0>', 'refused'],
      ['</y:PIS>', '</PIS>', 'refused'],
      ['<y:PIS>1</y:PIS>', '</PIS>', 'refused'],
      ['<x>1</x>', '', 'refused'],
    ];
    for (const [inner, close, expected] of cases) {
      expect(skipped('PIS', inner, close), inner + close).toEqual(expected);
      expect(skipped('QIS', inner.replaceAll('PIS', 'QIS'), close), inner + close).toEqual(expected);
    }
  });

  it('refuses what the light parser might read otherwise or not at all', () => {
    for (const xml of [
      '<a><!-- c --></a>',
      '<a><![CDATA[x]]></a>',
      '<a><b></c></a>',
      '<a></a><b/>',
      'x<a/>',
      '<a/>x',
      '<a x="1"y="2"/>',
      '<a x=1/>',
      '<a x="<"/>',
      '<a x=">"/>',
      '<a><b><c><d><e><f><g><h><i><j><k><l><m><n><o><p><q><r><s><t><u><v><w><x><y><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z><z>'.padEnd(
        400,
        '<z>',
      ),
      '<a><?pi?></a>',
      '<a><b>',
      '<a></a >x',
    ])
      expect(tokens(xml), xml).toBe('refused');
  });

  // A prefix is the reader's to refuse (the DANFe's does, the catalog's reads the name whole).
  it('gives the number of each name its table knows, 0 for the others, and notes a prefix', () => {
    const bytes = Buffer.from('<nfeProc><PIS>1</PIS><x:PIS>2</x:PIS><c/></nfeProc>');
    const s = new TagWalk(TABLE, true).reset(bytes, bytes.toString('latin1'));
    const seen: [number, number][] = [];
    while (s.next() && s.kind !== END) if (s.kind !== CLOSE) seen.push([s.id, s.colon]);
    const prefix = bytes.indexOf(':');
    expect(seen).toEqual([
      [TABLE.add('nfeProc'), -1],
      [TABLE.add('PIS'), -1],
      [0, prefix],
      [0, -1],
    ]);
  });

  it('unchecked (the catalog), takes names and attributes as they come, up to the first `>`', () => {
    expect(tokens('<a><b=c x=1>2</b=c></a>', undefined, false)).toEqual(['<a', 'b=c=2', '/a', 'END']);
    expect(tokens('<a><b=c>2</b=c></a>')).toBe('refused');
    expect(tokens('<a><b x=1>2</b></a>')).toBe('refused');
    expect(tokens('<a x="1>"/>', undefined, false)).toBe('refused');
  });
});
