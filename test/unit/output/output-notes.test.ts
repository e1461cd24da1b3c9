// Notes on stderr (ctx.log.info and warn) on a terminal: a line wider than the terminal broken at
// spaces, not by the terminal inside a word (the report's note of what it read, at 80 columns,
// ended "0 files re" / "ad"); piped, or on a terminal of no width, written as they are.
import { describe, expect, it } from 'vitest';
import { wrapWords } from '../../../src/output/terminal.js';
import { createTestContext } from '../../helpers/context.js';

const NOTE = '1,107 documents, 117 canceled (not in the sums); 1,107 from catalogs, 0 files read';

function terminal(columns: number, stderrIsTTY = true) {
  const t = createTestContext({ stderrIsTTY });
  Object.assign(t.ctx.io.stderr, { columns });
  return t;
}

describe('notes on a terminal', () => {
  it('are broken at spaces to the width, every word whole and in order', () => {
    const t = terminal(40);
    t.ctx.log.info(NOTE);
    const lines = t.stderr().trimEnd().split('\n');
    expect(lines.length).toBe(3);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
    expect(lines.join(' ')).toBe(NOTE);
    expect(lines).toEqual(['1,107 documents, 117 canceled (not in', 'the sums); 1,107 from catalogs, 0 files', 'read']);
  });

  it('warnings too, with their prefix counted', () => {
    const t = terminal(32);
    t.ctx.log.warn('the catalog was rebuilt from the index');
    expect(t.stderr()).toBe('warning: the catalog was rebuilt\nfrom the index\n');
  });

  it('lines that fit, and the lines of a note apart, are left as they are', () => {
    const t = terminal(80);
    t.ctx.log.info(`short\n${NOTE}`);
    expect(t.stderr()).toBe(`short\n${NOTE.replace(' read', '\nread')}\n`);
  });

  it('piped, or on a terminal that reports no width, are written whole', () => {
    const piped = terminal(40, false);
    piped.ctx.log.info(NOTE);
    expect(piped.stderr()).toBe(`${NOTE}\n`);
    const none = terminal(0);
    none.ctx.log.info(NOTE);
    expect(none.stderr()).toBe(`${NOTE}\n`);
  });

  it('a word wider than the terminal is a line of its own', () => {
    expect(wrapWords('see https://example.invalid/a/very/long/path here', 12)).toEqual([
      'see',
      'https://example.invalid/a/very/long/path',
      'here',
    ]);
  });
});
