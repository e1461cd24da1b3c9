// The light fact scans of NFS-e, NFC-e and MDF-e (what a pull files a document by), checked on
// generated XML against the metadata it was rendered from, and the PulledDocuments built on them.
import { describe, expect, it } from 'vitest';
import { docEventXml, docXml, generateDataset } from '../../../src/emulator/data/dataset.js';
import { nfseId } from '../../../src/emulator/data/nfse.js';
import type { DocLists } from '../../../src/emulator/doc-index.js';
import { mdfeFacts, mdfeStatus } from '../../../src/fiscal/mdfe-facts.js';
import { nfseDocumentId, nfseFacts } from '../../../src/fiscal/nfse-facts.js';
import { mdfeDocuments } from '../../../src/sync/sources/mdfe.js';
import { nfceDocument } from '../../../src/sync/sources/nfce.js';
import { nfseDocument } from '../../../src/sync/sources/nfse.js';

const data = generateDataset({ seed: 7, docs: 0, otherDocs: 120, now: new Date('2026-06-15T12:00:00-03:00') });
const docs = data.docs as DocLists;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('NFS-e facts (CompNfse)', () => {
  it('R10: number, emission date, provider, taker, intermediary and the document id follow the metadata', () => {
    for (const doc of docs.nfse) {
      const f = nfseFacts(docXml('nfse', doc));
      expect(f.number).toBe(doc.number);
      expect(f.emissionDate).toBe(doc.emissionDate);
      expect(f.emitter).toBe(doc.emitter.cnpj ?? doc.emitter.cpf);
      expect(f.taker).toBe(doc.taker ? (doc.taker.cnpj ?? doc.taker.cpf) : undefined);
      expect(f.intermediary).toBe(doc.intermediary ? (doc.intermediary.cnpj ?? doc.intermediary.cpf) : undefined);
      expect(nfseDocumentId(f)).toBe(doc.documentId);
    }
  });

  it('canceled exactly when the CompNfse carries NfseCancelamento', () => {
    const canceled = docs.nfse.filter((d) => d.isCanceled);
    expect(canceled.length).toBeGreaterThan(0);
    for (const doc of docs.nfse) expect(nfseFacts(docXml('nfse', doc)).canceled).toBe(doc.isCanceled);
  });

  it('reads prefixed and national-portal spellings (ns2:, CNPJ upper case)', () => {
    const xml =
      '<ns2:CompNfse xmlns:ns2="x"><ns2:Nfse><ns2:InfNfse><ns2:Numero>77</ns2:Numero><ns2:DataEmissao>2026-01-02T10:00:00</ns2:DataEmissao>' +
      '<ns2:IdentificacaoPrestador><ns2:CNPJ>11222333000181</ns2:CNPJ></ns2:IdentificacaoPrestador></ns2:InfNfse></ns2:Nfse></ns2:CompNfse>';
    const f = nfseFacts(xml);
    expect(f).toMatchObject({
      number: '77',
      emissionDate: '2026-01-02T10:00:00',
      emitter: '11222333000181',
      canceled: false,
    });
    expect(nfseDocumentId(f)).toBe('11222333000181:2026-01-02:77');
  });

  it('a pulled NFS-e is keyed by the R10 id without the owner, owned by the id owner', () => {
    const doc = docs.nfse.find((d) => d.isCanceled)!;
    const owner = doc.roles[0]!;
    const pulled = nfseDocument({ id: nfseId(owner.owner, doc), xml: b64(docXml('nfse', doc)) }, owner.role, '');
    expect(pulled).toMatchObject({
      key: doc.documentId,
      type: 'nfse',
      role: owner.role,
      owner: owner.owner,
      status: 'canceled',
      emissionDate: doc.emissionDate,
      number: doc.number,
      emitter: doc.emitter.cnpj,
    });
  });
});

describe('NFC-e facts (nfeProc model 65)', () => {
  it('key, number, emission date, emitter and the status of the protocol', () => {
    for (const doc of docs.nfce.slice(0, 40)) {
      const pulled = nfceDocument({ access_key: doc.accessKey, xml: b64(docXml('nfce', doc)) }, '');
      expect(pulled).toMatchObject({
        key: doc.accessKey,
        type: 'nfce',
        role: 'emitted',
        owner: doc.emitter.cnpj,
        status: 'authorized',
        emissionDate: doc.emissionDate,
        number: String(Number(doc.number)),
        emitter: doc.emitter.cnpj,
      });
    }
  });
});

describe('MDF-e facts (mdfeProc)', () => {
  it('number, emission date, emitter, contractor and autXML from the XML; status from events and protocol', () => {
    for (const doc of docs.mdfe) {
      const xml = docXml('mdfe', doc);
      const f = mdfeFacts(xml, { contractor: true, authorized: true });
      expect(f.number).toBe(String(Number(doc.number)));
      expect(f.emissionDate).toBe(doc.emissionDate);
      expect(f.emitter).toBe(doc.emitter.cnpj);
      expect(f.protocolStatus).toBe('100');
      expect(f.authorized).toEqual(doc.authorized);
      expect(f.contractors).toEqual(doc.contractors.map((c) => c.cnpj ?? c.cpf));
      expect(
        mdfeStatus(
          doc.events.map((e) => e.type),
          f.protocolStatus,
        ),
      ).toBe(doc.status);
    }
    expect(new Set(docs.mdfe.map((d) => d.status))).toEqual(new Set(['authorized', 'closed', 'canceled']));
  });

  it('a pulled MDF-e carries the status its events give', () => {
    const doc = docs.mdfe.find((d) => d.status === 'closed')!;
    const events = doc.events.map((e) => ({ type: e.type, xml: b64(docEventXml('mdfe', doc, e)) }));
    const pulled = mdfeDocuments(
      { access_key: doc.accessKey, xml: b64(docXml('mdfe', doc)), events },
      'emitted',
      'X',
      undefined,
    );
    expect(pulled).toHaveLength(1);
    expect(pulled[0]).toMatchObject({
      key: doc.accessKey,
      type: 'mdfe',
      role: 'emitted',
      owner: 'X',
      status: 'closed',
      emitter: doc.emitter.cnpj,
    });
    expect(mdfeStatus([], undefined)).toBeNull();
    expect(mdfeStatus([], '101')).toBe('canceled');
  });
});
