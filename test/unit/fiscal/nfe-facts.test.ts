import { describe, expect, it } from 'vitest';
import { generateDataset, nfeXml } from '../../../src/emulator/data/dataset.js';
import { nfeFacts, statusOfProtocol } from '../../../src/fiscal/nfe-facts.js';
import { summarizeNfeXml } from '../../../src/fiscal/nfe-summary.js';

const dataset = generateDataset({ seed: 5, docs: 60, now: new Date('2026-06-15T12:00:00-03:00') });

describe('nfeFacts (the pull reader)', () => {
  it('agrees with the full XML reader and with the generator on every generated document', () => {
    for (const doc of dataset.nfes) {
      const xml = nfeXml(doc);
      const facts = nfeFacts(xml);
      const full = summarizeNfeXml(xml);
      expect(facts.emissionDate).toBe(doc.emissionDate);
      expect(facts.number).toBe(full.number);
      expect(facts.emitter).toBe(doc.emitter.cnpj ?? doc.emitter.cpf);
      expect(facts.receiver).toBe(doc.receiver.cnpj ?? doc.receiver.cpf);
      expect(facts.transporter).toBe(doc.transporter?.cnpj ?? doc.transporter?.cpf);
      expect(facts.authorized).toEqual(doc.authorized);
      expect(statusOfProtocol(facts.protocolStatus)).toBe('authorized');
    }
  });

  it('reads namespace-prefixed documents and keeps leading zeros', () => {
    const xml = `<nfe:nfeProc xmlns:nfe="http://www.portalfiscal.inf.br/nfe"><nfe:NFe><nfe:infNFe Id="NFe1"><nfe:ide><nfe:nNF>000123</nfe:nNF><nfe:dhEmi>2026-01-02T10:00:00-03:00</nfe:dhEmi></nfe:ide><nfe:emit><nfe:CNPJ>01222333000181</nfe:CNPJ></nfe:emit><nfe:dest><nfe:CPF>01234567890</nfe:CPF></nfe:dest></nfe:infNFe></nfe:NFe><nfe:protNFe><nfe:infProt><nfe:cStat>101</nfe:cStat></nfe:infProt></nfe:protNFe></nfe:nfeProc>`;
    expect(nfeFacts(xml)).toEqual({
      authorized: [],
      number: '000123',
      emissionDate: '2026-01-02T10:00:00-03:00',
      emitter: '01222333000181',
      receiver: '01234567890',
      protocolStatus: '101',
    });
    expect(statusOfProtocol('101')).toBe('canceled');
  });

  it('does not mistake <emitente> or <destino> for <emit> and <dest>, and says nothing of what is missing', () => {
    const xml =
      '<NFe><infNFe><ide><nNF>7</nNF></ide><emitente><CNPJ>1</CNPJ></emitente><destino><CNPJ>2</CNPJ></destino></infNFe></NFe>';
    expect(nfeFacts(xml)).toEqual({ authorized: [], number: '7' });
    expect(statusOfProtocol(undefined)).toBeNull();
  });

  it('reads only the parties asked for', () => {
    const xml = nfeXml(dataset.nfes.find((d) => d.transporter && d.authorized.length)!);
    const some = nfeFacts(xml, {});
    expect(some.receiver).toBeUndefined();
    expect(some.transporter).toBeUndefined();
    expect(some.authorized).toEqual([]);
    expect(some.emitter).toBeDefined();
  });
});
