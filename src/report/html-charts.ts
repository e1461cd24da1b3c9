// The charts of the HTML report, drawn as inline SVG (no script, no network): columns over time
// for the monthly totals, horizontal bars for rankings and shares. Every mark carries a <title>,
// which browsers show on hover and screen readers read.
import { escapeHtml } from './html-text.js';

export interface Bar {
  label: string;
  /** Shown after the label: a CNPJ under a name... */
  detail?: string | undefined;
  value: number;
  /** The value as the page's locale writes it. */
  text: string;
  /** A second text shown at the bar's end (a share). */
  note?: string | undefined;
}

const PALETTE = [
  '#1f6f8b',
  '#2a9d8f',
  '#e9c46a',
  '#f4a261',
  '#e76f51',
  '#6d597a',
  '#457b9d',
  '#8ab17d',
  '#b56576',
  '#7f8c8d',
];

/** Columns over time: one per month, labelled under, the value on hover. */
export function columnChart(bars: readonly Bar[], title: string): string {
  if (bars.length === 0) return '';
  const width = 760;
  const height = 260;
  const top = 16;
  const bottom = 48;
  const left = 8;
  const plot = height - top - bottom;
  const max = Math.max(...bars.map((b) => b.value), 0);
  const slot = (width - left * 2) / bars.length;
  const barWidth = Math.max(2, Math.min(56, slot * 0.7));
  const marks = bars.map((b, i) => {
    const h = max > 0 ? Math.max(b.value > 0 ? 1 : 0, (b.value / max) * plot) : 0;
    const x = left + i * slot + (slot - barWidth) / 2;
    const y = top + plot - h;
    const label = bars.length > 16 && i % Math.ceil(bars.length / 16) !== 0 ? '' : escapeHtml(b.label);
    return (
      `<g><title>${escapeHtml(`${b.label}: ${b.text}`)}</title>` +
      `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}" rx="2" fill="${PALETTE[0]}"/>` +
      `<text x="${(x + barWidth / 2).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle" class="axis">${label}</text></g>`
    );
  });
  const maxLabel = bars.reduce((a, b) => (b.value > a.value ? b : a), bars[0]!).text;
  return (
    `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" xmlns="http://www.w3.org/2000/svg">` +
    `<line x1="${left}" y1="${top + plot}" x2="${width - left}" y2="${top + plot}" class="baseline"/>` +
    `<text x="${left}" y="${top - 4}" class="axis">${escapeHtml(maxLabel)}</text>` +
    `${marks.join('')}</svg>`
  );
}

/** Horizontal bars, largest first: a ranking (top suppliers) or shares (CFOP, UF). */
export function barChart(bars: readonly Bar[], title: string, narrow = false): string {
  if (bars.length === 0) return '';
  const width = narrow ? 480 : 760;
  // A ranking of parties writes each one's CNPJ under its name: a printed page has no tooltip,
  // and two companies may share a name.
  const detailed = !narrow && bars.some((b) => b.detail);
  const row = detailed ? 36 : 26;
  const labelWidth = narrow ? 130 : 300;
  const valueWidth = narrow ? 170 : 190;
  const height = bars.length * row + 8;
  const max = Math.max(...bars.map((b) => b.value), 0);
  const span = width - labelWidth - valueWidth;
  const marks = bars.map((b, i) => {
    const y = 4 + i * row;
    const w = max > 0 ? Math.max(b.value > 0 ? 1 : 0, (b.value / max) * span) : 0;
    const fits = narrow ? 18 : 40;
    const name = b.label.length > fits ? `${b.label.slice(0, fits - 1)}…` : b.label;
    const full = [b.label, b.detail, b.text, b.note].filter(Boolean).join(' · ');
    const middle = y + row / 2 + 4;
    const label =
      detailed && b.detail
        ? `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end" class="label">${escapeHtml(name)}</text>` +
          `<text x="${labelWidth - 8}" y="${y + 29}" text-anchor="end" class="label note">${escapeHtml(b.detail)}</text>`
        : `<text x="${labelWidth - 8}" y="${middle}" text-anchor="end" class="label">${escapeHtml(name)}</text>`;
    return (
      `<g><title>${escapeHtml(full)}</title>` +
      label +
      `<rect x="${labelWidth}" y="${y + 4}" width="${w.toFixed(1)}" height="${row - 8}" rx="2" fill="${PALETTE[i % PALETTE.length]}"/>` +
      `<text x="${(labelWidth + w + 6).toFixed(1)}" y="${middle}" class="value">${escapeHtml(b.text)}${b.note ? ` <tspan class="note">${escapeHtml(b.note)}</tspan>` : ''}</text></g>`
    );
  });
  return `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" xmlns="http://www.w3.org/2000/svg">${marks.join('')}</svg>`;
}
