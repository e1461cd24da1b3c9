// Colombia (DIAN) and Peru (SUNAT) both write UBL 2.1 Invoice; marks in the document tell them
// apart. Colombia's id is the CUFE (SHA-384 hex in cbc:UUID), Peru's is RUC + type + series-number.
import type { LatamDocument, LatamParty, LatamTax } from '../../api/wire/latam.js';
import { arr, at, attr, obj, text, type Node } from '../readers/common.js';
import { checkTaxId, decimal, LatamReadError, partyOf, required, requiredDecimal } from './common.js';
import { nitProblem, rucProblem } from './tax-ids.js';

/** Which country's UBL this is, from DIAN's and SUNAT's marks; undefined for neither. */
export function ublCountry(node: Node): 'CO' | 'PE' | undefined {
  const uuid = obj(node.UUID);
  if (/^CUFE/i.test(attr(uuid, 'schemeName') ?? '') || /DIAN/i.test(text(node.ProfileID) ?? '')) return 'CO';
  if (attr(obj(node.InvoiceTypeCode), 'listAgencyName') === 'PE:SUNAT') return 'PE';
  if (attr(obj(at(node, 'AccountingSupplierParty', 'Party', 'PartyIdentification').ID), 'schemeID') === '6')
    return 'PE';
  return undefined;
}

export function readUblInvoice(node: Node, country: 'CO' | 'PE'): LatamDocument {
  // DIAN writes `UBL 2.1`, SUNAT `2.1`.
  if (!/^(UBL )?2\.1$/.test(text(node.UBLVersionID) ?? ''))
    throw new LatamReadError(`UBLVersionID ${text(node.UBLVersionID) ?? '(none)'}: only UBL 2.1 is read`);
  const number = required(text(node.ID), 'cbc:ID');
  const type = required(text(node.InvoiceTypeCode), 'cbc:InvoiceTypeCode');
  // SUNAT numbers are series-correlative (F001-123); both go into the id, which must stay path-safe.
  if (country === 'PE' && !/^[A-Z0-9]{4}-\d{1,8}$/.test(number))
    throw new LatamReadError(`cbc:ID "${number}" is not a SUNAT series-number (F001-123)`);
  if (!/^\d{2}$/.test(type)) throw new LatamReadError(`cbc:InvoiceTypeCode "${type}" is not a two-digit code`);
  const supplier = at(node, 'AccountingSupplierParty', 'Party');
  const customer = at(node, 'AccountingCustomerParty', 'Party');
  const issuer =
    country === 'CO'
      ? colombianParty(supplier, 'AccountingSupplierParty', true)
      : peruvianParty(supplier, 'AccountingSupplierParty', true);
  const receiver =
    country === 'CO'
      ? colombianParty(customer, 'AccountingCustomerParty', false)
      : peruvianParty(customer, 'AccountingCustomerParty', false);
  const date = required(text(node.IssueDate), 'cbc:IssueDate');
  const time = text(node.IssueTime);
  const totals = obj(node.LegalMonetaryTotal);
  return {
    id: country === 'CO' ? `CO-${cufeOf(node)}` : `PE-${issuer.tax_id}-${type}-${number}`,
    country,
    doc_type: `${country === 'CO' ? 'FE' : 'CPE'}-${type}`,
    number,
    issuer,
    receiver,
    issued_at: time ? `${date}T${time}` : date,
    currency: required(text(node.DocumentCurrencyCode), 'cbc:DocumentCurrencyCode'),
    subtotal: decimal(text(totals.LineExtensionAmount), 'LegalMonetaryTotal/LineExtensionAmount') ?? null,
    total: requiredDecimal(text(totals.PayableAmount), 'LegalMonetaryTotal/PayableAmount'),
    taxes: [...taxesOf(node.TaxTotal, 'transfer'), ...taxesOf(node.WithholdingTaxTotal, 'withholding')],
    items: arr(node.InvoiceLine).map((line, i) => ({
      description: required(
        text(at(line, 'Item').Description) ?? text(at(line, 'Item').Name),
        `InvoiceLine ${i + 1}/Item/Description`,
      ),
      quantity: decimal(text(line.InvoicedQuantity), 'InvoiceLine/InvoicedQuantity') ?? null,
      unit_price: decimal(text(at(line, 'Price').PriceAmount), 'InvoiceLine/Price/PriceAmount') ?? null,
      amount: decimal(text(line.LineExtensionAmount), 'InvoiceLine/LineExtensionAmount') ?? null,
    })),
  };
}

function cufeOf(node: Node): string {
  const cufe = required(text(node.UUID), 'cbc:UUID (the CUFE)');
  if (!/^[0-9a-f]{96}$/i.test(cufe))
    throw new LatamReadError(`cbc:UUID "${cufe.slice(0, 20)}…" is not a CUFE (96 hex characters, SHA-384)`);
  return cufe.toLowerCase();
}

/** DIAN: PartyTaxScheme/CompanyID with the verification digit in @schemeID; schemeName 31 is a NIT. */
function colombianParty(party: Node, where: string, issuer: boolean): LatamParty {
  const scheme = obj(party.PartyTaxScheme);
  const id = obj(scheme.CompanyID);
  const taxId = issuer ? required(text(id), `${where}/PartyTaxScheme/CompanyID`) : text(id);
  if (taxId !== undefined && (issuer || attr(id, 'schemeName') === '31'))
    checkTaxId(nitProblem(taxId, attr(id, 'schemeID')), `${where} NIT`);
  const country =
    text(at(scheme, 'RegistrationAddress', 'Country').IdentificationCode) ??
    text(at(party, 'PhysicalLocation', 'Address', 'Country').IdentificationCode);
  return partyOf(
    taxId,
    text(scheme.RegistrationName) ?? text(at(party, 'PartyName').Name),
    country ?? (issuer ? 'CO' : undefined),
  );
}

/** SUNAT: PartyIdentification/ID, @schemeID 6 a RUC (1 a DNI, 0 none, 4/7 foreign ids). */
function peruvianParty(party: Node, where: string, issuer: boolean): LatamParty {
  const id = obj(at(party, 'PartyIdentification').ID);
  const taxId = issuer ? required(text(id), `${where}/PartyIdentification/ID`) : text(id);
  const scheme = attr(id, 'schemeID');
  if (issuer && scheme !== '6')
    throw new LatamReadError(
      `${where}/PartyIdentification/ID@schemeID is ${scheme ?? '(none)'}: the issuer is named by RUC (6)`,
    );
  if (taxId !== undefined && scheme === '6') checkTaxId(rucProblem(taxId), `${where} RUC`);
  const country = text(at(party, 'PartyLegalEntity', 'RegistrationAddress', 'Country').IdentificationCode);
  return partyOf(
    taxId,
    text(at(party, 'PartyLegalEntity').RegistrationName),
    country ?? (scheme === '6' || scheme === '1' ? 'PE' : undefined),
  );
}

function taxesOf(totals: unknown, kind: LatamTax['kind']): LatamTax[] {
  return arr(totals).flatMap((total) =>
    arr(total.TaxSubtotal).map((sub) => {
      const category = obj(sub.TaxCategory);
      const scheme = obj(category.TaxScheme);
      const code = required(text(scheme.ID), 'TaxSubtotal/TaxCategory/TaxScheme/ID');
      return {
        kind,
        code,
        name: text(scheme.Name) ?? code,
        rate: decimal(text(category.Percent) ?? text(sub.Percent), 'TaxCategory/Percent') ?? null,
        base: decimal(text(sub.TaxableAmount), 'TaxSubtotal/TaxableAmount') ?? null,
        amount: requiredDecimal(text(sub.TaxAmount), 'TaxSubtotal/TaxAmount'),
      };
    }),
  );
}
