// The reply writer copies base64 into the payload as it is and writes everything else itself: its
// bytes must be those of Buffer.from(JSON.stringify(body)) for any body a route returns (R4, R6).
import { describe, expect, it } from 'vitest';
import { Base64Text, jsonPayload } from '../../../src/emulator/json-payload.js';

const b64 = (text: string) => Base64Text.of(Buffer.from(text, 'utf8'));
const expected = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8');

describe('jsonPayload', () => {
  const bodies: Record<string, unknown> = {
    'a page of base64 items beside text to escape': {
      status: { code: 200, message: 'OK' },
      data: [
        { access_key: '3526', xml: b64('<NFe>Ação & "aspas" \\ /</NFe>'), tags: [] },
        { access_key: 'é\u2028\u0000\t\n"', xml: b64(''), events: [{ type: '110111', xml: b64('<e/>') }] },
      ],
      page: { next: 'http://h/v1/nfe/received?cursor=2&x=a/b', previous: null },
      count: 2,
    },
    'unicode: accents, emoji, a lone surrogate': { name: 'São Paulo — 😀', bad: '\ud800x', key: { 'ção/"': 1 } },
    'empty containers and nesting': { a: [], b: {}, c: [[], [{}], { d: [] }], e: '' },
    'members JSON leaves out, and null in arrays': {
      u: undefined,
      f: () => 1,
      s: Symbol('x'),
      arr: [undefined, () => 1, Symbol('y'), 1],
      last: undefined,
    },
    'numbers JSON cannot hold, and boxed values': {
      n: [NaN, Infinity, -0, 1e21, 0.1, -5],
      boxed: [new Number(3), new String('s'), new Boolean(false)],
    },
    'toJSON and dates': { when: new Date(Date.UTC(2026, 0, 2)), custom: { toJSON: (key: string) => `key ${key}` } },
    'integer-like keys in the order JSON.stringify writes them': { b: 1, 2: 'two', a: 3, 1: 'one' },
    'a base64 piece first, last and alone in an array': [b64('x'), 'mid', b64('ü')],
    'only members left out': { a: undefined },
  };
  for (const [name, body] of Object.entries(bodies)) {
    it(`writes ${name} as JSON.stringify does`, () => {
      expect(jsonPayload(body).equals(expected(body))).toBe(true);
    });
  }

  it('writes top-level scalars and a lone base64 text', () => {
    for (const body of ['a"b', 12, null, true, b64('hello')])
      expect(jsonPayload(body).toString()).toBe(JSON.stringify(body));
  });

  it('puts the base64 of the UTF-8 text in the payload', () => {
    const payload = JSON.parse(jsonPayload({ xml: b64('<a>ç</a>') }).toString()) as { xml: string };
    expect(Buffer.from(payload.xml, 'base64').toString('utf8')).toBe('<a>ç</a>');
  });

  it('refuses a body JSON would not write at all', () => {
    expect(() => jsonPayload(undefined)).toThrow(TypeError);
  });
});
