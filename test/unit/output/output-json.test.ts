import { describe, expect, it } from 'vitest';
import { createRecordWriter, type Column } from '../../../src/output/writer.js';
import { createTestContext } from '../../helpers/context.js';

const COLUMNS: Column<Record<string, unknown>>[] = [{ header: 'NAME', get: (r) => String(r.name) }];

const RECORDS = [
  { name: 'São Paulo', tags: ['a,b', 'say "oi"'], nested: { uf: 'SP' } },
  { name: 'line1\nline2', value: 1.5, none: null },
];

function setup(output: 'json' | 'ndjson') {
  const t = createTestContext({ globals: { output } });
  return { t, writer: createRecordWriter(t.ctx, { columns: COLUMNS }) };
}

describe('json', () => {
  it('writes the whole records as a valid, 2-space indented array', () => {
    const { t, writer } = setup('json');
    for (const r of RECORDS) writer.write(r);
    writer.end();
    expect(JSON.parse(t.stdout())).toEqual(RECORDS);
    expect(t.stdout().startsWith('[\n  {\n    "name": "São Paulo",\n    "tags": [\n')).toBe(true);
    expect(t.stdout().endsWith('\n]\n')).toBe(true);
  });

  it('writes [] when there are no records, and nothing on stderr', () => {
    const { t, writer } = setup('json');
    writer.end();
    expect(t.stdout()).toBe('[]\n');
    expect(JSON.parse(t.stdout())).toEqual([]);
    expect(t.stderr()).toBe('');
  });

  it('streams: the first record is out before end()', () => {
    const { t, writer } = setup('json');
    writer.write(RECORDS[0]!);
    expect(t.stdout()).toContain('"São Paulo"');
    writer.end();
    writer.end(); // a second end() adds nothing
    expect(JSON.parse(t.stdout())).toEqual([RECORDS[0]]);
  });
});

describe('ndjson', () => {
  it('writes one compact object per line, line breaks inside values escaped', () => {
    const { t, writer } = setup('ndjson');
    for (const r of RECORDS) writer.write(r);
    writer.end();
    const lines = t.stdout().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toBe('{"name":"line1\\nline2","value":1.5,"none":null}');
    expect(lines.slice(0, 2).map((l) => JSON.parse(l) as unknown)).toEqual(RECORDS);
  });

  it('streams each record as it is written, and writes nothing when empty', () => {
    const { t, writer } = setup('ndjson');
    writer.write({ n: 1 });
    expect(t.stdout()).toBe('{"n":1}\n');
    writer.write({ n: 2 });
    expect(t.stdout()).toBe('{"n":1}\n{"n":2}\n');
    writer.end();
    expect(writer.count).toBe(2);
    const empty = setup('ndjson');
    empty.writer.end();
    expect(empty.t.stdout()).toBe('');
  });

  it('is the default when stdout is piped', () => {
    const t = createTestContext({ stdoutIsTTY: false });
    const writer = createRecordWriter(t.ctx, { columns: COLUMNS });
    writer.write({ name: 'x' });
    writer.end();
    expect(t.stdout()).toBe('{"name":"x"}\n');
  });

  it('refuses writes after end()', () => {
    const { writer } = setup('ndjson');
    writer.end();
    expect(() => writer.write({})).toThrow(/after end/);
  });
});
