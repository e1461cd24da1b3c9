// Options and plans of `search nfse|nfce|mdfe`: every bad flag is a UsageError (exit 2) naming it,
// raised before anything is sent; good flags map to the filters the docs list.
import { describe, expect, it } from 'vitest';
import searchMdfe from '../../../src/commands/search/mdfe.js';
import { planMdfeSearch } from '../../../src/api/mdfe-search.js';
import { mdfeSearchOf } from '../../../src/commands/search/mdfe-options.js';
import { search } from '../../../src/commands/search/index.js';
import { listingSearchVerb } from '../../../src/commands/search/listing.js';
import searchNfse from '../../../src/commands/search/nfse.js';
import { planNfseSearch } from '../../../src/api/nfse-search.js';
import { nfseSearchOf } from '../../../src/commands/search/nfse-options.js';
import { UsageError, exitCodeOf } from '../../../src/errors.js';
import { buildAccessKey } from '../../../src/fiscal/access-key.js';

const NOW = new Date('2026-06-15T12:00:00-03:00');
// The flags' raw values (as commander gives them) to what each verb runs.
const parseMdfe = (raw: Record<string, unknown>) => mdfeSearchOf(searchMdfe.parse(raw, []).options);
const searchNfce = listingSearchVerb(search.verbs.find((v) => v.name === 'nfce') as never, 'nfce');
const parseNfce = (raw: Record<string, unknown>) => searchNfce.parse(raw, []).options;
const parseNfse = (raw: Record<string, unknown>) => nfseSearchOf(searchNfse.parse(raw, []).options);
const CNPJ = '11222333000181';
const key = (model: '55' | '57' | '65') =>
  buildAccessKey({
    uf: '35',
    yymm: '2605',
    issuer: CNPJ,
    model,
    series: '1',
    number: '42',
    emissionType: '1',
    code: '12345678',
  });

function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect(exitCodeOf(error)).toBe(2);
    return (error as Error).message;
  }
  throw new Error('no UsageError');
}

const nfse = (raw: Record<string, unknown>) => planNfseSearch(parseNfse(raw), NOW);
const mdfe = (raw: Record<string, unknown>) => planMdfeSearch(parseMdfe(raw), NOW);

describe('search nfse options', () => {
  it.each([
    [{ competence: ['2026-13'] }, '--competence'],
    [{ competence: ['2026/05'] }, '--competence'],
    [{ taker: ['11222333000180'] }, '--taker'],
    [{ id: '11222333000181:2026-01-01:5' }, '--id'],
    [{ id: '11222333000181:11222333000181:2026-02-30:5' }, '--id'],
    [{ id: '11222333000180:11222333000181:2026-02-03:5' }, '--id'],
    [{ role: ['taker'] }, '--role'],
    [{ canceled: 'maybe' }, '--canceled'],
    [{ from: '30/02/2026' }, '--from'],
    [{ from: '2026-03-01', to: '2026-02-01' }, '--from'],
    [{ fields: ['Xml'] }, '--fields'],
    [{ filter: '(= a' }, '--filter'],
    [{ prop: ['novalue'] }, '--prop'],
    [{ all: true, limit: '5' }, '--all'],
  ])('R8/R9/R10/R22: %j is a usage error naming %s', (raw, flag) => {
    expect(usage(() => nfse(raw))).toContain(flag);
  });

  it.each([
    [{ filter: '(= a b)', role: ['emitted'], competence: ['2026-01'] }, '--competence'],
    [{ filter: '(= a b)' }, '--role'],
    [{ filter: '(= a b)', role: ['emitted', 'received'] }, '--role'],
    [{ filter: '(= a b)', role: ['emitted'], owner: ['52998224725'] }, '--owner'],
    [{ filter: '(= a b)', role: ['emitted'], fields: ['origin'] }, '--fields'],
  ])('R17: %j cannot go to the role listing (%s)', (raw, flag) => {
    expect(usage(() => nfse(raw))).toContain(flag);
  });

  it('R22: flags map to lower camel filters; isCanceled is a string; roles become ownerRoles', () => {
    const plan = nfse({
      role: ['received', 'intermediate'],
      competence: ['2026-05'],
      canceled: false,
      taker: [CNPJ],
      prop: ['erp=1', 'erp=2'],
      from: '2026-05-01',
      createdTo: '2026-06-01 10:00:00',
      origin: 'upload',
    });
    expect(plan).toEqual({
      api: 'search',
      limit: 50,
      request: {
        fields: ['document'],
        limit: 50,
        filters: {
          ownerRoles: ['taker', 'intermediate'],
          competence: ['2026-05'],
          isCanceled: 'false',
          takerCnpj: [CNPJ],
          origin: 'upload',
          customData: [{ Name: 'erp', Values: ['1', '2'] }],
          emissionDate: { from: '2026-05-01' },
          createdAt: { to: '2026-06-01 10:00:00' },
        },
      },
    });
    expect(nfse({ canceled: true, all: true })).toMatchObject({
      limit: undefined,
      request: { limit: 500, filters: { isCanceled: 'true' } },
    });
  });

  it('R15/R17: --filter plans the role listing with both created_at bounds', () => {
    expect(nfse({ filter: '(= a b)', role: ['emitted'], owner: [CNPJ], createdFrom: '2026-01-01' })).toEqual({
      api: 'v1',
      role: 'emitted',
      limit: 50,
      fields: ['document'],
      query: {
        limit: 50,
        filter: '(= a b)',
        cnpjs: [CNPJ],
        createdFrom: '2026-01-01',
        createdTo: '2026-06-15 12:00:00',
      },
    });
  });
});

describe('search nfce options', () => {
  it('R7: --key needs the check digit and model 65', () => {
    expect(usage(() => parseNfce({ key: [key('55')] }))).toMatch(/--key.*model 55/);
    const good = key('65');
    expect(usage(() => parseNfce({ key: [good.slice(0, 43) + String((Number(good[43]) + 1) % 10)] }))).toContain(
      '--key',
    );
    expect(parseNfce({ key: [good] }).key).toEqual([good]);
  });

  it('R8: --owner is a CNPJ with check digits, 14 digits for the listing', () => {
    expect(usage(() => parseNfce({ owner: ['123'] }))).toContain('--owner');
    expect(usage(() => parseNfce({ owner: ['52998224725'] }))).toContain('--owner');
  });
});

describe('search mdfe options', () => {
  it.each([
    [{ status: ['open'] }, '--status'],
    [{ status: ['closed', 'canceled'] }, '--status'],
    [{ uf: ['XX'] }, '--uf'],
    [{ plate: ['12345'] }, '--plate'],
    [{ cte: [key('55')] }, '--cte'],
    [{ nfe: [key('57')] }, '--nfe'],
    [{ role: ['taker'] }, '--role'],
    [{ emitter: ['123'] }, '--emitter'],
    [{ filter: '(= a b)', role: ['emitted'], plate: ['ABC1234'] }, '--plate'],
    [{ filter: '(= a b)', role: ['emitted'], fields: ['Document'] }, '--fields'],
  ])('%j is a usage error naming %s', (raw, flag) => {
    expect(usage(() => mdfe(raw))).toContain(flag);
  });

  it('flags map to the PascalCase filters', () => {
    const plan = mdfe({
      role: ['contractor'],
      status: ['closed'],
      uf: ['sp'],
      plate: ['abc-1d23'],
      cte: [key('57')],
      nfe: [key('55')],
      tag: ['x'],
      prop: ['a=b'],
      to: '2026-06-01',
    });
    expect(plan).toMatchObject({
      api: 'search',
      request: {
        Limit: 50,
        Filters: {
          OwnerRoles: ['contractor'],
          Status: 'closed',
          Ufs: ['SP'],
          Plate: ['ABC1D23'],
          Ctes: [key('57')],
          Nfes: [key('55')],
          Tags: ['x'],
          CustomData: [{ Name: 'a', Values: ['b'] }],
          EmissionDate: { To: '2026-06-01' },
        },
      },
    });
  });
});
