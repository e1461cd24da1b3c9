// The facts a pull needs from an NFS-e to file it, read with the plain string scans of
// nfe-facts.ts: number, emission date, provider, taker, intermediary, cancellation. Every layout
// an account holds: ABRASF CompNfse (1.00 to 2.04: the taker as Tomador or TomadorServico) and the
// national NFSe (infNFSe with emit and DPS/infDPS/toma). readers/nfse-abrasf.ts and
// readers/nfse-national.ts are the complete readers.
import { PREFIXED, block, taxIdIn, text } from './xml-scan.js';

export interface NfseFacts {
  number?: string;
  emissionDate?: string;
  emitter?: string;
  taker?: string;
  intermediary?: string;
  /** The CompNfse carries NfseCancelamento. */
  canceled: boolean;
}

/** Cnpj or Cpf (either case, bare or inside CpfCnpj) within the first of `names` found. */
function taxIdWithin(xml: string, names: string[]): string | undefined {
  for (const name of names) {
    const b = block(xml, name);
    if (!b) continue;
    const id = text(xml, 'Cnpj', ...b) ?? text(xml, 'Cpf', ...b) ?? text(xml, 'CNPJ', ...b) ?? text(xml, 'CPF', ...b);
    if (id) return id;
  }
  return undefined;
}

/** The national NFSe: `nNFSe`, `dhProc` (or the DPS's `dhEmi`), `emit`, and the DPS's `toma` and `interm`. */
function nationalFacts(xml: string, inf: [number, number]): NfseFacts {
  const facts: NfseFacts = { canceled: false };
  const set = <K extends keyof NfseFacts>(k: K, v: NfseFacts[K] | undefined) => v !== undefined && (facts[k] = v);
  set('number', text(xml, 'nNFSe', ...inf));
  set('emissionDate', text(xml, 'dhProc', ...inf) ?? text(xml, 'dhEmi', ...inf));
  set('emitter', taxIdIn(xml, 'emit'));
  set('taker', taxIdIn(xml, 'toma'));
  set('intermediary', taxIdIn(xml, 'interm'));
  return facts;
}

export function nfseFacts(raw: string): NfseFacts {
  const national = block(raw, 'infNFSe');
  if (national) return nationalFacts(raw, national);
  const xml =
    raw.includes(':InfNfse') || raw.includes(':CompNfse')
      ? raw.replace(PREFIXED, (m) => (m[1] === '/' ? '</' : '<'))
      : raw;
  const inf = block(xml, 'InfNfse');
  const facts: NfseFacts = { canceled: xml.includes('<NfseCancelamento') };
  const set = <K extends keyof NfseFacts>(k: K, v: NfseFacts[K] | undefined) => v !== undefined && (facts[k] = v);
  // The NFS-e's own Numero and DataEmissao come before the RPS's inside InfNfse.
  set('number', inf && text(xml, 'Numero', ...inf));
  set('emissionDate', inf && text(xml, 'DataEmissao', ...inf));
  set('emitter', taxIdWithin(xml, ['Prestador', 'IdentificacaoPrestador', 'PrestadorServico']));
  set('taker', taxIdWithin(xml, ['IdentificacaoTomador', 'TomadorServico', 'Tomador']));
  set('intermediary', taxIdWithin(xml, ['IdentificacaoIntermediario', 'IntermediarioServico', 'Intermediario']));
  return facts;
}

/** R10 without the owner, as flagerp names it: `<emitter_cnpj>:<yyyy-mm-dd>:<number>`. */
export function nfseDocumentId(f: NfseFacts): string | undefined {
  if (!f.emitter || !f.emissionDate || !f.number) return undefined;
  return `${f.emitter}:${f.emissionDate.slice(0, 10)}:${f.number}`;
}
