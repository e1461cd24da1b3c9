// The DANFe's reader of an nfeProc's bytes (nfe-read.ts) gives what the read through the tree
// gives (nfe-data.ts's readNfeTree), field for field, for every note it reads: the emulator's,
// every real sample, and notes bent where a reader made for one shape could read otherwise
// (repeated, empty or self-closing elements, entities, attributes, white space, other
// encodings); and it leaves to the tree what it cannot vouch for.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDataset, nfeXml } from '../../../src/emulator/data/dataset.js';
import { readNfeTree } from '../../../src/fiscal/render/nfe-data.js';
import { readNfeProc } from '../../../src/fiscal/render/nfe-read.js';

const SAMPLES = join(process.cwd(), '..', 'shared', 'samples');
const WHAT = { nfe: 'an NF-e (model 55)', nfce: 'an NFC-e (model 65)' } as const;

/** Whether the reader read `xml` as `kind` (false: left to the tree); throws where it read it otherwise. */
function readsAlike(xml: string | Buffer, kind: 'nfe' | 'nfce' = 'nfe'): boolean {
  const bytes = typeof xml === 'string' ? Buffer.from(xml) : xml;
  const read = readNfeProc(bytes, kind, WHAT[kind]);
  if (read === undefined) return false;
  expect(read).toStrictEqual(readNfeTree(bytes, kind, WHAT[kind]));
  return true;
}

const notes = generateDataset({ seed: 9, docs: 60, accounts: 1, now: new Date('2026-06-15T12:00:00-03:00') }).nfes;
const xml = nfeXml(notes[0]!);

describe('readNfeProc', () => {
  it("reads the emulator's notes as the tree does, under each protocol status", () => {
    for (const note of notes.slice(0, 30))
      for (const status of ['100', '101', '135']) {
        const bent = nfeXml(note).replace(/(<protNFe[^]*?<cStat>)\d+/, `$1${status}`);
        expect(readsAlike(bent), status).toBe(true);
      }
  });

  it.runIf(existsSync(join(SAMPLES, 'MANIFEST.tsv')))('reads every real sample it reads as the tree does', () => {
    const files = readdirSync(SAMPLES, { recursive: true, encoding: 'utf8' }).filter((f) => /\.xml$/i.test(f));
    let read = 0;
    for (const file of files) {
      const bytes = readFileSync(join(SAMPLES, file));
      for (const kind of ['nfe', 'nfce'] as const) if (readsAlike(bytes, kind)) read++;
    }
    expect(read).toBeGreaterThan(5);
  });

  it('reads as the tree does where elements repeat, are empty or carry attributes and entities', () => {
    const bent = [
      xml.replace(/<xNome>/, '<xNome>Primeiro</xNome><xNome>'),
      xml.replace(/<xNome>/, '<xNome/><xNome>'),
      xml.replace(/<xNome>[^<]*<\/xNome>/, '<xNome>  </xNome>'),
      xml.replace(/<xNome>/, '<xNome lang="pt">'),
      xml.replace(/<xNome>[^<]*/, '<xNome>A &amp; B &#233;&#xE9; &lt;x&gt; &nope;'),
      xml.replace(/<nNF>[^<]*/, '<nNF>\n  42 \t'),
      xml.replace('<emit>', '<emit></emit><emit>'),
      xml.replace('<ide>', '<ide/><ide>'),
      xml.replace('<det nItem="1">', '<det/><det nItem=" 1 ">'),
      xml.replace('<det nItem="1">', '<det nItem="9"/><det nItem="1">'),
      xml.replace(/<ICMS>(<ICMS\w+>)/, '<ICMS><ICMS99><CST>99</CST></ICMS99>$1'),
      xml.replace(/<ICMS>/, '<ICMS><outro>1</outro>'),
      xml.replace('<ICMSTot>', '<ICMSTot versao="1"><vExtra> 7 </vExtra><vNF>1</vNF>'),
      xml.replace('</ICMSTot>', '</ICMSTot><ISSQNtot><vServ>10.00</vServ><vISS/></ISSQNtot>'),
      xml.replace('</ICMSTot>', '</ICMSTot><ISSQNtot a="1"/>'),
      xml.replace('</ICMSTot>', '</ICMSTot><ISSQNtot/>'),
      xml.replace(/<pag>/, '<pag><vTroco>1.00</vTroco></pag><pag>'),
      xml.replace(/<pag>[^]*<\/pag>/, '<pag><tPag>01</tPag><vPag>5.00</vPag></pag><pag><detPag/></pag>'),
      xml.replace('<transp>', '<transp><vol><qVol>2</qVol><pesoB>1.5</pesoB></vol><vol/><vol><qVol>x</qVol></vol>'),
      xml.replace('<infNFe ', '<infNFe a:Id="NFe0" '),
      xml.replace(/>\s*</g, '>\n    <').replace('<?xml', '  <?xml'),
      xml.replace('<ide>', "<ide  versao = '4.00' >"),
      xml.replace('</dest>', '</dest><autXML><CNPJ>1</CNPJ></autXML><retirada><xNome>x</xNome></retirada>'),
      xml.replace(/<protNFe[^]*<\/protNFe>/, ''),
      xml.replace(/<infProt[^]*<\/infProt>/, '<infProt/>'),
      xml.replace(/<dhEmi>[^<]*<\/dhEmi>/, '<dEmi>2026-01-02</dEmi>'),
      xml.replace('<xNome>', '<xNome>Ação '),
    ];
    for (const [i, b] of bent.entries()) expect(readsAlike(b), String(i)).toBe(true);
  });

  it('leaves to the tree what it cannot vouch for', () => {
    const left = [
      xml.replace('<ide>', '<!-- c --><ide>'),
      xml.replace(/<xNome>[^<]*/, '<xNome><![CDATA[x]]>'),
      xml.replace('<ide>', '<nfe:ide>').replace('</ide>', '</nfe:ide>'),
      xml.replace('<emit>', '<emit>texto'),
      xml.replace('<xNome>', '<xNome><b>x</b>'),
      xml.replace('</nfeProc>', '<procEventoNFe/></nfeProc>'),
      xml.replace('<infNFeSupl>', '<infNFeSupl>').replace(/<NFe [^]*<\/NFe>/, (n) => n + n),
      xml.replace(/<infNFe /, '<infNFe x="1"/><infNFe '),
      xml.slice(0, xml.length - 20),
      xml.replace('</dest>', '</det>'),
      xml.replace('<ide>', '<ide x="<">'),
      // A `>` in a value (the catalog's section pass ends a tag there: the walk under both refuses it).
      xml.replace('<ide>', '<ide x=">">'),
      `\ufeff${xml}`,
      xml.replace('UTF-8', 'ISO-8859-1'),
      Buffer.concat([Buffer.from(xml.slice(0, 400)), Buffer.from([0xe9]), Buffer.from(xml.slice(400))]),
      xml.replace(/<\/PIS>/, '</x:PIS>'),
      xml + '<outro/>',
    ];
    for (const [i, b] of left.entries())
      expect(readNfeProc(Buffer.from(b), 'nfe', WHAT.nfe), String(i)).toBeUndefined();
  });

  // The declaration is read once for a run of files that share it: each file still by its own.
  it('reads each file by its own declaration, whatever the file before declared', () => {
    const latin1 = xml.replace('UTF-8', 'ISO-8859-1');
    const ascii = (x: string) => x.replace(/[^\x00-\x7f]/g, 'a');
    expect(/[^\x00-\x7f]/.test(xml)).toBe(true);
    for (const [file, read] of [
      [xml, true],
      [latin1, false],
      [latin1, false],
      [ascii(latin1), true],
      [xml, true],
      [xml.replace('UTF-8', 'utf-8'), true],
      [xml.replace('encoding="UTF-8"', "encoding='latin1'"), false],
      [xml, true],
      [xml.replace('<?xml version="1.0" encoding="UTF-8"?>', ''), true],
      [latin1, false],
    ] as const)
      expect(readsAlike(file), file.slice(0, 60)).toBe(read);
  });

  it('leaves a note of the other model to the tree, which says what it is', () => {
    expect(readNfeProc(Buffer.from(xml), 'nfce', WHAT.nfce)).toBeUndefined();
    expect(readsAlike(xml, 'nfe')).toBe(true);
  });
});
