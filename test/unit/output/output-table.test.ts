import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { displayWidth, fitColumns, fitWidths, tableCell } from '../../../src/output/table.js';
import { createRecordWriter, terminalWidth, type Column } from '../../../src/output/writer.js';
import { createTestContext, type TestContextOptions } from '../../helpers/context.js';

interface Doc {
  key: string;
  name: string;
  total: number;
  ok?: boolean;
}

const KEY = '35260612345678000195550010000012341000012345';
const COLUMNS: Column<Doc>[] = [
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'NAME', get: (r) => r.name },
  { header: 'TOTAL', get: (r) => r.total },
  { header: 'OK', get: (r) => r.ok },
];

function table(records: Doc[], o: TestContextOptions = {}) {
  const t = createTestContext({ stdoutIsTTY: true, ...o });
  const writer = createRecordWriter(t.ctx, { columns: COLUMNS });
  for (const r of records) writer.write(r);
  expect(t.stdout()).toBe(''); // buffered until end()
  writer.end();
  return t;
}

describe('table', () => {
  it('is the default on a terminal: aligned columns under a header row', () => {
    const t = table([
      { key: 'k1', name: 'São Paulo', total: 10, ok: true },
      { key: 'k22', name: 'Rio', total: 1500.5 },
    ]);
    expect(t.stdout()).toBe(
      ['KEY  NAME       TOTAL   OK', 'k1   São Paulo  10      yes', 'k22  Rio        1500.5', ''].join('\n'),
    );
  });

  it('says "No results." on stderr and prints nothing when empty', () => {
    const t = table([]);
    expect(t.stdout()).toBe('');
    expect(t.stderr()).toBe('No results.\n');
  });

  it('a listing that failed says nothing about being empty, but still shows the rows it had', () => {
    const empty = createTestContext({ stdoutIsTTY: true });
    const failed = createRecordWriter(empty.ctx, { columns: COLUMNS });
    failed.fail();
    failed.end();
    expect(empty.stdout() + empty.stderr()).toBe('');
    const some = createTestContext({ stdoutIsTTY: true });
    const partial = createRecordWriter(some.ctx, { columns: COLUMNS });
    partial.write({ key: 'k1', name: 'Rio', total: 1 });
    partial.fail();
    expect(some.stdout()).toContain('k1');
    expect(some.stderr()).toBe('');
  });

  it('shortens long cells with an ellipsis to fit COLUMNS, keeping truncate:false columns whole', () => {
    const long = 'Comércio de Alimentos Bom Preço Limitada '.repeat(3);
    const t = table([{ key: KEY, name: long, total: 1 }], { env: { COLUMNS: '80' } });
    const lines = t.stdout().trimEnd().split('\n');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(lines[1]).toContain(KEY);
    expect(lines[1]).toContain('…');
    expect(lines[1]).toMatch(/^\S+ {2}Comércio de Alimentos/);
  });

  it('fits 80 columns on a terminal that does not say its width, when COLUMNS is unset or nonsense', () => {
    expect(terminalWidth({})).toBe(100);
    expect(terminalWidth({ COLUMNS: 'wide' })).toBe(100);
    expect(terminalWidth({ COLUMNS: '132' })).toBe(132);
    const t = table([{ key: 'k', name: 'x'.repeat(300), total: 1 }]);
    const [header, row] = t.stdout().split('\n');
    expect(displayWidth(header!)).toBe(80); // the last header ends at the edge
    expect(row).toMatch(/^k {4}x+… {2}1$/);
  });

  it('uses the width the terminal on stdout reports, before COLUMNS; 80 on a terminal that says nothing', () => {
    const tty = (columns?: number) => Object.assign(new PassThrough(), columns === undefined ? {} : { columns });
    expect(terminalWidth({}, { stdout: tty(132), stdoutIsTTY: true })).toBe(132);
    expect(terminalWidth({ COLUMNS: '90' }, { stdout: tty(160), stdoutIsTTY: true })).toBe(160);
    expect(terminalWidth({ COLUMNS: '90' }, { stdout: tty(0), stdoutIsTTY: true })).toBe(90);
    expect(terminalWidth({}, { stdout: tty(0), stdoutIsTTY: true })).toBe(80);
    expect(terminalWidth({}, { stdout: tty(), stdoutIsTTY: true })).toBe(80);
    // Not a terminal (-o table into a file): its columns, if any, say nothing.
    expect(terminalWidth({}, { stdout: tty(40), stdoutIsTTY: false })).toBe(100);
  });

  it('fits the terminal stdout is, without COLUMNS', () => {
    const t = createTestContext({ stdoutIsTTY: true });
    Object.assign(t.ctx.io.stdout, { columns: 72 });
    const writer = createRecordWriter(t.ctx, { columns: COLUMNS });
    writer.write({ key: KEY, name: 'Comércio de Alimentos Bom Preço Limitada', total: 1234.56 });
    writer.end();
    const lines = t.stdout().trimEnd().split('\n');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(72);
    expect(lines[1]).toContain(KEY);
    expect(lines[1]).toContain('1234.56');
    expect(lines[0]).not.toContain('OK'); // left out: the amount had to stay whole
  });

  it('keeps each record on one line and drops control characters from cells', () => {
    const t = table([{ key: 'k', name: 'two\nlines\u001b[31mred', total: 1 }]);
    expect(t.stdout().split('\n')[1]).toBe('k    two lines [31mred  1');
    expect(t.stdout()).not.toContain('\u001b');
    expect(tableCell(null)).toBe('');
    expect(tableCell(false)).toBe('no');
  });

  it('makes headers bold only when colors are on and stdout is a terminal', () => {
    const rec = [{ key: 'k', name: 'n', total: 1 }];
    expect(table(rec, { globals: { color: true } }).stdout()).toContain('\u001b[1m');
    expect(table(rec, { globals: { color: false } }).stdout()).not.toContain('\u001b[');
    expect(table(rec, { stdoutIsTTY: false, globals: { color: true, output: 'table' } }).stdout()).not.toContain(
      '\u001b[',
    );
  });
});

describe('fitWidths', () => {
  const cols = (n: number): Column<unknown>[] =>
    Array.from({ length: n }, (_, i) => ({ header: `C${i}`, get: () => '' }));

  it('leaves a table that fits alone', () => {
    expect(fitWidths(cols(2), ['C0', 'C1'], [['abc', 'de']], 80)).toEqual([3, 2]);
  });

  it('shortens the widest column first', () => {
    // 30 + 2 + 10 = 42 > 30: only the 30-wide column gives.
    expect(fitWidths(cols(2), ['C0', 'C1'], [['x'.repeat(30), 'y'.repeat(10)]], 30)).toEqual([18, 10]);
  });

  it('honours a column max width', () => {
    const c: Column<unknown>[] = [{ header: 'A', get: () => '', width: 5 }];
    expect(fitWidths(c, ['A'], [['x'.repeat(20)]], 80)).toEqual([5]);
  });

  it('never shortens a column of numbers, dates or identifiers, even one not marked so', () => {
    const c = cols(2);
    const rows = [
      ['Comércio de Alimentos Bom Preço', '2026-06-15 10:00:00-03:00'],
      ['Padaria', '1.234.567,89'],
    ];
    expect(fitWidths(c, ['C0', 'C1'], rows, 45)).toEqual([21, 22]); // fitWidths alone cuts both...
    const { keep, widths } = fitColumns(c, ['C0', 'C1'], rows, 45);
    expect(keep).toEqual([0, 1]);
    expect(widths).toEqual([18, 25]); // ...fitColumns only the text.
  });

  it('leaves out the columns of lowest priority (rightmost first) when shortening is not enough', () => {
    const c: Column<unknown>[] = [
      { header: 'KEY', get: () => '', truncate: false, priority: 3 },
      { header: 'NAME', get: () => '' },
      { header: 'VALUE', get: () => '', priority: 2 },
      { header: 'ROLE', get: () => '', priority: -1 },
      { header: 'NOTE', get: () => '' },
    ];
    const row = ['k'.repeat(44), 'n'.repeat(30), '1500.00', 'received', 'x'.repeat(20)];
    const headers = c.map((x) => x.header);
    // Text readable (16), the rest whole: 44 + 16 + 7 + 8 + 16 + 4 gaps of 2 = 99.
    expect(fitColumns(c, headers, [row], 99).keep).toEqual([0, 1, 2, 3, 4]);
    expect(fitColumns(c, headers, [row], 98).keep).toEqual([0, 1, 2, 4]); // ROLE first
    expect(fitColumns(c, headers, [row], 88).keep).toEqual([0, 1, 2]); // then NOTE (rightmost of 0)
    expect(fitColumns(c, headers, [row], 70).keep).toEqual([0, 2]);
    expect(fitColumns(c, headers, [row], 52).keep).toEqual([0]);
    const { keep, widths } = fitColumns(c, headers, [row], 30);
    expect(keep).toEqual([0]); // one column stays, whole, even wider than the line
    expect(widths).toEqual([44]);
  });

  it('says after the table (on stderr) how many columns it left out, naming those that fit the line', () => {
    const c: Column<Doc>[] = [
      ...COLUMNS,
      ...['ICMS', 'ICMS-ST', 'IPI', 'PIS', 'COFINS'].map((header) => ({ header, get: () => 'x'.repeat(30) })),
    ];
    const render = (columns: string) => {
      const t = createTestContext({ stdoutIsTTY: true, env: { COLUMNS: columns } });
      const writer = createRecordWriter(t.ctx, { columns: c });
      writer.write({ key: KEY, name: 'Vieira Indústria Têxtil Ltda', total: 10 });
      writer.end();
      return { table: t.stdout().trimEnd().split('\n'), note: t.stderr().trimEnd() };
    };
    const narrow = render('80');
    // What is shown plus what the note counts is every column, and the note fits the line too;
    // the table itself (stdout) has only its rows.
    const shown = narrow.table[0]!.split(/\s{2,}/).length;
    expect(narrow.table).toHaveLength(2);
    expect(narrow.note).toMatch(new RegExp(`^\\+${c.length - shown} columns not shown`));
    expect(displayWidth(narrow.note)).toBeLessThanOrEqual(80);
    const wide = render('140').note;
    expect(wide).toMatch(/^\+\d+ columns? not shown \(.*\): widen the terminal, or -o csv$/);
    expect(displayWidth(wide)).toBeLessThanOrEqual(140);
    // Wide enough for all: no note.
    expect(render('400').note).toBe('');
  });

  it('counts wide characters twice and combining marks not at all', () => {
    expect(displayWidth('漢字')).toBe(4);
    expect(displayWidth('São')).toBe(3);
    expect(displayWidth('Sa\u0303o')).toBe(3);
  });
});
