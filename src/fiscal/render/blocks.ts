// Blocks every auxiliary document shares: a row of boxed fields, the access key (its CODE-128C
// barcode and the key in groups of four), an emitter's identification, and the stamps a page gets
// when the document has no fiscal value (tpAmb 2) or was canceled.
import type { NfeParty } from './nfe-data.js';
import { text, type Node } from '../readers/common.js';
import { formatCep, formatDateTime, formatDocNumber, formatKey, formatTaxId, joined } from './format.js';
import { find } from './xml-tree.js';
import { LABEL_SIZE, type FieldStyle, type Sheet } from './sheet.js';

/** One field of a row: its label, its value, its share of the row's width. */
export type Cell = [label: string, value: string | undefined, weight?: number, style?: FieldStyle];

const ROW = 19;

/** Boxed fields side by side across `w`, each as wide as its weight (default 1) says. */
export function row(s: Sheet, x: number, y: number, w: number, cells: readonly Cell[], h = ROW): number {
  // Cells read by index: a destructured cell is an iterator and its results, made for each of a
  // DANFe's 60 cells wherever V8 has not optimised this function (a render thread's first thousands).
  let total = 0;
  for (let i = 0; i < cells.length; i++) total += cells[i]![2] ?? 1;
  let left = x;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const cw = (w * (cell[2] ?? 1)) / total;
    s.field(left, y, cw, h, cell[0], cell[1], cell[3]);
    left += cw;
  }
  return y + h;
}

/** A block title above rows: returns where the rows start. */
export function titled(s: Sheet, label: string, x: number, y: number): number {
  s.title(label, x, y + 1.5);
  return y + 9;
}

/**
 * The barcode of the key (CODE-128, set C: 44 digits are 22 symbols) over `h1` points, then the key
 * in groups of four in a field labeled CHAVE DE ACESSO. Returns the bottom.
 */
export function keyBlock(s: Sheet, key: string, x: number, y: number, w: number, barHeight = 30): number {
  s.layout(() => s.box(x, y, w, barHeight + 6));
  s.barcode128(key, x + 10, y + 3, w - 20, barHeight);
  const top = y + barHeight + 6;
  // The value's size is the default 8; the style's keys in the order of the DANFe's others (sheet.ts, field).
  s.field(x, top, w, 18, 'Chave de acesso', formatKey(key), { align: 'center', bold: true });
  return top + 18;
}

/** The emitter's name, then its address lines, centred in a box. */
export function emitterBox(s: Sheet, p: NfeParty, x: number, y: number, w: number, h: number, label?: string): void {
  s.layout(() => {
    s.box(x, y, w, h);
    if (label) s.text(label.toUpperCase(), x + 1.5, y + 1.2, { size: LABEL_SIZE, bold: true });
  });
  let top = y + (label ? 8 : 2);
  for (const line of s.wrap(p.name ?? '', w - 8, 9.5, 2, true)) {
    s.textIn(line, x + 4, top, 9.5, true, w - 8, 'center');
    top += 11;
  }
  // No arrays filtered and joined (format.ts, joined): this runs once a note.
  const lines: (string | undefined)[] = [
    p.street,
    joined(p.district, formatCep(p.cep), ' - '),
    joined(p.city, p.uf, ' - '),
    p.phone ? `Fone: ${p.phone}` : undefined,
    p.taxId ? `${p.taxId.length === 11 ? 'CPF' : 'CNPJ'}: ${formatTaxId(p.taxId)}` : undefined,
  ];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    if (top + 8 > y + h) break;
    s.textIn(line, x + 4, top, 7, false, w - 8, 'center');
    top += 8.5;
  }
}

export interface Stamps {
  homologation: boolean;
  canceled: boolean;
}

/**
 * SEM VALOR FISCAL (tpAmb 2) and CANCELADA across the page, as the manual asks of such prints, and
 * the same words once more in a line of the top margin: a reader (or a search) gets them as words,
 * where the big slanted letters come out one by one.
 */
export function stampPage(s: Sheet, stamps: Stamps): void {
  // The line's style spelled out (textIn): no object spread into a new shape per stamp.
  const width = s.width - 16;
  if (stamps.homologation) {
    s.stamp('SEM VALOR FISCAL', '#777777', s.height * 0.42, Math.min(48, s.width / 10));
    s.textIn('SEM VALOR FISCAL - EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO', 8, 2.5, 6.5, true, width, undefined, '#555555');
  }
  if (stamps.canceled) {
    s.stamp('CANCELADA', '#cc0000', s.height * 0.6, Math.min(64, s.width / 7));
    s.textIn('CANCELADA', 8, 2.5, 6.5, true, width, 'right', '#cc0000');
  }
}

/** `CNPJ`/`CPF` by the length of the id, for a field's value. */
export function taxId(id: string | undefined): string | undefined {
  return id ? formatTaxId(id) : undefined;
}

/** Name and CNPJ/CPF, address and city, UF, CEP, state registration and phone: three rows. */
export function partyBlock(s: Sheet, label: string, p: NfeParty, x: number, y: number, w: number): number {
  y = titled(s, label, x, y);
  y = row(s, x, y, w, [
    ['Nome / Razão social', p.name, 3],
    ['CNPJ / CPF', taxId(p.taxId), 1.3],
  ]);
  y = row(s, x, y, w, [
    ['Endereço', [p.street, p.district].filter(Boolean).join(' - ') || undefined, 3],
    ['Município', p.city, 1.3],
  ]);
  return row(s, x, y, w, [
    ['UF', p.uf, 0.4],
    ['CEP', formatCep(p.cep), 0.8],
    ['Inscrição estadual', p.ie, 1.2],
    ['Fone', p.phone, 1],
  ]);
}

interface HeaderText {
  /** DACTE, DAMDFE...: at least 12 pt. */
  title: string;
  /** What the title stands for, in small capitals under it. */
  subtitle: string;
  /** A few short lines under the subtitle (modal, number, sheet). */
  lines: readonly string[];
}

/** Emitter, the document's title box, and the key's barcode and digits: the header of a DACTe or DAMDFe. */
export function documentHeader(
  s: Sheet,
  emitter: NfeParty,
  key: string,
  h: HeaderText,
  x: number,
  y: number,
  w: number,
): number {
  const height = 92;
  const left = w * 0.38;
  const mid = w * 0.2;
  emitterBox(s, emitter, x, y, left, height, 'Emitente');
  const bx = x + left;
  s.box(bx, y, mid, height);
  s.text(h.title, bx, y + 4, { size: 13, bold: true, width: mid, align: 'center' });
  let top = y + 20;
  for (const line of s.wrap(h.subtitle.toUpperCase(), mid - 6, 6, 4)) {
    s.text(line, bx + 3, top, { size: 6, width: mid - 6, align: 'center' });
    top += 7;
  }
  for (const line of h.lines) {
    s.text(line, bx + 3, top + 2, { size: 7.5, bold: true, width: mid - 6, align: 'center' });
    top += 9;
  }
  const kx = bx + mid;
  const kw = w - left - mid;
  const bottom = keyBlock(s, key, kx, y, kw, 34);
  s.box(kx, bottom, kw, y + height - bottom);
  s.wrap('Consulta de autenticidade no portal nacional ou no site da Sefaz Autorizadora', kw - 8, 7, 3).forEach(
    (l, i) => s.text(l, kx + 4, bottom + 4 + i * 8.5, { size: 7, width: kw - 8, align: 'center' }),
  );
  return y + height;
}

/** Text in a titled box, wrapped to its width, at most `maxLines`: returns the bottom. */
export function textBlock(
  s: Sheet,
  label: string,
  value: string | undefined,
  x: number,
  y: number,
  w: number,
  maxLines: number,
  size = 7,
): number {
  y = titled(s, label, x, y);
  const lines = value ? s.wrap(value, w - 6, size, maxLines) : [];
  const h = Math.max(1, lines.length) * (size + 1.5) + 5;
  s.box(x, y, w, h);
  lines.forEach((l, i) => s.text(l, x + 3, y + 3 + i * (size + 1.5), { size }));
  return y + h;
}

/** Access keys two to a row, in groups of four; at most `maxRows` rows (the last says how many more). */
export function keyList(
  s: Sheet,
  label: string,
  keys: readonly string[],
  x: number,
  y: number,
  w: number,
  maxRows: number,
): number {
  y = titled(s, `${label} (${keys.length})`, x, y);
  const rows = Math.ceil(keys.length / 2);
  const shown = rows > maxRows ? (maxRows - 1) * 2 : keys.length;
  const lines = Math.max(1, Math.ceil(shown / 2) + (shown < keys.length ? 1 : 0));
  s.box(x, y, w, lines * 9 + 4);
  for (let i = 0; i < shown; i++)
    s.text(formatKey(keys[i]!), x + 3 + (i % 2) * (w / 2), y + 3 + Math.floor(i / 2) * 9, { size: 7 });
  if (shown < keys.length)
    s.text(`... e mais ${keys.length - shown}`, x + 3, y + 3 + Math.ceil(shown / 2) * 9, { size: 7, bold: true });
  return y + lines * 9 + 4;
}

/** The model, series, number, sheet and emission cells a DACTe and a DAMDFe open with. */
export function identification(ide: Node, numberTag: string, emittedAt: string | undefined): Cell[] {
  return [
    ['Modelo', text(ide.mod), 0.6],
    ['Série', text(ide.serie), 0.6],
    ['Número', formatDocNumber(text(ide[numberTag]) ?? ''), 1.2],
    ['Folha', '1/1', 0.5],
    ['Data e hora de emissão', emittedAt && formatDateTime(emittedAt), 1.6],
  ];
}

/** `<nProt> <dd/mm/yyyy hh:mm:ss>` of the file's authorization protocol (infProt), or undefined. */
export function protocolText(tree: Node): string | undefined {
  const prot = find(tree, 'infProt');
  if (!prot) return undefined;
  const at = text(prot.dhRecbto);
  return `${text(prot.nProt) ?? ''}${at ? ` ${formatDateTime(at)}` : ''}`;
}
