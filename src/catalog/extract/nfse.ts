// The catalog's facts of an NFS-e: ABRASF 2.0x (CompNfse, what the service's municipal NFS-e
// are) and the national layout (NFSe/infNFSe with its DPS), IBS and CBS where the national
// layout's IBSCBS group carries them. The service is the one "item" (no items rows).
import { amount, type DocumentFacts, type Party } from '../facts.js';
import { firstValue, section, taxId, value, type Section } from './scan.js';

export function nfseFacts(xml: string): DocumentFacts {
  return section(xml, 'infNFSe') !== undefined ? nationalFacts(xml) : abrasfFacts(xml);
}

// The party's first Uf is its address's: ABRASF nests <Endereco> (the street) inside <Endereco>
// (the address), so a section of the outer one would end at the inner one's close, before Uf.
const abrasfParty = (s: Section | undefined): Party => ({
  taxId: taxId(s),
  name: firstValue(s, ['RazaoSocial', 'NomeFantasia']),
  uf: value(s, 'Uf'),
});

/**
 * The provider: its name and address in PrestadorServico; its CPF or CNPJ there (2.02) or only in
 * the declaration's Prestador (2.04).
 */
function abrasfProvider(inf: Section | undefined): Party {
  const shown = section(inf, 'PrestadorServico');
  const declared = section(inf, 'Prestador');
  const party = abrasfParty(shown ?? declared);
  return party.taxId === undefined ? { ...party, taxId: taxId(declared) } : party;
}

function abrasfFacts(xml: string): DocumentFacts {
  const inf = section(xml, 'InfNfse');
  const values = section(inf, 'ValoresNfse');
  const service = section(inf, 'Valores');
  const num = (name: string) => amount(value(values, name) ?? value(service, name));
  return {
    // The NFS-e's own Numero and DataEmissao come before the RPS's inside InfNfse.
    number: value(inf, 'Numero'),
    emittedAt: value(inf, 'DataEmissao'),
    emitter: abrasfProvider(inf),
    receiver: abrasfParty(section(inf, 'TomadorServico') ?? section(inf, 'Tomador')),
    totals: {
      total: amount(value(service, 'ValorServicos')),
      pis: num('ValorPis'),
      cofins: num('ValorCofins'),
      iss: num('ValorIss'),
    },
    canceledInXml: xml.includes('<NfseCancelamento'),
    eventsInXml: [],
    items: [],
  };
}

function nationalFacts(xml: string): DocumentFacts {
  const inf = section(xml, 'infNFSe')!;
  const dps = section(inf, 'infDPS');
  const emit = section(inf, 'emit');
  const toma = section(dps, 'toma');
  const ibscbs = section(inf, 'IBSCBS');
  const num = (s: Section | undefined, name: string) => amount(value(s, name));
  return {
    series: value(dps, 'serie'),
    number: value(inf, 'nNFSe'),
    emittedAt: value(dps, 'dhEmi'),
    authorizedAt: value(inf, 'dhProc'),
    protocolStatus: value(inf, 'cStat'),
    emitter: { taxId: taxId(emit), name: value(emit, 'xNome'), uf: value(section(emit, 'enderNac'), 'UF') },
    receiver: { taxId: taxId(toma), name: value(toma, 'xNome') },
    totals: {
      total: num(section(dps, 'vServPrest'), 'vServ'),
      iss: num(section(inf, 'valores'), 'vISSQN'),
      ibs: num(section(ibscbs, 'gIBS'), 'vIBSTot'),
      cbs: num(section(ibscbs, 'gCBS'), 'vCBS'),
    },
    canceledInXml: false,
    eventsInXml: [],
    items: [],
  };
}
