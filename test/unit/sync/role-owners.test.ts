// Whom a pull without --owner files a document under (src/sync/role-owners.ts): in a role several
// parties may hold, each of the account's companies among them, in the XML's order, never a party
// outside the account, even one the XML names first.
import { describe, expect, it } from 'vitest';
import { docXml, generateDataset } from '../../../src/emulator/data/dataset.js';
import { filedUnder } from '../../../src/sync/role-owners.js';
import { mdfeDocuments } from '../../../src/sync/sources/mdfe.js';

const OUTSIDER = '11222333000181';
const data = generateDataset({ seed: 7, docs: 0, otherDocs: 120, now: new Date('2026-06-15T12:00:00-03:00') });
const doc = {
  key: '3'.repeat(44),
  type: 'cte',
  role: 'not-taker',
  xml: Buffer.from('<cteProc/>'),
  status: 'authorized',
  createdAt: null,
  emissionDate: '2026-06-01T10:00:00-03:00',
  number: '1',
  emitter: OUTSIDER,
};

describe('filedUnder', () => {
  it('one copy per company of the account among the parties, in their order, each once, with bytes of its own', () => {
    const copies = filedUnder(doc, [OUTSIDER, '22', '33', '22'], new Set(['33', '22']));
    expect(copies.map((c) => c.owner)).toEqual(['22', '33']);
    expect(copies[0]!.xml).toBe(doc.xml);
    expect(copies[1]!.xml).toEqual(doc.xml);
    // Not a view of the same bytes: each copy is released on its own once written (doneWith).
    copies[1]!.xml[0] = 0;
    expect(doc.xml[0]).toBe('<'.charCodeAt(0));
    expect(copies.every((c) => c.refusal === undefined)).toBe(true);
  });

  it('a role one party holds (no companies asked for) is that party', () => {
    expect(filedUnder(doc, [OUTSIDER], undefined)).toEqual([{ ...doc, owner: OUTSIDER }]);
  });

  it("refused, naming the parties, when none of them is the account's", () => {
    expect(filedUnder(doc, [OUTSIDER], new Set(['22']))).toEqual([
      {
        ...doc,
        owner: '',
        refusal: `none of the account's companies holds role not-taker in it (its not-taker parties are ${OUTSIDER})`,
      },
    ]);
    expect(filedUnder(doc, [], new Set(['22']))[0]!.refusal).toMatch(/it names no not-taker party/);
  });
});

describe('MDF-e contractor and authorized', () => {
  it('every infContratante and autXML is read: the account companies among them own it, not the first listed', () => {
    const held = (d: { roles: readonly { role: string }[] }, role: string) => d.roles.some((r) => r.role === role);
    const base = data.docs!.mdfe!.find((d) => held(d, 'contractor') && held(d, 'authorized'))!;
    const account = data.accounts.find((a) => a.id === base.accountId)!;
    const companies = new Set(account.companies.map((c) => c.cnpj));
    const contractor = base.contractors[0]!.cnpj!;
    const accountant = base.authorized[0]!;
    expect(companies.has(contractor) && companies.has(accountant)).toBe(true);
    const outsider = { ...base.contractors[0]!, cnpj: OUTSIDER };
    const edited = { ...base, contractors: [outsider, base.contractors[0]!], authorized: [OUTSIDER, accountant] };
    const item = {
      access_key: base.accessKey,
      xml: Buffer.from(docXml('mdfe', edited)).toString('base64'),
      events: [],
    };
    expect(mdfeDocuments(item, 'contractor', '', companies).map((d) => d.owner)).toEqual([contractor]);
    expect(mdfeDocuments(item, 'authorized', '', companies).map((d) => d.owner)).toEqual([accountant]);
    expect(mdfeDocuments(item, 'contractor', '', new Set([OUTSIDER, contractor])).map((d) => d.owner)).toEqual([
      OUTSIDER,
      contractor,
    ]);
  });
});
