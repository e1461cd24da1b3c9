// `fiscal api -f key=value`: query parameters and JSON body fields.
import { describe, expect, it } from 'vitest';
import { bodyOf, parseFieldValue, queryOf } from '../../../src/commands/api/fields.js';
import apiVerb, { requestOf } from '../../../src/commands/api/api.js';
import { UsageError } from '../../../src/errors.js';

describe('fiscal api fields', () => {
  it('numbers, booleans, null, objects and arrays become JSON values; anything else stays a string', () => {
    expect([parseFieldValue('500'), parseFieldValue('-1.5'), parseFieldValue('true'), parseFieldValue('null')]).toEqual(
      [500, -1.5, true, null],
    );
    expect(parseFieldValue('{"Status":"authorized"}')).toEqual({ Status: 'authorized' });
    // Access keys and CNPJs are digits but not numbers: too long to be safe integers, or led by 0.
    expect(parseFieldValue('35260112345678000195550010000012341000012343')).toBe(
      '35260112345678000195550010000012341000012343',
    );
    expect(parseFieldValue('0123')).toBe('0123');
    expect(parseFieldValue('"11222333000181"')).toBe('11222333000181');
    expect(parseFieldValue('{not json')).toBe('{not json');
  });

  it('R16: key[]=v repeats a literal key[] in the query and builds an array in a body', () => {
    expect(queryOf(['access_key[]=a', 'access_key[]=b', 'limit=5'])).toEqual({
      'access_key[]': ['a', 'b'],
      limit: ['5'],
    });
    expect(bodyOf(['Fields[]=AccessKey', 'Fields[]=Xml', 'Limit=10'])).toEqual({
      Fields: ['AccessKey', 'Xml'],
      Limit: 10,
    });
    expect(() => bodyOf(['Limit=1', 'Limit=2'])).toThrow(UsageError);
    expect(() => bodyOf(['noequals'])).toThrow(/key=value/);
  });

  it('the method is checked case-insensitively, the path needs a leading /, a query string in the path is kept', () => {
    const o = requestOf(apiVerb.parse({ field: ['cursor=3'] }, ['get', '/v1/nfe/received?limit=7']).options, [
      'get',
      '/v1/nfe/received?limit=7',
    ]);
    expect(o).toMatchObject({
      method: 'GET',
      path: '/v1/nfe/received',
      query: { cursor: ['3'], limit: ['7'] },
      body: undefined,
    });
    expect(() => requestOf(apiVerb.parse({}, ['FETCH', '/x']).options, ['FETCH', '/x'])).toThrow(
      /GET, POST, PUT, DELETE, PATCH/,
    );
    expect(() => requestOf(apiVerb.parse({}, ['GET', 'x']).options, ['GET', 'x'])).toThrow(/starts with \//);
    expect(
      requestOf(apiVerb.parse({ field: ['Limit=2'] }, ['post', '/v2/dfe/nfe']).options, ['post', '/v2/dfe/nfe']).body,
    ).toEqual({ Limit: 2 });
  });
});
