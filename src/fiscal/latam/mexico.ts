// Mexico: CFDI 4.0 (cfdi:Comprobante, namespace http://www.sat.gob.mx/cfd/4), stamped by a PAC
// with tfd:TimbreFiscalDigital, whose UUID ("folio fiscal") is the document's id.
import type { LatamDocument, LatamTax } from '../../api/wire/latam.js';
import { arr, at, attr, obj, type Node } from '../readers/common.js';
import { decimal, LatamReadError, partyOf, percentOf, required, requiredDecimal, checkTaxId } from './common.js';
import { rfcProblem } from './tax-ids.js';

const TAX_NAMES: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

export function isCfdi(root: string): boolean {
  return root === 'Comprobante';
}

export function readCfdi(node: Node): LatamDocument {
  const version = attr(node, 'Version');
  if (version !== '4.0') throw new LatamReadError(`CFDI version ${version ?? '(none)'}: only CFDI 4.0 is read`);
  const stamp = at(node, 'Complemento', 'TimbreFiscalDigital');
  const uuid = required(attr(stamp, 'UUID'), 'Complemento/TimbreFiscalDigital@UUID (the CFDI is not stamped)');
  if (!UUID.test(uuid)) throw new LatamReadError(`TimbreFiscalDigital@UUID "${uuid}" is not a UUID`);
  const issuer = obj(node.Emisor);
  const receiver = obj(node.Receptor);
  const issuerRfc = required(attr(issuer, 'Rfc'), 'Emisor@Rfc');
  checkTaxId(rfcProblem(issuerRfc), 'Emisor@Rfc');
  const receiverRfc = required(attr(receiver, 'Rfc'), 'Receptor@Rfc');
  checkTaxId(rfcProblem(receiverRfc), 'Receptor@Rfc');
  const series = attr(node, 'Serie');
  const folio = attr(node, 'Folio');
  return {
    id: `MX-${uuid.toUpperCase()}`,
    country: 'MX',
    doc_type: `CFDI-${required(attr(node, 'TipoDeComprobante'), 'Comprobante@TipoDeComprobante')}`,
    number: folio === undefined ? null : series ? `${series}-${folio}` : folio,
    issuer: partyOf(issuerRfc, attr(issuer, 'Nombre'), 'MX'),
    // A foreign receiver carries the generic RFC and its own tax id and country.
    receiver: partyOf(
      attr(receiver, 'NumRegIdTrib') ?? receiverRfc,
      attr(receiver, 'Nombre'),
      receiverRfc === 'XEXX010101000' ? attr(receiver, 'ResidenciaFiscal') : 'MX',
    ),
    issued_at: required(attr(node, 'Fecha'), 'Comprobante@Fecha'),
    currency: required(attr(node, 'Moneda'), 'Comprobante@Moneda'),
    subtotal: requiredDecimal(attr(node, 'SubTotal'), 'Comprobante@SubTotal'),
    total: requiredDecimal(attr(node, 'Total'), 'Comprobante@Total'),
    taxes: taxesOf(obj(node.Impuestos)),
    items: arr(obj(node.Conceptos).Concepto).map((c, i) => ({
      description: required(attr(c, 'Descripcion'), `Concepto ${i + 1}@Descripcion`),
      quantity: decimal(attr(c, 'Cantidad'), 'Concepto@Cantidad') ?? null,
      unit_price: decimal(attr(c, 'ValorUnitario'), 'Concepto@ValorUnitario') ?? null,
      amount: decimal(attr(c, 'Importe'), 'Concepto@Importe') ?? null,
    })),
  };
}

/** The document's tax summary (Impuestos/Traslados and Retenciones), not each concept's. */
function taxesOf(taxes: Node): LatamTax[] {
  const out: LatamTax[] = [];
  for (const t of arr(obj(taxes.Traslados).Traslado)) {
    const code = required(attr(t, 'Impuesto'), 'Traslado@Impuesto');
    // An exempt transfer has no amount.
    out.push({
      kind: 'transfer',
      code,
      name: TAX_NAMES[code] ?? code,
      rate: attr(t, 'TipoFactor') === 'Tasa' ? percentOf(decimal(attr(t, 'TasaOCuota'), 'Traslado@TasaOCuota')) : null,
      base: decimal(attr(t, 'Base'), 'Traslado@Base') ?? null,
      amount: decimal(attr(t, 'Importe'), 'Traslado@Importe') ?? 0,
    });
  }
  for (const t of arr(obj(taxes.Retenciones).Retencion)) {
    const code = required(attr(t, 'Impuesto'), 'Retencion@Impuesto');
    out.push({
      kind: 'withholding',
      code,
      name: TAX_NAMES[code] ?? code,
      rate: null,
      base: null,
      amount: requiredDecimal(attr(t, 'Importe'), 'Retencion@Importe'),
    });
  }
  return out;
}
