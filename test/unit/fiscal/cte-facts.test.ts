// The CT-e / CT-e OS facts a pull files documents by (src/fiscal/cte-facts.ts) and the pull
// source's documents (src/sync/sources/cte.ts), on generated XML and hand-changed variants.
import { describe, expect, it } from 'vitest';
import { docXml, generateDataset } from '../../../src/emulator/data/dataset.js';
import type { Party } from '../../../src/emulator/model.js';
import { cteFacts, cteStatus } from '../../../src/fiscal/cte-facts.js';
import { ctePartiesIn, cteV1Documents } from '../../../src/sync/sources/cte.js';

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
  const item = (type: 'cte' | 'cteos', doc: (typeof ctes)[number] | (typeof cteOses)[number]) => ({
    access_key: doc.accessKey,
    xml: Buffer.from(docXml(type, doc as never)).toString('base64'),
  });
  /** Which of a document's owners in `role` the emulator lists it for: the account's companies there. */
  const ownersIn = (doc: { roles: readonly { owner: string; role: string }[] }, role: string) =>
    doc.roles.filter((r) => r.role === role).map((r) => r.owner);
  const accountOf = (doc: { accountId: string }) =>
    new Set(dataset.accounts.find((a) => a.id === doc.accountId)!.companies.map((c) => c.cnpj));

  it('carry key, type, role, owner, xml bytes, status, emission, number and emitter', () => {
    const doc = ctes[3]!;
    const xml = docXml('cte', doc);
    const pulled = cteV1Documents('cte', item('cte', doc), 'taker', '', undefined);
    expect(pulled).toEqual([
      {
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
      },
    ]);
    expect(cteV1Documents('cteos', item('cte', doc), 'not-taker', '11222333000181', undefined)).toMatchObject([
      { owner: '11222333000181' },
    ]);
  });

  it('the not-taker parties are every party but the taker: emit, rem, exped, receb, dest (CT-e OS: emit)', () => {
    for (const doc of ctes) {
      const parties = [doc.emitter, doc.sender, doc.dispatcher, doc.receiver, doc.addressee].filter(Boolean).map(idOf);
      expect(ctePartiesIn('not-taker', cteFacts(docXml('cte', doc)))).toEqual(
        parties.filter((id) => id !== idOf(doc.taker)),
      );
    }
    for (const doc of cteOses)
      expect(ctePartiesIn('not-taker', cteFacts(docXml('cteos', doc)))).toEqual(
        idOf(doc.emitter) === idOf(doc.taker) ? [] : [idOf(doc.emitter)],
      );
  });

  it("a not-taker or authorized CT-e is filed under each of the account's companies in the role, never a party outside it", () => {
    let shared = 0;
    let outsideFirst = 0;
    for (const [type, docs] of [
      ['cte', ctes],
      ['cteos', cteOses],
    ] as const) {
      for (const doc of docs) {
        const companies = accountOf(doc);
        for (const role of type === 'cte' ? ['not-taker', 'authorized'] : ['not-taker']) {
          const expected = ownersIn(doc, role);
          if (expected.length === 0) continue;
          const pulled = cteV1Documents(type, item(type, doc), role, '', companies);
          // The emulator's own record of who holds the role: one copy each, in the XML's order.
          expect(pulled.map((d) => d.owner).sort(), doc.accessKey).toEqual([...expected].sort());
          for (const d of pulled) expect(companies.has(d.owner)).toBe(true);
          if (pulled.length > 1) {
            shared++;
            // Each copy has its own bytes: a page's documents are released one by one.
            expect(pulled[1]!.xml).toEqual(pulled[0]!.xml);
            expect(pulled[1]!.xml).not.toBe(pulled[0]!.xml);
          }
          if (!companies.has(ctePartiesIn(role, cteFacts(docXml(type, doc as never)))[0]!)) outsideFirst++;
        }
      }
    }
    // The cases the old rule (the first party not taking) got wrong, and documents two companies hold.
    expect(outsideFirst).toBeGreaterThan(0);
    expect(shared).toBeGreaterThan(0);
  });

  it("a document in which none of the account's companies holds the role is refused, naming its parties", () => {
    const doc = ctes.find((d) => ownersIn(d, 'not-taker').length > 0)!;
    const [pulled, ...more] = cteV1Documents('cte', item('cte', doc), 'not-taker', '', new Set(['11222333000181']));
    expect(more).toEqual([]);
    expect(pulled!.owner).toBe('');
    expect(pulled!.refusal).toMatch(
      /none of the account's companies holds role not-taker in it \(its not-taker parties are \d{14}/,
    );
  });
});
