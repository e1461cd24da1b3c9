// The page's text as bytes and its lines broken at spaces: content.ts writes a line's coordinates
// as digits, which must be the very characters num() prints, and wrap() finds its words by hand,
// which must be the words split(/\s+/) finds.
import { describe, expect, it } from 'vitest';
import { ContentStream } from '../../../src/fiscal/render/content.js';
import { standardFont } from '../../../src/fiscal/render/fonts.js';
import { num } from '../../../src/fiscal/render/pdf-ops.js';
import { fit, measure, wrap } from '../../../src/fiscal/render/text-fit.js';

/** wrap() as it was written with split(/\s+/): the reference its words and lines must match. */
function wrapBySplit(value: string, width: number, size: number, max = Infinity, bold = false): string[] {
  const lines: string[] = [];
  const over: boolean[] = [];
  let line = '';
  let used = 0;
  const space = measure(' ', size, bold);
  for (const word of value.split(/\s+/)) {
    if (!word) continue;
    const w = measure(word, size, bold);
    if (line && used + space + w > width) {
      lines.push(line);
      over.push(used > width);
      line = word;
      used = w;
    } else {
      used = line ? used + space + w : w;
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) {
    lines.push(line);
    over.push(used > width);
  }
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = fit(`${kept[max - 1]} ${lines.slice(max).join(' ')}`, width - 1, size, bold);
    return kept;
  }
  return lines.map((l, i) => (over[i] ? fit(l, width, size, bold) : l));
}

describe('ContentStream', () => {
  it('writes a line of text with the coordinates num() prints, the font only when it changes', () => {
    const coordinates = [
      0,
      1,
      -1,
      0.0004,
      -0.0004,
      -0.0005,
      0.0005,
      -0.001,
      -0.0014,
      0.0015,
      9.9995,
      12.3456,
      -12.3456,
      841.89,
      595.28,
      1e6 + 0.25,
    ];
    for (let i = 0; i < 2000; i++) coordinates.push((i - 1000) * 0.4173, i / 7, -i / 9);
    // A string to escape is encoded in its font's codes: the font read first, as a sheet reads it.
    standardFont('Times-Bold');
    const stream = new ContentStream();
    let expected = 'BT\n/F1 8 Tf\n';
    for (const [i, x] of coordinates.entries()) {
      const y = coordinates[(i * 7) % coordinates.length]!;
      stream.text('/F1 8', x, y, `v${i}`, 'Times-Roman');
      expected += `1 0 0 -1 ${num(x)} ${num(y)} Tm (v${i}) Tj\n`;
    }
    stream.text('/F2 6', 1.5, 2, 'a (b) \\ c', 'Times-Bold', '1 0 0');
    expected += '/F2 6 Tf\n1 0 0 rg\n1 0 0 -1 1.5 2 Tm (a \\(b\\) \\\\ c) Tj\n0 g\n';
    stream.push('0 0 10 10 re S');
    expected += 'ET\n0 0 10 10 re S\n';
    expect(Buffer.from(stream.take()).toString('latin1')).toBe(expected);
    // Taken, it starts again: empty, and the font set again.
    expect(stream.empty).toBe(true);
    stream.text('/F2 6', 1, 2, 'x', 'Times-Bold');
    expect(Buffer.from(stream.take()).toString('latin1')).toBe('BT\n/F2 6 Tf\n1 0 0 -1 1 2 Tm (x) Tj\nET\n');
  });
});

describe('wrap', () => {
  it('breaks at the characters \\s matches and at no other, as split(/\\s+/) did', () => {
    const pieces = ['a', 'Bç', 'Ãõ', ' ', '  ', '\t', '\n', '\r\n', '\v', '\f', '\u00a0', '\u2003', '\u3000', '\ufeff'];
    pieces.push('\u2028', '\u202f', '\u1680', '\u0085', '\u200b', '\u180e', 'WWW', '1.234,56', '—', '€', '😀', '(x)');
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let t = 0; t < 3000; t++) {
      let value = '';
      for (let i = Math.floor(next() * 40); i > 0; i--) value += pieces[Math.floor(next() * pieces.length)];
      const width = 5 + next() * 120;
      const size = [5.5, 6, 7, 9.5][t % 4]!;
      const max = t % 3 ? Infinity : 1 + (t % 4);
      expect(wrap(value, width, size, max, t % 2 === 0), JSON.stringify(value)).toEqual(
        wrapBySplit(value, width, size, max, t % 2 === 0),
      );
    }
  });
});
