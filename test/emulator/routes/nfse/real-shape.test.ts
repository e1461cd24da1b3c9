// R33: the NFS-e the listings serve look like the real service's: an XML declaration and a newline,
// then an ABRASF CompNfse with <Nfse versao="2.02">, the taker as <Tomador> and the provider's id at
// InfNfse/PrestadorServico/IdentificacaoPrestador/CpfCnpj. Read here the way a published
// third-party client reads them: by regular expression on those tags, nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredNfse } from '../../../../src/emulator/model-docs.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { headersOf, walkV1 } from '../../doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
});
afterAll(async () => emu?.close());

/** What a third-party client takes from a note: the taker by <Tomador>, the provider by IdentificacaoPrestador. */
function thirdPartyRead(xml: string): { taker?: string; provider?: string } {
  const taker = /<Tomador>[\s\S]*?<(?:Cnpj|Cpf)>(\d+)<\/(?:Cnpj|Cpf)>[\s\S]*?<\/Tomador>/.exec(xml)?.[1];
  const provider =
    /<InfNfse[^>]*>[\s\S]*?<PrestadorServico>\s*<IdentificacaoPrestador>\s*<CpfCnpj>\s*<Cnpj>(\d{14})<\/Cnpj>/.exec(
      xml,
    )?.[1];
  return { ...(taker ? { taker } : {}), ...(provider ? { provider } : {}) };
}

const taxId = (p: StoredNfse['taker']) => p?.cnpj ?? p?.cpf;
const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');

describe('R33: NFS-e as the real service writes them', () => {
  it.each(['/v2/nfse/received', '/v1/nfse/received', '/v1/nfse/emitted', '/v1/nfse/intermediate'])(
    'a reader that finds the taker by <Tomador> and the provider by IdentificacaoPrestador finds every note of %s',
    async (path) => {
      const docs = emu.store.docsOf(emu.accounts[0]!.id, 'nfse');
      const role = path.split('/').pop()!;
      const expected = docs.byRole(role).map((e) => e.doc);
      const walk = await walkV1(emu, path, headers);
      expect(walk.items).toHaveLength(expected.length);
      expect(expected.length).toBeGreaterThan(10);
      walk.items.forEach((item: { xml: string }, i: number) => {
        const xml = decode(item.xml);
        const doc = expected[i]!;
        expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<CompNfse')).toBe(true);
        expect(xml).toContain('<Nfse versao="2.02">');
        expect(thirdPartyRead(xml)).toEqual({
          provider: doc.emitter.cnpj,
          ...(doc.taker ? { taker: taxId(doc.taker) } : {}),
        });
      });
    },
  );
});
