// The items (det) and the totals (total/ICMSTot) of an NF-e or NFC-e. Totals are sums of the very
// numbers written in the items, so a client that adds them up finds vProd and vNF.
//
// The tax reform (reform.ts): a note that carries it has each item's IBS and CBS on the item's
// value, the item's vItem, the IBSCBSTot group and vNFTot, which in 2026 is vNF.
import type { StoredNfe } from '../model.js';
import {
  lineTaxes,
  money,
  quantityText,
  ST_CFOPS,
  type Line,
  type LineTaxes,
  type Lines,
  type TaxRates,
} from './amounts.js';
import { reformOf, reformXml, type Reform } from './reform.js';
import type { Product } from './products.js';
import { el, flat } from './xml-util.js';

export interface TaxedLines extends Lines {
  taxes: LineTaxes[];
  /** Simples Nacional emitter (CRT 1): ICMS by CSOSN, no PIS/COFINS on the invoice. */
  simples: boolean;
  /** Each item's IBS and CBS in cents, when the note carries the tax reform's groups (reform.ts). */
  reform?: Reform[] | undefined;
}

const NO_TAX: TaxRates = { icms: 0, pis: 0, cofins: 0 };

export function taxLines(lines: Lines, rates: TaxRates, simples: boolean, reform = false): TaxedLines {
  const taxes = lines.lines.map((l) => lineTaxes(l, simples ? NO_TAX : rates));
  const ofReform = reform ? taxes.map((t) => reformOf(t.baseCents)) : undefined;
  return Object.assign(lines, { taxes, simples, reform: ofReform });
}

function icmsXml(l: Line, t: LineTaxes, simples: boolean): string {
  const st = ST_CFOPS.has(l.cfop);
  if (simples)
    return st
      ? '<ICMSSN500><orig>0</orig><CSOSN>500</CSOSN></ICMSSN500>'
      : '<ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102>';
  if (st) return '<ICMS60><orig>0</orig><CST>60</CST></ICMS60>';
  return (
    `<ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>${money(t.baseCents)}</vBC>` +
    `<pICMS>${money(t.icmsRate)}</pICMS><vICMS>${money(t.icmsCents)}</vICMS></ICMS00>`
  );
}

/** The text of a PIS or COFINS group around its three values, for one regime and rate. */
interface ContributionParts {
  open: string;
  rate: string;
  close: string;
}

/** By group, regime and rate: a few of each, made once (xml-util.ts `flat`). */
const contributionParts = new Map<string, ContributionParts>();

function partsOf(name: 'PIS' | 'COFINS', simples: boolean, rate: number): ContributionParts {
  const key = `${name}${simples ? 'S' : ''}${rate}`;
  let parts = contributionParts.get(key);
  if (!parts) {
    const kind = simples ? 'Outr' : 'Aliq';
    const cst = simples ? '99' : '01';
    parts = {
      open: flat(`<${name}><${name}${kind}><CST>${cst}</CST><vBC>`),
      rate: flat(`</vBC><p${name}>${money(rate)}</p${name}><v${name}>`),
      close: flat(`</v${name}></${name}${kind}></${name}>`),
    };
    contributionParts.set(key, parts);
  }
  return parts;
}

/** PIS or COFINS: a rate on the base for normal regimes, zeros (CST 99) in the Simples. */
function contributionXml(name: 'PIS' | 'COFINS', t: LineTaxes, simples: boolean): string {
  const [rate, value] = name === 'PIS' ? [t.pisRate, t.pisCents] : [t.cofinsRate, t.cofinsCents];
  const base = simples ? 0 : t.baseCents;
  const p = partsOf(name, simples, rate);
  return `${p.open}${money(base)}${p.rate}${money(value)}${p.close}`;
}

/** What the items of a product all have, made once a product (xml-util.ts `flat`). */
interface ProductParts {
  /** From <prod> to the CEST. */
  head: string;
  /** From the end of vProd to <qTrib>: cEANTrib and uTrib. */
  trib: string;
  /** The head with each CFOP and uCom, to <qCom>. */
  byCfop: Map<string, string>;
}

const productParts = new WeakMap<Product, ProductParts>();

function partsOfProduct(p: Product): ProductParts {
  let parts = productParts.get(p);
  if (!parts) {
    parts = {
      head: flat(
        `<prod>${el('cProd', p.code)}<cEAN>SEM GTIN</cEAN>${el('xProd', p.description)}${el('NCM', p.ncm)}` +
          `${p.cest ? el('CEST', p.cest) : ''}`,
      ),
      trib: flat(`</vProd><cEANTrib>SEM GTIN</cEANTrib>${el('uTrib', p.unit)}<qTrib>`),
      byCfop: new Map(),
    };
    productParts.set(p, parts);
  }
  return parts;
}

/** The product's head, its CFOP and uCom, to <qCom>: one piece per product and CFOP. */
function prodHead(parts: ProductParts, p: Product, cfop: string): string {
  let head = parts.byCfop.get(cfop);
  if (head === undefined) {
    head = flat(`${parts.head}${el('CFOP', cfop)}${el('uCom', p.unit)}<qCom>`);
    parts.byCfop.set(cfop, head);
  }
  return head;
}

function prodXml(l: Line, index: number, xPeds: string[]): string {
  const p = l.product;
  const parts = partsOfProduct(p);
  const qty = quantityText(l.qtyMil);
  const unit = money(l.unitCents);
  const order = xPeds.length ? el('xPed', xPeds[index % xPeds.length]!) + `<nItemPed>${index + 1}</nItemPed>` : '';
  return (
    `${prodHead(parts, p, l.cfop)}${qty}</qCom><vUnCom>${unit}</vUnCom><vProd>${money(l.grossCents)}` +
    `${parts.trib}${qty}</qTrib><vUnTrib>${unit}</vUnTrib>` +
    `${l.freightCents ? `<vFrete>${money(l.freightCents)}</vFrete>` : ''}` +
    `${l.discountCents ? `<vDesc>${money(l.discountCents)}</vDesc>` : ''}<indTot>1</indTot>${order}</prod>`
  );
}

export function itemsXml(doc: StoredNfe, tl: TaxedLines): string {
  let out = '';
  tl.lines.forEach((l, i) => {
    const t = tl.taxes[i]!;
    const reform = tl.reform?.[i];
    out +=
      `<det nItem="${i + 1}">${prodXml(l, i, doc.xPeds)}<imposto><ICMS>${icmsXml(l, t, tl.simples)}</ICMS>` +
      `${contributionXml('PIS', t, tl.simples)}${contributionXml('COFINS', t, tl.simples)}` +
      `${reform ? reformXml(reform) : ''}</imposto>${reform ? `<vItem>${money(t.baseCents)}</vItem>` : ''}</det>`;
  });
  return out;
}

export function totalXml(tl: TaxedLines): string {
  let base = 0;
  let icms = 0;
  let pis = 0;
  let cofins = 0;
  for (const t of tl.taxes) {
    if (t.icmsRate > 0) base += t.baseCents;
    icms += t.icmsCents;
    pis += t.pisCents;
    cofins += t.cofinsCents;
  }
  return (
    `<total><ICMSTot><vBC>${money(base)}</vBC><vICMS>${money(icms)}</vICMS><vICMSDeson>0.00</vICMSDeson>` +
    `<vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>0.00</vST><vFCPST>0.00</vFCPST><vFCPSTRet>0.00</vFCPSTRet>` +
    `<vProd>${money(tl.productCents)}</vProd><vFrete>${money(tl.freightCents)}</vFrete><vSeg>0.00</vSeg>` +
    `<vDesc>${money(tl.discountCents)}</vDesc><vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>0.00</vIPIDevol>` +
    `<vPIS>${money(pis)}</vPIS><vCOFINS>${money(cofins)}</vCOFINS><vOutro>0.00</vOutro>` +
    `<vNF>${money(tl.totalCents)}</vNF></ICMSTot>${tl.reform ? reformTotalXml(tl.reform, tl.totalCents) : ''}</total>`
  );
}

/** total/IBSCBSTot (nothing deferred, returned or presumed) and vNFTot, which in 2026 is vNF. */
function reformTotalXml(items: readonly Reform[], totalCents: number): string {
  let base = 0;
  let ibs = 0;
  let cbs = 0;
  for (const r of items) {
    base += r.base;
    ibs += r.ibs;
    cbs += r.cbs;
  }
  return (
    `<IBSCBSTot><vBCIBSCBS>${money(base)}</vBCIBSCBS><gIBS>` +
    `<gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>${money(ibs)}</vIBSUF></gIBSUF>` +
    `<gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>0.00</vIBSMun></gIBSMun>` +
    `<vIBS>${money(ibs)}</vIBS><vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gIBS>` +
    `<gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>${money(cbs)}</vCBS><vCredPres>0.00</vCredPres>` +
    `<vCredPresCondSus>0.00</vCredPresCondSus></gCBS></IBSCBSTot><vNFTot>${money(totalCents)}</vNFTot>`
  );
}
