// POST /v1/dfe/upload (R25): validation answered as 200 with success false, owners outside the
// account refused (R3), valid documents and events stored at new stream positions (R13), once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeV1PageSchema } from '../../../../src/api/wire/nfe.js';
import { uploadResponseSchema } from '../../../../src/api/wire/upload.js';
import { docXml, nfeEventXml, nfeXml } from '../../../../src/emulator/data/dataset.js';
import { buildAccessKey } from '../../../../src/fiscal/access-key.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { base64, rekeyed, renumberedKey } from '../../../helpers/upload-xml.js';
import { get, headersOf, post } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;
let accountId: string;

beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
  headers = headersOf(emu);
  accountId = emu.accounts[0]!.id;
});
afterAll(async () => emu?.close());

async function upload(body: unknown, as = headers) {
  const r = await post(emu, '/v1/dfe/upload', body, as);
  return { ...r, upload: r.status === 200 ? uploadResponseSchema.parse(r.body).upload : undefined };
}

/** A generated NF-e the account emitted, and its XML under a new key. */
function newEmittedNfe(code: number) {
  const doc = emu.store.nfesOf(accountId).byRole.emitted[0]!.doc;
  const key = renumberedKey(doc.accessKey, code);
  return { doc, key, xml: rekeyed(nfeXml(doc), doc.accessKey, key) };
}

describe('R25: invalid uploads answer 200 with success false and the failing tags', () => {
  it('R25: not base64', async () => {
    const r = await upload({ xml: '%%% not base64 %%%' });
    expect(r.status).toBe(200);
    expect(r.upload).toEqual({ success: false, message: 'xml: not base64' });
  });

  it('R25: not XML', async () => {
    const r = await upload({ xml: base64('just some text, no markup') });
    expect(r.upload?.success).toBe(false);
    expect(r.upload?.message).toMatch(/^xml: /);
  });

  it('R25: well-formed XML of no known fiscal type names its root element', async () => {
    const r = await upload({ xml: base64('<?xml version="1.0"?><pedido><item>1</item></pedido>') });
    expect(r.upload?.success).toBe(false);
    expect(r.upload?.message).toMatch(/^pedido: unknown document type/);
  });

  it("R25: a document whose parties are none of the account's companies is refused", async () => {
    const doc = emu.store.nfesOf(emu.accounts[1]!.id).byRole.emitted[0]!.doc;
    const r = await upload({ xml: base64(rekeyed(nfeXml(doc), doc.accessKey, renumberedKey(doc.accessKey, 19))) });
    expect(r.upload?.success).toBe(false);
    expect(r.upload?.message).toMatch(/^emit\/dest\/transporta\/autXML: none of the account's companies/);
  });

  it('R25/R7: an access key with a wrong check digit names infNFe/@Id', async () => {
    const { doc, key } = newEmittedNfe(11);
    const broken = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    const r = await upload({ xml: base64(rekeyed(nfeXml(doc), doc.accessKey, broken)) });
    expect(r.upload?.success).toBe(false);
    expect(r.upload?.message).toMatch(/^infNFe\/@Id: check digit is/);
    expect(emu.store.findNfe(accountId, broken)).toBeUndefined();
  });

  it('R25: a body without xml, or an owner of the wrong length, is a 400 naming the field', async () => {
    const r = await upload({ owner: ['123'] });
    expect(r.status).toBe(400);
    expect(Object.keys((r.body as { errors: object }).errors).sort()).toEqual(['owner', 'xml']);
  });
});

describe('R3: owners outside the account', () => {
  it("R3: an owner that is another account's company is refused with 403 and nothing is stored", async () => {
    const { xml, key } = newEmittedNfe(12);
    const foreign = emu.accounts[1]!.companies[0]!.cnpj;
    const r = await upload({ xml: base64(xml), owner: [foreign] });
    expect(r.status).toBe(403);
    expect(emu.store.findNfe(accountId, key)).toBeUndefined();
  });
});

describe('R25/R13: valid documents are stored once, at new positions', () => {
  it('R25/R13: a new NF-e gets the next position and shows in the v1 listing from a saved cursor', async () => {
    const { xml, key, doc } = newEmittedNfe(13);
    const next = emu.store.nextPosition(accountId);
    // R34: the saved cursor of the emitted listing is the number of emitted documents before it.
    const saved = emu.store.nfesOf(accountId).byRole.emitted.length;
    const r = await upload({ xml: base64(xml) });
    expect(r.upload).toEqual({ success: true, message: `nfe ${key}: stored at position ${next}` });
    const stored = emu.store.findNfe(accountId, key)!;
    expect(stored.origin).toBe('upload');
    expect(stored.roles.map((x) => x.owner)).toContain(doc.emitter.cnpj);
    const page = nfeV1PageSchema.parse((await get(emu, `/v1/nfe/emitted?cursor=${saved}`, headers)).body);
    expect(page.data.map((d) => d.access_key)).toEqual([key]);
    expect(Buffer.from(String(page.data[0]!.xml), 'base64').toString('utf8')).toBe(xml);
  });

  it('R25: uploading the same document twice does not create a second copy', async () => {
    const { xml, key } = newEmittedNfe(14);
    await upload({ xml: base64(xml) });
    const count = emu.store.nfesOf(accountId).entries.length;
    const again = await upload({ xml: base64(xml) });
    expect(again.upload).toEqual({ success: true, message: `nfe ${key}: already stored` });
    expect(emu.store.nfesOf(accountId).entries.length).toBe(count);
  });

  it('R25: an event of a stored NF-e is added to it (a cancellation cancels it), once', async () => {
    const { xml, key, doc } = newEmittedNfe(15);
    await upload({ xml: base64(xml) });
    const event = nfeEventXml({
      accessKey: key,
      type: '110111',
      seq: 1,
      date: '2026-06-15T10:00:00-03:00',
      authorCnpj: doc.emitter.cnpj!,
      cuf: key.slice(0, 2),
    });
    const r = await upload({ xml: base64(event) });
    expect(r.upload?.success, r.upload?.message).toBe(true);
    const stored = emu.store.findNfe(accountId, key)!;
    expect(stored.status).toBe('canceled');
    expect(stored.events.map((e) => e.type)).toEqual(['110111']);
    const again = await upload({ xml: base64(event) });
    expect(again.upload?.message).toMatch(/already stored$/);
    expect(emu.store.findNfe(accountId, key)!.events).toHaveLength(1);
  });

  it('R25: an event of a document the account does not hold is refused, naming the key', async () => {
    const { key, doc } = newEmittedNfe(16);
    const event = nfeEventXml({
      accessKey: key,
      type: '110111',
      seq: 1,
      date: '2026-06-15T10:00:00-03:00',
      authorCnpj: doc.emitter.cnpj!,
      cuf: key.slice(0, 2),
    });
    const r = await upload({ xml: base64(event) });
    expect(r.upload).toEqual({ success: false, message: `infEvento/chave: the account holds no nfe ${key}` });
  });

  it.each(['cte', 'cteos', 'mdfe', 'nfce'] as const)('R25: a new %s is stored in its own stream', async (type) => {
    const index = emu.store.docsOf(accountId, type);
    const doc =
      index.entries.find((e) => e.doc.roles.some((r) => r.owner === e.doc.emitter.cnpj))?.doc ?? index.entries[0]!.doc;
    const key = renumberedKey(doc.accessKey, 17);
    const next = index.nextPosition();
    const r = await upload({ xml: base64(rekeyed(docXml(type, doc), doc.accessKey, key)) });
    expect(r.upload, r.upload?.message).toEqual({
      success: true,
      message: `${type} ${key}: stored at position ${next}`,
    });
    expect(emu.store.findDoc(accountId, type, key)?.position).toBe(next);
  });

  it('R25: an NFS-e the account holds is recognised by its R10 id and not stored again', async () => {
    const index = emu.store.docsOf(accountId, 'nfse');
    const doc = index.entries[0]!.doc;
    const count = index.entries.length;
    const r = await upload({ xml: base64(docXml('nfse', doc)) });
    expect(r.upload).toEqual({ success: true, message: `nfse ${doc.documentId}: already stored` });
    expect(index.entries.length).toBe(count);
  });

  it('R25: a named owner that is not a party of an NF-e sees it as authorized (designed)', async () => {
    const { xml, doc } = newEmittedNfe(18);
    const other = emu.accounts[0]!.companies.find((c) => c.cnpj !== doc.emitter.cnpj && c.cnpj !== doc.receiver.cnpj)!;
    expect(other).toBeDefined();
    const r = await upload({ xml: base64(xml), owner: [other.cnpj] });
    expect(r.upload?.success).toBe(true);
    expect(emu.store.findNfe(accountId, renumberedKey(doc.accessKey, 18))!.roles).toEqual([
      { owner: other.cnpj, role: 'authorized' },
    ]);
  });
});

describe("R25: every party the roles of spec 1 name makes the document an account's", () => {
  it.each(['transporter', 'authorized'] as const)(
    'R25: an NF-e the account holds only as %s is already stored, not "not a party"',
    async (role) => {
      const doc = emu.store
        .nfesOf(accountId)
        .byRole[role].map((e) => e.doc)
        .find((d) => d.roles.every((r) => r.role === role))!;
      expect(doc).toBeDefined();
      const r = await upload({ xml: base64(nfeXml(doc)) });
      expect(r.upload).toEqual({ success: true, message: `nfe ${doc.accessKey}: already stored` });
    },
  );

  it.each(['transporter', 'authorized'] as const)(
    'R25: a new NF-e where a company of the account is only the %s is stored in that role',
    async (role) => {
      const doc = emu.store
        .nfesOf(accountId)
        .byRole[role].map((e) => e.doc)
        .find((d) => d.roles.every((r) => r.role === role))!;
      const key = renumberedKey(doc.accessKey, role === 'transporter' ? 21 : 22);
      const r = await upload({ xml: base64(rekeyed(nfeXml(doc), doc.accessKey, key)) });
      expect(r.upload?.success, r.upload?.message).toBe(true);
      expect(emu.store.findNfe(accountId, key)!.roles).toEqual(doc.roles);
    },
  );

  it('R25: a CT-e the account holds only as not-taker (rem, exped, receb, dest) is already stored', async () => {
    const doc = emu.store
      .docsOf(accountId, 'cte')
      .entries.map((e) => e.doc)
      .find((d) => d.roles.every((r) => r.role === 'not-taker') && d.roles.every((r) => r.owner !== d.emitter.cnpj))!;
    expect(doc).toBeDefined();
    const r = await upload({ xml: base64(docXml('cte', doc)) });
    expect(r.upload).toEqual({ success: true, message: `cte ${doc.accessKey}: already stored` });
    const key = renumberedKey(doc.accessKey, 23);
    const fresh = await upload({ xml: base64(rekeyed(docXml('cte', doc), doc.accessKey, key)) });
    expect(fresh.upload?.success, fresh.upload?.message).toBe(true);
    expect(emu.store.findDoc(accountId, 'cte', key)!.roles).toEqual(doc.roles);
  });

  it.each([
    ['cte', 'authorized'],
    ['mdfe', 'contractor'],
    ['mdfe', 'authorized'],
  ] as const)(
    'R25: a new %s where a company of the account is %s gets the roles its parties give',
    async (type, role) => {
      const doc = emu.store
        .docsOf(accountId, type)
        .entries.map((e) => e.doc)
        .find((d) => d.roles.some((r) => r.role === role));
      if (!doc) return expect.fail(`no ${type} held as ${role} in the generated data`);
      const key = renumberedKey(doc.accessKey, 24);
      const r = await upload({ xml: base64(rekeyed(docXml(type, doc), doc.accessKey, key)) });
      expect(r.upload?.success, r.upload?.message).toBe(true);
      expect(emu.store.findDoc(accountId, type, key)!.roles).toEqual(doc.roles);
    },
  );

  it('R25: an NFS-e the account holds only as intermediary is already stored', async () => {
    const doc = emu.store
      .docsOf(accountId, 'nfse')
      .entries.map((e) => e.doc)
      .find((d) => d.roles.every((r) => r.role === 'intermediate'));
    if (!doc) return expect.fail('no NFS-e held only as intermediary in the generated data');
    const r = await upload({ xml: base64(docXml('nfse', doc)) });
    expect(r.upload).toEqual({ success: true, message: `nfse ${doc.documentId}: already stored` });
  });
});

describe('R25: NF3e, NFCom, NFAg and NFGas, which the spec lists as accepted, are taken', () => {
  const ROOTS = [
    ['nf3e', 'NF3e', '66'],
    ['nfcom', 'NFCom', '62'],
    ['nfag', 'NFAg', '75'],
    ['nfgas', 'NFGas', '76'],
  ] as const;

  /** A minimal authorized document of the kind, emitted by `cnpj`, wrapped in its proc element. */
  function utilityXml(root: string, model: string, cnpj: string): { key: string; xml: string } {
    const key = buildAccessKey({
      uf: '35',
      yymm: '2606',
      issuer: cnpj,
      model,
      series: '1',
      number: '4321',
      emissionType: '1',
      code: '12345678',
    });
    const lower = root.toLowerCase();
    const ns = `http://www.portalfiscal.inf.br/${lower}`;
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?><${lower}Proc xmlns="${ns}" versao="1.00"><${root} xmlns="${ns}">` +
      `<inf${root} versao="1.00" Id="${root}${key}"><ide><cUF>35</cUF><mod>${model}</mod><serie>1</serie>` +
      `<nNF>4321</nNF><dhEmi>2026-06-10T10:00:00-03:00</dhEmi></ide><emit><CNPJ>${cnpj}</CNPJ></emit>` +
      `<total><vNF>150.00</vNF></total></inf${root}></${root}><prot${root} versao="1.00"><infProt>` +
      `<ch${root}>${key}</ch${root}><cStat>100</cStat><nProt>135260000012345</nProt></infProt></prot${root}></${lower}Proc>`;
    return { key, xml };
  }

  it.each(ROOTS)("R25: a %s emitted by the account's company is stored once", async (kind, root, model) => {
    const { key, xml } = utilityXml(root, model, emu.accounts[0]!.companies[0]!.cnpj);
    const r = await upload({ xml: base64(xml) });
    expect(r.upload).toEqual({ success: true, message: `${kind} ${key}: stored (no endpoint lists it)` });
    const again = await upload({ xml: base64(xml) });
    expect(again.upload).toEqual({ success: true, message: `${kind} ${key}: already stored` });
  });

  it("R25: an NF3e none of the account's companies is a party of is refused; a wrong key names infNF3e/@Id", async () => {
    const other = utilityXml('NF3e', '66', emu.accounts[1]!.companies[0]!.cnpj);
    const r = await upload({ xml: base64(other.xml) });
    expect(r.upload?.success).toBe(false);
    expect(r.upload?.message).toMatch(/^emit\/dest: none of the account's companies .* is a party of nf3e /);
    const broken = other.key.slice(0, 43) + String((Number(other.key[43]) + 1) % 10);
    const bad = await upload({ xml: base64(rekeyed(other.xml, other.key, broken)) });
    expect(bad.upload?.message).toMatch(/^infNF3e\/@Id: check digit is/);
  });
});
