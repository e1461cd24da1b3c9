// File-level reading: what is not a fiscal document is refused with a reason, never guessed;
// encodings and envelopes are handled before the type readers see the tree.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DocumentReadError, readDocuments } from '../../../src/fiscal/readers/index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
const text = (name: string) => readFileSync(FIXTURES + name, 'utf8');

function failure(bytes: Uint8Array | string): DocumentReadError {
  try {
    readDocuments(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, 'x.xml');
  } catch (error) {
    if (error instanceof DocumentReadError) return error;
    throw error;
  }
  throw new Error('expected a DocumentReadError');
}

describe('reading files', () => {
  it('refuses an empty file and a blank one', () => {
    expect(failure(readFileSync(FIXTURES + 'broken/empty.xml'))).toMatchObject({
      failure: 'empty',
      message: 'empty file',
    });
    expect(failure(' \n\t ')).toMatchObject({ failure: 'empty' });
  });

  it('refuses what is not XML, saying how it starts', () => {
    expect(failure('{"access_key": "3524"}')).toMatchObject({
      failure: 'not-xml',
      message: 'not XML: starts with "{\\"access_key\\": \\"3524"',
    });
  });

  it('refuses a truncated file, naming the elements left open', () => {
    const e = failure(readFileSync(FIXTURES + 'broken/malformed.xml'));
    expect(e.failure).toBe('malformed');
    expect(e.message).toBe('malformed XML: the file ends before <NFe>, <nfeProc> are closed (truncated?)');
  });

  it('refuses mismatched tags with the position', () => {
    expect(failure('<NFe><infNFe></NFe>').message).toMatch(/^malformed XML: .*infNFe.* \(line 1, column \d+\)$/);
  });

  it('reports well-formed XML of an unknown type with its root element', () => {
    const e = failure(readFileSync(FIXTURES + 'broken/unknown.xml'));
    expect(e).toMatchObject({ failure: 'unknown', root: 'pedidoCompra' });
    expect(e.message).toBe('unknown document type: no fiscal document in root element <pedidoCompra>');
  });

  it('does not take an element named NFe without infNFe (São Paulo NFS-e) for an NF-e', () => {
    const paulistana =
      '<RetornoConsulta><NFe><ChaveNFe><InscricaoPrestador>12345678</InscricaoPrestador><NumeroNFe>1</NumeroNFe></ChaveNFe></NFe></RetornoConsulta>';
    expect(failure(paulistana)).toMatchObject({ failure: 'unknown', root: 'RetornoConsulta' });
  });

  it('treats element names that are also JavaScript property names as plain names, or refuses them', () => {
    expect(failure('<valueOf><toString>1</toString><hasOwnProperty/></valueOf>')).toMatchObject({ failure: 'unknown' });
    expect(failure('<a><__proto__><b/></__proto__></a>')).toMatchObject({
      failure: 'unreadable',
      message: expect.stringMatching(/^cannot read the XML: /),
    });
  });

  it('does not take a protocol without its document for a document', () => {
    const prot = /<protNFe[\s\S]*<\/protNFe>/.exec(text('nfe/nfe-400-proc.xml'))![0];
    expect(failure(`<retConsSitNFe versao="4.00"><cStat>100</cStat>${prot}</retConsSitNFe>`)).toMatchObject({
      failure: 'unknown',
    });
  });

  it('reads UTF-8 with a BOM, ISO-8859-1 as declared, and UTF-16 with a BOM', () => {
    const xml = text('nfe/nfe-310-bare.xml').replace('MOVEIS SERRA AZUL LTDA', 'MÓVEIS SERRA AZUL LTDA');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]);
    expect(readDocuments(bom, 'x.xml')[0]!.emitter.name).toBe('MÓVEIS SERRA AZUL LTDA');
    const latin1 = Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    const [doc] = readDocuments(latin1, 'x.xml');
    expect(doc!.emitter.name).toBe('MÓVEIS SERRA AZUL LTDA');
    expect(doc!.warnings).toEqual([]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le'),
    ]);
    expect(readDocuments(utf16, 'x.xml')[0]!.emitter.name).toBe('MÓVEIS SERRA AZUL LTDA');
  });

  it('reads a file declared UTF-8 but saved as Latin-1, with a warning', () => {
    const xml = text('nfe/nfe-310-bare.xml').replace('MOVEIS SERRA AZUL LTDA', 'MÓVEIS SERRA AZUL LTDA');
    const [doc] = readDocuments(Buffer.from(xml, 'latin1'), 'x.xml');
    expect(doc!.emitter.name).toBe('MÓVEIS SERRA AZUL LTDA');
    expect(doc!.warnings).toEqual(['not valid UTF-8: read as Windows-1252']);
  });

  it('decodes character references', () => {
    const xml = text('nfe/nfe-310-bare.xml').replace('MOVEIS SERRA AZUL LTDA', 'M&#211;VEIS SERRA AZUL &amp; CIA');
    expect(readDocuments(Buffer.from(xml), 'x.xml')[0]!.emitter.name).toBe('MÓVEIS SERRA AZUL & CIA');
  });

  it('orders the fields of a summary and records the file and its root element', () => {
    const [doc] = readDocuments(readFileSync(FIXTURES + 'mdfe/mdfe-300-proc.xml'), 'some/dir/m.xml');
    expect(Object.keys(doc!)).toEqual([
      'source',
      'kind',
      'model',
      'version',
      'key',
      'series',
      'number',
      'emittedAt',
      'environment',
      'emitter',
      'counterpart',
      'totals',
      'itemCount',
      'protocol',
      'canceled',
      'warnings',
      'root',
    ]);
    expect(doc).toMatchObject({ source: 'some/dir/m.xml', root: 'mdfeProc' });
  });
});
