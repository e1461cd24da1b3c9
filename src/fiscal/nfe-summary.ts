// A light reading of an NF-e (nfeProc or bare NFe): what a search listing shows about a document
// whose metadata the endpoint does not return (the v1 listing only carries the XML).
import type { XMLParser } from 'fast-xml-parser';
import { fastXmlParser } from './readers/xml.js';

interface NfeSummary {
  accessKey?: string;
  number?: string;
  series?: string;
  emissionDate?: string;
  emitter: { cnpj?: string; cpf?: string; name?: string; uf?: string };
  receiver: { cnpj?: string; cpf?: string; name?: string; uf?: string };
  cfops: string[];
  totalValue?: string;
  /** cStat of protNFe, when the XML carries the authorization protocol. */
  protocolStatus?: string;
}

type Node = Record<string, unknown>;

let parser: XMLParser | undefined;
function xmlParser(): XMLParser {
  // parseTagValue false keeps keys, CNPJs and numbers with leading zeros as the strings they are.
  parser ??= new (fastXmlParser().XMLParser)({
    parseTagValue: false,
    ignoreAttributes: false,
    removeNSPrefix: true,
    isArray: (name) => name === 'det',
  });
  return parser;
}

const obj = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function summarizeNfeXml(xml: string): NfeSummary {
  const root = obj(xmlParser().parse(xml));
  const proc = obj(root.nfeProc);
  const nfe = obj(proc.NFe ?? root.NFe);
  const inf = obj(nfe.infNFe);
  const ide = obj(inf.ide);
  const emit = obj(inf.emit);
  const dest = obj(inf.dest);
  const total = obj(obj(inf.total).ICMSTot);
  const prot = obj(obj(proc.protNFe).infProt);
  const id = str(inf['@_Id']);
  const dets = Array.isArray(inf.det) ? (inf.det as Node[]) : [];
  const cfops = [...new Set(dets.map((d) => str(obj(d.prod).CFOP)).filter((c): c is string => Boolean(c)))];
  return {
    accessKey: id?.replace(/^NFe/, '') ?? str(prot.chNFe),
    number: str(ide.nNF),
    series: str(ide.serie),
    emissionDate: str(ide.dhEmi) ?? str(ide.dEmi),
    emitter: party(emit, 'enderEmit'),
    receiver: party(dest, 'enderDest'),
    cfops,
    totalValue: str(total.vNF),
    protocolStatus: str(prot.cStat),
  };
}

function party(node: Node, addressKey: string): NfeSummary['receiver'] {
  const out: NfeSummary['receiver'] = {};
  const cnpj = str(node.CNPJ);
  const cpf = str(node.CPF);
  const name = str(node.xNome);
  const uf = str(obj(node[addressKey]).UF);
  if (cnpj) out.cnpj = cnpj;
  if (cpf) out.cpf = cpf;
  if (name) out.name = name;
  if (uf) out.uf = uf;
  return out;
}
