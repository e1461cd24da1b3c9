// Where `props set` sends each id (R7: an access key's model names its type; R10: an NFS-e id by
// its form), and the role of each type: pure, before any request.
import { describe, expect, it } from 'vitest';
import { propertyTargets, propertyTypeOf, roleOf } from '../../../src/commands/props/targets.js';
import { UsageError } from '../../../src/errors.js';
import { buildAccessKey } from '../../../src/fiscal/access-key.js';

const key = (model: string, number = '1') =>
  buildAccessKey({
    uf: '35',
    yymm: '2601',
    issuer: '12345678000195',
    model,
    series: '1',
    number: number.padStart(9, '0'),
    emissionType: '1',
    code: '00000001',
  });
const NFSE = '12345678000195:98765432000198:2026-01-15:42';

describe('props set targets', () => {
  it('R7, R10: the type of each id, and a type without properties or an unknown model refused', () => {
    expect(['55', '57', '67'].map((m) => propertyTypeOf(key(m)))).toEqual(['nfe', 'cte', 'cteos']);
    expect(propertyTypeOf(NFSE)).toBe('nfse');
    expect(propertyTypeOf('98765432000198:2026-01-15:42')).toBe('nfse');
    expect(() => propertyTypeOf(key('58'))).toThrow(/is an MDF-e key \(model 58\), a type without custom properties/);
    expect(() => propertyTypeOf(key('65'))).toThrow(/is an NFC-e key \(model 65\)/);
    expect(() => propertyTypeOf(key('59'))).toThrow(/is a key \(model 59\)/);
    expect(() => propertyTypeOf('1:2:3')).toThrow(UsageError);
  });

  it('each type in its first role by default; a role given must be one of every type present', () => {
    expect(roleOf('nfe', undefined)).toBe('received');
    expect(roleOf('cteos', undefined)).toBe('taker');
    expect(roleOf('nfse', undefined)).toBe('received');
    expect(() => roleOf('cteos', 'authorized')).toThrow(/--role authorized is not a role of CT-e OS/);
    const targets = propertyTargets([NFSE, key('57', '2'), key('55', '3'), key('57', '4')], undefined);
    expect(targets.map((t) => [t.type, t.role, t.ids.length])).toEqual([
      ['nfe', 'received', 1],
      ['cte', 'taker', 2],
      ['nfse', 'received', 1],
    ]);
  });
});
