// R33: the client's NFS-e readers (the pull's fact scan and the full readers of inspect) read
// every layout the emulator issues: ABRASF 2.02 and 2.04 CompNfse and the national NFSe.
import { describe, expect, it } from 'vitest';
import { generateWorlds } from '../../../src/emulator/data/accounts.js';
import { generateNfses } from '../../../src/emulator/data/nfse.js';
import { layoutOf, NFSE_LAYOUTS, nfseOriginalXml } from '../../../src/emulator/data/nfse-layouts.js';
import { nfseXml } from '../../../src/emulator/data/nfse-xml.js';
import type { StoredNfse } from '../../../src/emulator/model-docs.js';
import { nfseDocumentId, nfseFacts } from '../../../src/fiscal/nfse-facts.js';
import { readDocuments } from '../../../src/fiscal/readers/index.js';

const NOW_MS = Date.parse('2026-03-15T12:00:00Z');
const docs = generateNfses(generateWorlds(11)[0]!, 11, 300, NOW_MS);
const taxId = (p: StoredNfse['taker']) => p?.cnpj ?? p?.cpf;

describe('R33: NFS-e of every layout', () => {
  it('the generated notes come in every layout', () => {
    expect(new Set(docs.map(layoutOf))).toEqual(new Set(NFSE_LAYOUTS));
  });

  it.each(NFSE_LAYOUTS)('nfseFacts reads number, date, provider, taker and intermediary of %s', (layout) => {
    const some = docs.filter((d) => layoutOf(d) === layout);
    expect(some.length).toBeGreaterThan(5);
    for (const d of some) {
      const f = nfseFacts(nfseOriginalXml(d));
      expect(f).toMatchObject({ number: d.number, emitter: taxId(d.emitter), canceled: expect.any(Boolean) });
      expect(f.taker).toBe(taxId(d.taker));
      expect(f.intermediary).toBe(taxId(d.intermediary));
      expect(nfseDocumentId(f)).toBe(d.documentId);
    }
  });

  it.each(NFSE_LAYOUTS)('the full reader reads %s as an NFS-e with its R10 id and taker', (layout) => {
    for (const d of docs.filter((x) => layoutOf(x) === layout).slice(0, 20)) {
      const [summary, ...rest] = readDocuments(Buffer.from(nfseOriginalXml(d)), 'x.xml');
      expect(rest).toEqual([]);
      expect(summary).toMatchObject({ kind: 'nfse', id: d.documentId, emitter: { taxId: taxId(d.emitter) } });
      expect(summary!.counterpart.taxId).toBe(taxId(d.taker));
    }
  });

  it('the listings XML (ABRASF 2.02) is read the same way, cancellation included', () => {
    for (const d of docs) {
      const f = nfseFacts(nfseXml(d));
      expect(nfseDocumentId(f)).toBe(d.documentId);
      expect(f.canceled).toBe(d.isCanceled);
    }
  });
});
