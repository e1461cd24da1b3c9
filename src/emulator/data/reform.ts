// The 2026 tax reform's IBS and CBS as the emulator's documents carry them (designed here, after NT
// 2025.002-RTC for NF-e and NFC-e and NT 2024.001 for CT-e, against the PL_010 and PL_CTe_400_RTC
// schemas): a document of a normal regime (not the Simples Nacional, whose IBS and CBS start in
// 2027) emitted in 2026 or later, fully taxed (CST 000, cClassTrib 000001) at 2026's test rates:
// CBS 0.90%, IBS of the state 0.10%, of the municipality 0%. In 2026 they are not added to what
// the buyer pays.
import { money } from './amounts.js';
import { flat } from './xml-util.js';

const REFORM_FROM = '2026-01-01';
/** 2026's rates, in hundredths of a percent. */
const IBS_UF_RATE = 10;
const CBS_RATE = 90;

/** A base and its IBS and CBS, in cents. */
export interface Reform {
  base: number;
  ibs: number;
  cbs: number;
}

/** Whether a document emitted on `date` by an emitter of the Simples (or not) carries IBS and CBS. */
export const carriesReform = (date: string, simples: boolean): boolean => !simples && date >= REFORM_FROM;

/** The IBS and CBS of a base in cents. */
export function reformOf(base: number): Reform {
  return {
    base,
    ibs: Math.round((base * IBS_UF_RATE) / 10_000),
    cbs: Math.round((base * CBS_RATE) / 10_000),
  };
}

/** The group's text between its values, made once: each a single piece (xml-util.ts `flat`). */
const IBSCBS_OPEN = flat('<IBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib><gIBSCBS><vBC>');
const IBS_UF_PART = flat(`</vBC><gIBSUF><pIBSUF>${money(IBS_UF_RATE)}</pIBSUF><vIBSUF>`);
const IBS_MUN_PART = flat('</vIBSUF></gIBSUF><gIBSMun><pIBSMun>0.00</pIBSMun><vIBSMun>0.00</vIBSMun></gIBSMun><vIBS>');
const CBS_PART = flat(`</vIBS><gCBS><pCBS>${money(CBS_RATE)}</pCBS><vCBS>`);
const IBSCBS_CLOSE = '</vCBS></gCBS></gIBSCBS></IBSCBS>';

/** The IBSCBS group of an NF-e item, a CT-e or a CT-e OS (TTribNFe, TTribCTe: CST, cClassTrib, gIBSCBS). */
export function reformXml(r: Reform): string {
  const ibs = money(r.ibs);
  return `${IBSCBS_OPEN}${money(r.base)}${IBS_UF_PART}${ibs}${IBS_MUN_PART}${ibs}${CBS_PART}${money(r.cbs)}${IBSCBS_CLOSE}`;
}
