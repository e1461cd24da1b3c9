// The DANFe's DADOS DO PRODUTO / SERVIÇO table: its columns (the description takes what the
// others leave, so a landscape page gives it the extra width), each item's height (its description
// and infAdProd wrapped), and the items that fit between two heights of a page.
import { formatDecimal, formatMoney } from './format.js';
import type { NfeItem } from './nfe-data.js';
import { LABEL_SIZE, type Sheet } from './sheet.js';

const SIZE = 6;
const LINE = 7;
const HEADER = 14;
const MAX_DESCRIPTION_LINES = 6;

/** Every column has every key: one shape for V8, whose look-ups of a column's fields stay monomorphic. */
interface Column {
  label: string;
  width: number;
  value: (item: NfeItem) => string | undefined;
  align: 'left' | 'right' | 'center';
}

const m = (v: string | undefined) => (v === undefined ? undefined : formatMoney(v));
const q = (v: string | undefined) => (v === undefined ? undefined : formatDecimal(v));

const COLUMNS: readonly Column[] = [
  { label: 'CÓDIGO', width: 46, value: (i) => i.code, align: 'left' },
  { label: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', width: 0, value: (i) => i.description, align: 'left' },
  { label: 'NCM/SH', width: 32, value: (i) => i.ncm, align: 'center' },
  { label: 'CST', width: 18, value: (i) => i.cst, align: 'center' },
  { label: 'CFOP', width: 19, value: (i) => i.cfop, align: 'center' },
  { label: 'UN', width: 18, value: (i) => i.unit, align: 'center' },
  { label: 'QUANT.', width: 34, value: (i) => q(i.quantity), align: 'right' },
  { label: 'VALOR UNIT.', width: 38, value: (i) => m(i.unitValue), align: 'right' },
  { label: 'VALOR TOTAL', width: 40, value: (i) => m(i.total), align: 'right' },
  { label: 'BC ICMS', width: 36, value: (i) => m(i.icmsBase), align: 'right' },
  { label: 'VALOR ICMS', width: 32, value: (i) => m(i.icms), align: 'right' },
  { label: 'VALOR IPI', width: 30, value: (i) => m(i.ipi), align: 'right' },
  { label: 'ALÍQ. ICMS', width: 22, value: (i) => q(i.icmsRate), align: 'right' },
  { label: 'ALÍQ. IPI', width: 20, value: (i) => q(i.ipiRate), align: 'right' },
];

const FIXED_WIDTH = COLUMNS.reduce((a, c) => a + c.width, 0);

type PlacedColumn = Column & { x: number; w: number };

/** The columns placed across a table, by its left and width: the same few tables on every DANFe. */
const placed = new Map<string, readonly PlacedColumn[]>();

function placedColumns(x: number, width: number): readonly PlacedColumn[] {
  const key = `${x} ${width}`;
  let columns = placed.get(key);
  if (!columns) {
    let left = x;
    columns = COLUMNS.map((c) => {
      const w = c.width || width - FIXED_WIDTH;
      const col = { ...c, x: left, w };
      left += w;
      return col;
    });
    if (placed.size < 16) placed.set(key, columns);
  }
  return columns;
}

export class ItemTable {
  private readonly columns: readonly PlacedColumn[];
  private readonly descriptionWidth: number;

  constructor(
    private readonly s: Sheet,
    private readonly x: number,
    readonly width: number,
  ) {
    this.columns = placedColumns(x, width);
    this.descriptionWidth = width - FIXED_WIDTH - 3;
  }

  /** Lines of each item, wrapped once: the pages are planned with them, then drawn. */
  private readonly wrapped = new WeakMap<NfeItem, string[]>();

  /** The lines an item's description takes: xProd, then infAdProd. */
  lines(item: NfeItem): string[] {
    let lines = this.wrapped.get(item);
    if (lines) return lines;
    lines = this.s.wrap(item.description, this.descriptionWidth, SIZE, MAX_DESCRIPTION_LINES);
    if (item.extra) lines.push(...this.s.wrap(item.extra, this.descriptionWidth, SIZE, 3));
    if (!lines.length) lines.push('');
    this.wrapped.set(item, lines);
    return lines;
  }

  heightOf(item: NfeItem): number {
    return this.lines(item).length * LINE + 2;
  }

  /** The header row at `y`; returns the top of the first item. */
  header(y: number): number {
    this.s.layout(() => {
      for (const c of this.columns) {
        this.s.box(c.x, y, c.w, HEADER);
        const lines = this.s.wrap(c.label, c.w - 2, LABEL_SIZE, 2, true);
        lines.forEach((l, i) =>
          this.s.text(l, c.x + 1, y + 2 + i * 6, { size: LABEL_SIZE, bold: true, width: c.w - 2, align: 'center' }),
        );
      }
    });
    return y + HEADER;
  }

  /** Draws `item` with its top at `y`; returns the top of the next. */
  item(item: NfeItem, y: number): number {
    const lines = this.lines(item);
    // Drawn with the style spelled out (most of a DANFe's lines are its items'): the styles'
    // objects of a dozen shapes made text()'s look-ups of their fields generic in V8.
    for (const c of this.columns) {
      if (c.width === 0) {
        for (let i = 0; i < lines.length; i++)
          this.s.textIn(lines[i]!, c.x + 1.5, y + 1 + i * LINE, SIZE, false, undefined, undefined);
        continue;
      }
      const v = c.value(item);
      if (v) this.s.textIn(v, c.x + 1, y + 1, SIZE, false, c.w - 2, c.align);
    }
    const bottom = y + lines.length * LINE + 2;
    this.s.line(this.x, bottom, this.x + this.width, bottom);
    return bottom;
  }

  /** The column rules from the header's bottom to `bottom`, and the table's frame. */
  frame(top: number, bottom: number): void {
    this.s.layout(() => {
      for (const c of this.columns) this.s.box(c.x, top, c.w, bottom - top);
    });
  }
}
