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
import { el } from './xml-util.js';

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

/** PIS or COFINS: a rate on the base for normal regimes, zeros (CST 99) in the Simples. */
function contributionXml(name: 'PIS' | 'COFINS', t: LineTaxes, simples: boolean): string {
  const [rate, value] = name === 'PIS' ? [t.pisRate, t.pisCents] : [t.cofinsRate, t.cofinsCents];
  const kind = simples ? 'Outr' : 'Aliq';
  const cst = simples ? '99' : '01';
  const base = simples ? 0 : t.baseCents;
  return (
    `<${name}><${name}${kind}><CST>${cst}</CST><vBC>${money(base)}</vBC>` +
    `<p${name}>${money(rate)}</p${name}><v${name}>${money(value)}</v${name}></${name}${kind}></${name}>`
  );
}

function prodXml(l: Line, index: number, xPeds: string[]): string {
  const p = l.product;
  const qty = quantityText(l.qtyMil);
  const unit = money(l.unitCents);
  const order = xPeds.length ? el('xPed', xPeds[index % xPeds.length]!) + `<nItemPed>${index + 1}</nItemPed>` : '';
  return (
    `<prod>${el('cProd', p.code)}<cEAN>SEM GTIN</cEAN>${el('xProd', p.description)}${el('NCM', p.ncm)}` +
    `${p.cest ? el('CEST', p.cest) : ''}${el('CFOP', l.cfop)}${el('uCom', p.unit)}<qCom>${qty}</qCom>` +
    `<vUnCom>${unit}</vUnCom><vProd>${money(l.grossCents)}</vProd><cEANTrib>SEM GTIN</cEANTrib>` +
    `${el('uTrib', p.unit)}<qTrib>${qty}</qTrib><vUnTrib>${unit}</vUnTrib>` +
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
  const z = '0.00';
  return (
    `<total><ICMSTot><vBC>${money(base)}</vBC><vICMS>${money(icms)}</vICMS><vICMSDeson>${z}</vICMSDeson>` +
    `<vFCP>${z}</vFCP><vBCST>${z}</vBCST><vST>${z}</vST><vFCPST>${z}</vFCPST><vFCPSTRet>${z}</vFCPSTRet>` +
    `<vProd>${money(tl.productCents)}</vProd><vFrete>${money(tl.freightCents)}</vFrete><vSeg>${z}</vSeg>` +
    `<vDesc>${money(tl.discountCents)}</vDesc><vII>${z}</vII><vIPI>${z}</vIPI><vIPIDevol>${z}</vIPIDevol>` +
    `<vPIS>${money(pis)}</vPIS><vCOFINS>${money(cofins)}</vCOFINS><vOutro>${z}</vOutro>` +
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
  const z = '0.00';
  return (
    `<IBSCBSTot><vBCIBSCBS>${money(base)}</vBCIBSCBS><gIBS>` +
    `<gIBSUF><vDif>${z}</vDif><vDevTrib>${z}</vDevTrib><vIBSUF>${money(ibs)}</vIBSUF></gIBSUF>` +
    `<gIBSMun><vDif>${z}</vDif><vDevTrib>${z}</vDevTrib><vIBSMun>${z}</vIBSMun></gIBSMun>` +
    `<vIBS>${money(ibs)}</vIBS><vCredPres>${z}</vCredPres><vCredPresCondSus>${z}</vCredPresCondSus></gIBS>` +
    `<gCBS><vDif>${z}</vDif><vDevTrib>${z}</vDevTrib><vCBS>${money(cbs)}</vCBS><vCredPres>${z}</vCredPres>` +
    `<vCredPresCondSus>${z}</vCredPresCondSus></gCBS></IBSCBSTot><vNFTot>${money(totalCents)}</vNFTot>`
  );
}
