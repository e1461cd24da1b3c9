import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  eventFileName,
  fileKey,
  parseEventFileName,
  parseLayout,
  UnsafeValueError,
  type LayoutValues,
} from '../../../src/sync/layout.js';
import { UsageError } from '../../../src/errors.js';

const KEY = '35260112345678000195550010000012341000012343';
const values: LayoutValues = {
  owner: '11222333000181',
  type: 'nfe',
  role: 'received',
  yyyy: '2026',
  mm: '01',
  dd: '31',
  key: KEY,
  number: '1234',
  emitter: '12345678000195',
};

describe('pull layout', () => {
  it('fills the default template under the pull directory', () => {
    const layout = parseLayout(DEFAULT_LAYOUT, '/data/docs');
    expect(layout.relativePathFor(values)).toBe(`11222333000181/nfe/received/2026-01/${KEY}.xml`);
    expect(layout.pathFor(values)).toBe(`/data/docs/11222333000181/nfe/received/2026-01/${KEY}.xml`);
  });

  it('takes every placeholder in a custom template', () => {
    const layout = parseLayout('{emitter}/{yyyy}/{mm}/{dd}/{number}-{key}.{type}.{role}.xml', 'd');
    expect(layout.relativePathFor(values)).toBe(`12345678000195/2026/01/31/1234-${KEY}.nfe.received.xml`);
  });

  it('puts two notes of one number (other emitters) in two files: the path names the key', () => {
    const layout = parseLayout('{owner}/{number}-{key}.xml', 'd');
    const other = `${KEY.slice(0, 6)}18657677000162${KEY.slice(20, 43)}6`;
    expect(layout.relativePathFor({ ...values, key: other })).not.toBe(layout.relativePathFor(values));
  });

  it('R10: an NFS-e id becomes a file-safe key (`:` to `_`), and is checked like an access key', () => {
    const layout = parseLayout('{owner}/{type}/{key}.xml', 'd');
    const key = fileKey('12345678000195:2026-01-31:987');
    expect(layout.relativePathFor({ ...values, type: 'nfse', key })).toBe(
      '11222333000181/nfse/12345678000195_2026-01-31_987.xml',
    );
  });

  it.each([
    ['owner', '../../etc'],
    ['owner', '1122233300018/'],
    ['key', `${KEY.slice(0, 43)}/`],
    ['key', '..'],
    ['key', '12345678000195_2026-01-31_../1'],
    ['key', '12345678000195:2026-01-31:1'],
    ['mm', '13'],
    ['dd', '00'],
    ['yyyy', '../x'],
    ['number', '12/34'],
    ['emitter', ''],
    ['role', '../../received'],
  ] as const)('refuses %s %j from the server: nothing may leave --dir', (name, bad) => {
    const layout = parseLayout('{owner}/{type}/{role}/{yyyy}/{mm}/{dd}/{emitter}/{number}/{key}.xml', '/data/docs');
    expect(() => layout.relativePathFor({ ...values, [name]: bad })).toThrow(UnsafeValueError);
  });

  it.each([
    ['/abs/{key}.xml', /relative/],
    ['../../{key}.xml', /\. or \.\./],
    ['{owner}/../{key}.xml', /\. or \.\./],
    ['{owner}//{key}.xml', /empty path segment/],
    ['{owner}/{nope}.xml', /unknown placeholder \{nope\}/],
    ['{owner}/{key.xml', /unbalanced/],
    ['{owner}/{type}.xml', /must contain \{key\}/],
    // A number is unique only per emitter, series and model: two notes would share the file.
    ['{owner}/{number}.xml', /must contain \{key\}: a number is unique only per emitter, series and model/],
    ['{emitter}/{type}/{number}.xml', /must contain \{key\}/],
    ['.fiscal/{key}.xml', /\.fiscal/],
    ['', /empty/],
  ])('rejects the template %j (exit 2)', (template, message) => {
    expect(() => parseLayout(template, 'd')).toThrow(UsageError);
    expect(() => parseLayout(template, 'd')).toThrow(message);
  });
});

describe('event file names', () => {
  it('are written and read by one pair: the key as in file names, the type, the seq', () => {
    const name = eventFileName('12345678000195:11222333000181:2026-05-01:42', '101101', 2);
    expect(name).toBe('12345678000195_11222333000181_2026-05-01_42-101101-2.xml');
    expect(parseEventFileName(name)).toEqual({
      fileKey: '12345678000195_11222333000181_2026-05-01_42',
      type: '101101',
      seq: 2,
    });
    expect(parseEventFileName('35260112345678000195550010000012341000012343.xml')).toBeUndefined();
  });
});
