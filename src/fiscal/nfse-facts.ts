// The facts a pull needs from an NFS-e (ABRASF CompNfse) to file it, read with the plain string
// scans of nfe-facts.ts: number, emission date, provider, taker, intermediary, cancellation.
// readers/nfse-abrasf.ts is the complete reader.
import { PREFIXED, block, text } from './xml-scan.js';

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

export function nfseFacts(raw: string): NfseFacts {
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
