// search cte / cteos: flags to request (pure planning, nothing sent).
import { describe, expect, it } from 'vitest';
import searchCte, { cteosVerb } from '../../../src/commands/search/cte.js';
import { planCteSearch } from '../../../src/api/cte-search.js';
import { cteSearchOf } from '../../../src/commands/search/cte-options.js';
import { UsageError } from '../../../src/errors.js';
import { buildAccessKey } from '../../../src/fiscal/access-key.js';

const NOW = new Date('2026-06-15T15:00:00Z');
const key = (model: '55' | '57' | '67', number = '1') =>
  buildAccessKey({
    uf: '35',
    yymm: '2601',
    issuer: '11222333000181',
    model,
    series: '1',
    number,
    emissionType: '1',
    code: '12345678',
  });
/** The flags' raw values (as commander gives them) to the search the verb runs. */
const parseCteSearchOptions = (raw: Record<string, unknown>, kind: 'cte' | 'cteos') =>
  cteSearchOf(kind, (kind === 'cte' ? searchCte : cteosVerb).parse(raw, []).options);
const plan = (raw: Record<string, unknown>, kind: 'cte' | 'cteos' = 'cte') =>
  planCteSearch(parseCteSearchOptions(raw, kind), NOW);

describe('search cte: flags to the /v1/dfe/cte request', () => {
  it('R21: maps every body flag to its filter', () => {
    const p = plan({
      owner: ['11222333000181'],
      emitter: ['11444777000161'],
      from: '2026-01-01',
      to: '2026-01-31',
      createdFrom: '2026-01-02',
      status: 'authorized',
      key: [key('57')],
      cteType: ['normal', 'substitute', '1'],
      nfe: [key('55')],
      cfop: ['5353'],
      tag: ['a'],
      origin: ['sefaz'],
      hasCce: 'false',
      hasManifestation: true,
      prop: ['erp=x', 'erp=y'],
      fields: ['accesskey', 'TAKER'],
      limit: '20',
      role: ['taker'],
    });
    expect(p).toEqual({
      api: 'dfe',
      kind: 'cte',
      limit: 20,
      request: {
        fields: ['AccessKey', 'Taker'],
        Limit: 20,
        Filters: {
          Owners: ['11222333000181'],
          EmitterCnpj: ['11444777000161'],
          EmissionDate: { From: '2026-01-01', To: '2026-01-31' },
          CreatedAt: { From: '2026-01-02' },
          Status: 'authorized',
          DocumentIdentifier: key('57'),
          Types: ['0', '3', '1'],
          Nfes: [key('55')],
          Cfops: ['5353'],
          Tags: ['a'],
          Origin: ['sefaz'],
          HasCCE: false,
          HasManifestation: true,
          CustomData: [{ Name: 'erp', Values: ['x', 'y'] }],
          IsTaker: true,
        },
      },
    });
  });

  it.each([
    [{ role: ['taker'] }, true, undefined],
    [{ notTaker: true }, false, undefined],
    [{ role: ['not-taker', 'authorized'] }, false, undefined],
    [{ role: ['authorized'] }, false, ['authorized']],
    [{ role: ['taker', 'authorized'] }, undefined, ['taker', 'authorized']],
    [{ role: ['taker', 'not-taker', 'authorized'] }, undefined, undefined],
  ])('R21: %j asks IsTaker=%s and keeps roles %j on the client', (raw, isTaker, keep) => {
    const p = plan(raw);
    if (p.api !== 'dfe') throw new Error('expected the body endpoint');
    expect(p.request.Filters?.IsTaker).toBe(isTaker);
    expect(p.keepRoles).toEqual(keep);
    if (keep) expect(p.request.fields).toContain('OwnerRole');
  });

  it('R24: cteos sends no IsTaker; a role is kept on the client', () => {
    const p = plan({ role: ['taker'] }, 'cteos');
    if (p.api !== 'dfe') throw new Error('expected the body endpoint');
    expect(p.request.Filters).toEqual({});
    expect(p.keepRoles).toEqual(['taker']);
  });

  it('R17: --filter or several --key choose the role listing with one role', () => {
    const p = plan({ role: ['taker'], filter: '(= erp x)', owner: ['11222333000181'], createdFrom: '2026-01-01' });
    expect(p).toMatchObject({ api: 'v1', role: 'taker', owner: '11222333000181' });
    if (p.api !== 'v1') return;
    expect(p.query).toEqual({
      limit: 50,
      cnpjs: ['11222333000181'],
      filter: '(= erp x)',
      createdFrom: '2026-01-01',
      createdTo: '2026-06-15 12:00:00',
    });
    expect(plan({ notTaker: true, key: [key('57'), key('57', '2')] })).toMatchObject({ api: 'v1', role: 'not-taker' });
  });

  it.each([
    [{ filter: '(= a b)', nfe: [key('55')] }, /--nfe/],
    [{ filter: '(= a b)' }, /--role/],
    [{ api: 'v1', role: ['taker'], fields: ['Document'] }, /--fields: Document/],
    [{ api: 'v1', role: ['taker'], owner: ['52998224725'] }, /--owner/],
    [{ api: 'dfe', filter: '(= a b)' }, /--filter/],
  ])('%j is a UsageError naming the flag', (raw, message) => {
    expect(() => plan(raw)).toThrow(UsageError);
    expect(() => plan(raw)).toThrow(message);
  });
});
