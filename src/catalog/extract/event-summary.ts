// What `fiscal inspect` prints of an NF-e event file the pull wrote (procEventoNFe: the request
// and the authority's result), made by the lean pass from the bytes the pull holds, as
// nfe-summary.ts does for the notes: equal to the XML reader's (src/fiscal/readers/events.ts),
// or nothing (the file is then read), for anything else: another wrapper, another family, an
// element the reader would read otherwise.
import {
  compact,
  environment,
  inFieldOrder,
  keyFromId,
  keyWarnings,
  lookup,
  modelOfKey,
  type Summary,
} from '../../fiscal/readers/common.js';
import { EVENT_CODES } from '../../fiscal/event-codes.js';
import type { DocumentSummary } from '../../fiscal/readers/index.js';
import { openTag } from '../../fiscal/xml-scan.js';
import { followed, holdsOnly, text, type CatalogSummary } from './nfe-summary.js';
import { attribute, firstValue, section, value } from './scan.js';

const ROOT = 'procEventoNFe';

export function nfeEventSummary(xml: string): CatalogSummary | undefined {
  const body = followed(xml, ROOT);
  if (body === undefined || !holdsOnly(body, ROOT, 'evento', 'retEvento')) return undefined;
  const request = section(body, 'evento')!;
  const result = section(body, 'retEvento')!;
  const inf = section(request, 'infEvento');
  const res = section(result, 'infEvento');
  if (inf === undefined || res === undefined) return undefined;
  // The request's own fields come before its detEvento, which may name other parties.
  const det = inf.indexOf('<detEvento');
  const head = det === -1 ? inf : inf.slice(0, det);
  const refKey = text(value(head, 'chNFe'));
  if (!refKey || openTag(head, 'chCTe') !== -1 || openTag(head, 'chMDFe') !== -1) return undefined;
  const type = text(value(head, 'tpEvento')) ?? text(value(res, 'tpEvento')) ?? '';
  const description =
    lookup(EVENT_CODES.nfe, type) ??
    text(value(section(inf, 'detEvento'), 'descEvento')) ??
    text(value(res, 'xEvento')) ??
    '';
  const warnings = keyWarnings('referenced key', refKey);
  const resultKey = text(value(res, 'chNFe'));
  if (resultKey && resultKey !== refKey)
    warnings.push(`the result (retEvento) is for key ${resultKey}, the request for ${refKey}`);
  const protocol = compact({
    status: text(value(res, 'cStat')),
    reason: text(value(res, 'xMotivo')),
    number: text(value(res, 'nProt')),
    at: text(value(res, 'dhRegEvento')),
  });
  const author = text(firstValue(head, ['CNPJ', 'CPF', 'CNPJAutor', 'CPFAutor']));
  const dest = text(firstValue(res, ['CNPJDest', 'CPFDest']));
  const summary: Summary = compact({
    kind: 'event',
    model: modelOfKey(refKey),
    version: attribute(request, 'versao') ?? attribute(result, 'versao'),
    id: keyFromId(attribute(inf, 'Id')),
    emittedAt: text(value(head, 'dhEvento')) ?? text(value(res, 'dhRegEvento')),
    environment: environment(text(value(head, 'tpAmb')) ?? text(value(res, 'tpAmb'))),
    emitter: author ? { taxId: author } : {},
    counterpart: dest ? { role: 'receiver', taxId: dest } : {},
    totals: {},
    protocol: Object.keys(protocol).length > 0 ? protocol : undefined,
    event: compact({
      type,
      family: 'nfe' as const,
      description,
      refKey,
      seq: text(value(head, 'nSeqEvento')) ?? text(value(res, 'nSeqEvento')),
    }),
    warnings,
  } satisfies Summary);
  return inFieldOrder({ ...summary, root: ROOT } as DocumentSummary);
}
