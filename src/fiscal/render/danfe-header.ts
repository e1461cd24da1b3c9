// The DANFe's header, the same on every page: the emitter's identification, the DANFE box (title,
// entry or exit, number, series, sheet n/N), the key's barcode and the key in groups of four, then
// the nature of the operation, the authorization protocol and the emitter's registrations.
import { emitterBox, keyBlock, row, taxId } from './blocks.js';
import { formatDateTime, formatDocNumber } from './format.js';
import type { NfeData } from './nfe-data.js';
import type { Sheet } from './sheet.js';

const TOP = 96;
export const HEADER_HEIGHT = TOP + 2 * 19;

export function danfeHeader(
  s: Sheet,
  d: NfeData,
  x: number,
  y: number,
  w: number,
  sheet: { page: number; pages: number },
): number {
  const left = w * 0.4;
  const mid = 100;
  const right = w - left - mid;
  emitterBox(s, d.emitter, x, y, left, TOP, 'Identificação do emitente');

  const bx = x + left;
  s.layout(() => {
    s.box(bx, y, mid, TOP);
    s.text('DANFE', bx, y + 4, { size: 14, bold: true, width: mid, align: 'center' });
    s.text('DOCUMENTO AUXILIAR DA', bx, y + 20, { size: 6.5, width: mid, align: 'center' });
    s.text('NOTA FISCAL ELETRÔNICA', bx, y + 27, { size: 6.5, width: mid, align: 'center' });
    s.text('0 - ENTRADA', bx + 8, y + 39, { size: 7 });
    s.text('1 - SAÍDA', bx + 8, y + 47, { size: 7 });
    s.box(bx + mid - 26, y + 39, 14, 14);
  });
  // Styles spelled out (textIn): text()'s reads of a dozen shapes of style objects are generic in V8.
  s.textIn(d.direction ?? '', bx + mid - 26, y + 41.5, 10, true, 14, 'center');
  s.textIn(`Nº ${formatDocNumber(d.number)}`, bx, y + 59, 9, true, mid, 'center');
  s.textIn(`SÉRIE ${d.series.padStart(3, '0')}`, bx, y + 70, 8, true, mid, 'center');
  s.textIn(`FOLHA ${sheet.page}/${sheet.pages}`, bx, y + 81, 8, false, mid, 'center');

  const kx = bx + mid;
  const bottom = keyBlock(s, d.key, kx, y, right, 34);
  s.layout(() => {
    s.box(kx, bottom, right, y + TOP - bottom);
    const consult =
      'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora';
    s.wrap(consult, right - 8, 7, 3).forEach((l, i) =>
      s.text(l, kx + 4, bottom + 4 + i * 8.5, { size: 7, width: right - 8, align: 'center' }),
    );
  });

  const p = d.protocol;
  const protocol = p?.number ? `${p.number}${p.at ? ` - ${formatDateTime(p.at)}` : ''}` : undefined;
  let yy = row(s, x, y + TOP, w, [
    ['Natureza da operação', d.nature, left + mid],
    ['Protocolo de autorização de uso', protocol, right, { align: 'center', bold: true }],
  ]);
  yy = row(s, x, yy, w, [
    ['Inscrição estadual', d.emitter.ie],
    ['Inscrição estadual do subst. trib.', d.emitter.iest],
    ['CNPJ / CPF', taxId(d.emitter.taxId)],
  ]);
  return yy;
}
