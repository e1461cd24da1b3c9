// The emulator's generated XML against the official NF-e schemas (../shared/xsd). Without the
// schemas (a checkout on its own) the same documents are still checked for well-formedness and
// their root structure, so the suite never passes by skipping.
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { eventXml, generateDataset, nfeEventXml, nfeXml } from '../../../src/emulator/data/dataset.js';
import type { StoredNfe } from '../../../src/emulator/model.js';
import { EVENT_SCHEMAS, NFE_SCHEMA, NfeSchemas, nfeXsdDir, validateDataset } from '../../xsd/emulator-xml.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const xsdDir = nfeXsdDir(repoRoot);
const NOW = new Date('2026-03-15T12:00:00Z');
// 70 per account, 210 documents, with some 80 events among them.
const dataset = generateDataset({ seed: 11, docs: 70, now: NOW });
const withEvents = dataset.nfes.filter((d) => d.events.length > 0);

/** Events made the way the server makes them: caller's texts, a CPF author, a Z date. */
function requestedEvents(doc: StoredNfe): { type: string; xml: string }[] {
  const base = { accessKey: doc.accessKey, cuf: doc.accessKey.slice(0, 2), date: '2026-03-10T15:04:05Z' };
  return [
    {
      type: '110111',
      xml: nfeEventXml({
        ...base,
        type: '110111',
        seq: 1,
        authorCnpj: doc.emitter.cnpj!,
        justification: 'Cancelada a pedido do cliente & por erro',
      }),
    },
    {
      type: '110110',
      xml: nfeEventXml({
        ...base,
        type: '110110',
        seq: 3,
        authorCnpj: doc.emitter.cnpj!,
        correction: 'Corrigir <xPed> para 4500012345 conforme pedido.',
      }),
    },
    { type: '210200', xml: nfeEventXml({ ...base, type: '210200', seq: 1, authorCnpj: '52998224725' }) },
    {
      type: '210240',
      xml: nfeEventXml({
        ...base,
        type: '210240',
        seq: 1,
        authorCnpj: doc.receiver.cnpj ?? '52998224725',
        justification: 'Mercadoria devolvida na portaria sem conferencia',
      }),
    },
  ];
}

describe('emulator XML and the official schemas', () => {
  it('R7, R30: every generated nfeProc and procEventoNFe is well formed, with the roots the schemas expect', () => {
    const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, removeNSPrefix: true });
    expect(withEvents.length).toBeGreaterThan(30);
    for (const doc of dataset.nfes) {
      const xml = nfeXml(doc);
      expect(XMLValidator.validate(xml)).toBe(true);
      const proc = parser.parse(xml).nfeProc;
      expect(proc['@_versao']).toBe('4.00');
      expect(proc.NFe.infNFe['@_Id']).toBe(`NFe${doc.accessKey}`);
      expect(proc.protNFe.infProt.chNFe).toBe(doc.accessKey);
      for (const event of doc.events) {
        const ev = parser.parse(eventXml(doc, event)).procEventoNFe;
        expect(ev.evento.infEvento.tpEvento).toBe(event.type);
        expect(ev.retEvento.infEvento.cStat).toBe('135');
      }
    }
  });

  it(`R7, R30: nfeProc validates against ${NFE_SCHEMA} and each event against its own schema (or, without ../shared/xsd, is well formed)`, () => {
    const extra = requestedEvents(dataset.nfes[0]!);
    if (!xsdDir) {
      for (const doc of dataset.nfes) expect(XMLValidator.validate(nfeXml(doc))).toBe(true);
      for (const e of extra) expect(XMLValidator.validate(e.xml)).toBe(true);
      return;
    }
    const schemas = new NfeSchemas(xsdDir);
    try {
      const report = validateDataset(schemas, dataset);
      expect(report.failures).toEqual([]);
      expect(report.docs).toBe(dataset.nfes.length);
      // Notes of both kinds were checked: with the tax reform's IBS and CBS (2026, a normal
      // regime) and without them (the Simples, or 2025).
      const reform = dataset.nfes.filter((d) => nfeXml(d).includes('<IBSCBSTot>')).length;
      expect(reform).toBeGreaterThan(5);
      expect(reform).toBeLessThan(dataset.nfes.length);
      expect(Object.keys(report.eventsByType).sort()).toEqual(
        expect.arrayContaining(['110110', '110111', '210200', '210210']),
      );
      for (const e of extra)
        expect({ type: e.type, why: schemas.check(EVENT_SCHEMAS[e.type]!, e.xml) }).toEqual({
          type: e.type,
          why: undefined,
        });
      // The validator does reject: a document with its elements out of order fails.
      const broken = nfeXml(dataset.nfes[0]!).replace('<mod>55</mod>', '').replace('<natOp>', '<mod>55</mod><natOp>');
      expect(schemas.check(NFE_SCHEMA, broken)).toMatch(/not expected/);
    } finally {
      schemas.close();
    }
  });
});
