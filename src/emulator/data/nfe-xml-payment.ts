// Transport (transp), billing (cobr) and payment (pag) of an NF-e. The carrier comes from the
// metadata (TransporterCnpj filter, transporter role); the rest is drawn from the document's
// own stream, so it is the same at every rendering.
import type { StoredNfe } from '../model.js';
import { money, type Lines } from './amounts.js';
import { addressOf } from './parties.js';
import { weights, type Rng } from './random.js';
import { brtDate, el } from './xml-util.js';

const DAY = 24 * 3600_000;

/** modFrete: 0 paid by the emitter, 1 by the receiver, 9 no transport. */
function freightMode(doc: StoredNfe, freightCents: number): string {
  if (freightCents > 0) return '0';
  return doc.transporter ? '1' : '9';
}

function carrierXml(doc: StoredNfe): string {
  const t = doc.transporter;
  if (!t) return '';
  const a = addressOf(t);
  const id = t.cnpj ? el('CNPJ', t.cnpj) : el('CPF', t.cpf ?? '');
  return (
    `<transporta>${id}${el('xNome', t.name)}${t.ie ? el('IE', t.ie) : ''}` +
    `${el('xEnder', `${a.street}, ${a.number}`)}${el('xMun', a.city.name)}${el('UF', a.uf)}</transporta>`
  );
}

export function transpXml(rng: Rng, doc: StoredNfe, lines: Lines): string {
  const mode = freightMode(doc, lines.freightCents);
  if (mode === '9') return '<transp><modFrete>9</modFrete></transp>';
  const net = rng.int(1000, 900_000);
  const gross = net + rng.int(0, Math.ceil(net / 20));
  const weight = (grams: number) => `${Math.floor(grams / 1000)}.${String(grams % 1000).padStart(3, '0')}`;
  return (
    `<transp><modFrete>${mode}</modFrete>${carrierXml(doc)}<vol><qVol>${rng.int(1, 40)}</qVol>` +
    `${el('esp', rng.pick(['CAIXA', 'VOLUME', 'PALETE'] as const))}<pesoL>${weight(net)}</pesoL><pesoB>${weight(gross)}</pesoB></vol></transp>`
  );
}

const PAYMENT_MEANS = weights([
  ['01', 25],
  ['15', 45],
  ['17', 30],
] as const);

/** cobr (only for bank slips, tPag 15) and pag. Returns and adjustments carry no payment (tPag 90). */
export function paymentXml(rng: Rng, doc: StoredNfe, lines: Lines): { cobr: string; pag: string } {
  if (doc.finNFe === '3' || doc.finNFe === '4') {
    return { cobr: '', pag: '<pag><detPag><tPag>90</tPag><vPag>0.00</vPag></detPag></pag>' };
  }
  const total = lines.totalCents;
  const means = rng.weighted(PAYMENT_MEANS);
  const pag = `<pag><detPag><indPag>${means === '15' ? 1 : 0}</indPag><tPag>${means}</tPag><vPag>${money(total)}</vPag></detPag></pag>`;
  if (means !== '15') return { cobr: '', pag };
  const count = total >= 300 ? rng.int(1, 3) : 1;
  const emitted = Date.parse(doc.emissionDate);
  let dups = '';
  let left = total;
  for (let k = 1; k <= count; k++) {
    const value = k === count ? left : Math.floor(total / count);
    left -= value;
    dups += `<dup><nDup>${String(k).padStart(3, '0')}</nDup><dVenc>${brtDate(emitted + 30 * k * DAY)}</dVenc><vDup>${money(value)}</vDup></dup>`;
  }
  const cobr =
    `<cobr><fat>${el('nFat', doc.number.padStart(6, '0'))}<vOrig>${money(total)}</vOrig><vDesc>0.00</vDesc>` +
    `<vLiq>${money(total)}</vLiq></fat>${dups}</cobr>`;
  return { cobr, pag };
}
