// Chile: DTE of the SII (EnvioDTE/SetDTE/DTE/Documento, namespace http://www.sii.cl/SiiDte). A
// DTE is named by issuer RUT, type (33 factura, 34 exenta, 39 boleta, 61 nota de crédito...) and folio.
import type { LatamDocument, LatamTax } from '../../api/wire/latam.js';
import { arr, at, obj, text, type Node } from '../readers/common.js';
import { checkTaxId, decimal, LatamReadError, partyOf, required, requiredDecimal } from './common.js';
import { rutProblem } from './tax-ids.js';

export function isDte(root: string): boolean {
  return root === 'EnvioDTE' || root === 'DTE' || root === 'EnvioBOLETA';
}

/** The one Documento of the file; an envelope of several is refused (one document per upload). */
export function readDte(root: string, node: Node): LatamDocument {
  const dtes = root === 'DTE' ? [node] : arr(obj(node.SetDTE).DTE);
  if (dtes.length === 0) throw new LatamReadError(`${root} holds no DTE`);
  if (dtes.length > 1) throw new LatamReadError(`${root} holds ${dtes.length} DTE: send one document per file`);
  const dte = dtes[0]!;
  if (dte.Documento === undefined) {
    const other = Object.keys(dte).find((k) => !k.startsWith('@_') && k !== 'Signature');
    throw new LatamReadError(
      `DTE/${other ?? '?'} is not read: only DTE/Documento (not export or liquidation documents)`,
    );
  }
  const doc = obj(dte.Documento);
  const head = obj(doc.Encabezado);
  const id = obj(head.IdDoc);
  const issuer = obj(head.Emisor);
  const receiver = obj(head.Receptor);
  const totals = obj(head.Totales);
  const type = required(text(id.TipoDTE), 'IdDoc/TipoDTE');
  const folio = required(text(id.Folio), 'IdDoc/Folio');
  if (!/^\d{2,3}$/.test(type)) throw new LatamReadError(`IdDoc/TipoDTE "${type}" is not a DTE type code`);
  if (!/^\d{1,10}$/.test(folio)) throw new LatamReadError(`IdDoc/Folio "${folio}" is not a folio number`);
  const rut = required(text(issuer.RUTEmisor), 'Emisor/RUTEmisor');
  checkTaxId(rutProblem(rut), 'Emisor/RUTEmisor');
  const receiverRut = text(receiver.RUTRecep);
  if (receiverRut !== undefined) checkTaxId(rutProblem(receiverRut), 'Receptor/RUTRecep');
  const net = decimal(text(totals.MntNeto), 'Totales/MntNeto');
  const exempt = decimal(text(totals.MntExe), 'Totales/MntExe');
  return {
    id: `CL-${rut}-${type}-${folio}`,
    country: 'CL',
    doc_type: `DTE-${type}`,
    number: folio,
    issuer: partyOf(rut, text(issuer.RznSoc) ?? text(issuer.RznSocEmisor), 'CL'),
    receiver: partyOf(receiverRut, text(receiver.RznSocRecep), receiverRut === undefined ? undefined : 'CL'),
    issued_at: required(text(id.FchEmis), 'IdDoc/FchEmis'),
    // Only export documents name a currency; the others are in pesos.
    currency: text(totals.TpoMoneda) ?? text(at(head, 'OtraMoneda').TpoMoneda) ?? 'CLP',
    subtotal: net === undefined && exempt === undefined ? null : (net ?? 0) + (exempt ?? 0),
    total: requiredDecimal(text(totals.MntTotal), 'Totales/MntTotal'),
    taxes: taxesOf(totals, net),
    items: arr(doc.Detalle).map((d, i) => ({
      description: required(text(d.NmbItem), `Detalle ${i + 1}/NmbItem`),
      quantity: decimal(text(d.QtyItem), 'Detalle/QtyItem') ?? null,
      unit_price: decimal(text(d.PrcItem), 'Detalle/PrcItem') ?? null,
      amount: decimal(text(d.MontoItem), 'Detalle/MontoItem') ?? null,
    })),
  };
}

function taxesOf(totals: Node, net: number | undefined): LatamTax[] {
  const out: LatamTax[] = [];
  const vat = decimal(text(totals.IVA), 'Totales/IVA');
  if (vat !== undefined) {
    out.push({
      kind: 'transfer',
      code: 'IVA',
      name: 'IVA',
      rate: decimal(text(totals.TasaIVA), 'Totales/TasaIVA') ?? null,
      base: net ?? null,
      amount: vat,
    });
  }
  for (const other of arr(totals.ImptoReten)) {
    const code = required(text(other.TipoImp), 'ImptoReten/TipoImp');
    out.push({
      kind: 'withholding',
      code,
      name: `ImptoReten ${code}`,
      rate: decimal(text(other.TasaImp), 'ImptoReten/TasaImp') ?? null,
      base: null,
      amount: requiredDecimal(text(other.MontoImp), 'ImptoReten/MontoImp'),
    });
  }
  return out;
}
