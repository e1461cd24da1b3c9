// The CT-e / CT-e OS facts a pull files documents by (src/fiscal/cte-facts.ts) and the pull
// source's documents (src/sync/sources/cte.ts), on generated XML and hand-changed variants.
import { describe, expect, it } from 'vitest';
import { docXml, generateDataset } from '../../../src/emulator/data/dataset.js';
import type { Party } from '../../../src/emulator/model.js';
import { cteFacts, cteStatus } from '../../../src/fiscal/cte-facts.js';
import { cteOwnerFromFacts, cteV1Document } from '../../../src/sync/sources/cte.js';

const dataset = generateDataset({ seed: 5, docs: 0, otherDocs: 80, now: new Date('2026-06-15T12:00:00-03:00') });
const ctes = dataset.docs!.cte!;
const cteOses = dataset.docs!.cteos!;
const idOf = (p: Party | undefined) => p?.cnpj ?? p?.cpf;

const CANCEL_EVENT = (key: string) =>
  `<procCancCTe><retEventoCTe versao="4.00"><infEvento><cStat>135</cStat><chCTe>${key}</chCTe><tpEvento>110111</tpEvento></infEvento></retEventoCTe></procCancCTe>`;

describe('cteFacts on generated CT-e (model 57)', () => {
  it('reads dhEmi, nCT, the emitter, the taker of every toma kind, the parties and autXML', () => {
    const kinds = new Set<string>();
    for (const doc of ctes) {
      const f = cteFacts(docXml('cte', doc));
      kinds.add(doc.takerKind);
      expect(f.emissionDate).toBe(doc.emissionDate);
      expect(f.number).toBe(doc.number);
      expect(f.emitter).toBe(idOf(doc.emitter));
      expect(f.taker, doc.accessKey).toBe(idOf(doc.taker));
      expect(f.parties).toEqual([doc.sender, doc.dispatcher, doc.receiver, doc.addressee].filter(Boolean).map(idOf));
      expect(f.authorized).toEqual(doc.authorized);
      expect(f.protocolStatus).toBe('100');
      expect(cteStatus(f)).toBe('authorized');
    }
    expect(kinds.size).toBeGreaterThanOrEqual(3);
  });

  it('a cancellation event inside (procCancCTe, cStat 135) makes it canceled although protCTe says 100', () => {
    const doc = ctes[0]!;
    const xml = docXml('cte', doc).replace('</cteProc>', `${CANCEL_EVENT(doc.accessKey)}</cteProc>`);
    const f = cteFacts(xml);
    expect(f.protocolStatus).toBe('100');
    expect(f.hasCancellation).toBe(true);
    expect(cteStatus(f)).toBe('canceled');
  });

  it('protocol cStat 101 is canceled; no protocol is null', () => {
    const xml = docXml('cte', ctes[1]!);
    expect(cteStatus(cteFacts(xml.replace('<cStat>100</cStat>', '<cStat>101</cStat>')))).toBe('canceled');
    expect(cteStatus(cteFacts(xml.replace(/<protCTe[\s\S]*<\/protCTe>/, '')))).toBeNull();
  });

  it('namespace-prefixed XML reads the same', () => {
    const doc = ctes[2]!;
    const prefixed = docXml('cte', doc).replace(/<(\/?)(?=[A-Za-z])/g, '<$1cte:');
    const f = cteFacts(prefixed);
    expect(f.number).toBe(doc.number);
    expect(f.taker).toBe(idOf(doc.taker));
  });
});

describe('cteFacts on generated CT-e OS (model 67)', () => {
  it('reads the taker from <toma> and no cargo parties', () => {
    for (const doc of cteOses) {
      const f = cteFacts(docXml('cteos', doc));
      expect(f.emissionDate).toBe(doc.emissionDate);
      expect(f.number).toBe(doc.number);
      expect(f.emitter).toBe(idOf(doc.emitter));
      expect(f.taker).toBe(idOf(doc.taker));
      expect(f.parties).toEqual([]);
      expect(cteStatus(f)).toBe('authorized');
    }
  });
});

describe('the pull source documents', () => {
  it('carry key, type, role, owner, xml bytes, status, emission, number and emitter', () => {
    const doc = ctes[3]!;
    const xml = docXml('cte', doc);
    const item = { access_key: doc.accessKey, xml: Buffer.from(xml).toString('base64') };
    const pulled = cteV1Document('cte', item, 'taker', '');
    expect(pulled).toEqual({
      key: doc.accessKey,
      type: 'cte',
      role: 'taker',
      owner: idOf(doc.taker),
      xml: Buffer.from(xml),
      status: 'authorized',
      createdAt: null,
      emissionDate: doc.emissionDate,
      number: doc.number,
      emitter: idOf(doc.emitter),
    });
    expect(cteV1Document('cteos', item, 'taker', '11222333000181').owner).toBe('11222333000181');
  });

  it('a not-taker owner is one of the asked owners when one is a party, else the first party not taking', () => {
    const doc = ctes.find((d) => idOf(d.taker) !== idOf(d.addressee) && idOf(d.emitter) !== idOf(d.addressee))!;
    const f = cteFacts(docXml('cte', doc));
    expect(cteOwnerFromFacts('not-taker', f, [idOf(doc.addressee)!])).toBe(idOf(doc.addressee));
    expect(cteOwnerFromFacts('not-taker', f)).toBe(
      idOf(doc.emitter) === idOf(doc.taker) ? f.parties.find((p) => p !== f.taker) : idOf(doc.emitter),
    );
  });
});
