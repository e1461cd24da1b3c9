import { describe, expect, it } from 'vitest';
import searchNfe from '../../../src/commands/search/nfe.js';
import { planNfeSearch } from '../../../src/api/nfe-search.js';
import { nfeSearchOf } from '../../../src/commands/shared/nfe-options.js';
import { brasiliaDateTime } from '../../../src/fiscal/dates.js';
import { UsageError } from '../../../src/errors.js';

const NOW = new Date('2026-06-15T15:00:00Z');
/** The flags' raw values (as commander gives them) to the search the verb runs. */
const parseNfeSearchOptions = (raw: Record<string, unknown>) => nfeSearchOf(searchNfe.parse(raw, []).options);
const plan = (raw: Record<string, unknown>) => planNfeSearch(parseNfeSearchOptions(raw), NOW);
const KEY = '35260112345678000195550010000012341000012343';

describe('search nfe: flags to request', () => {
  it('maps every v2 flag to its filter (R18, R20, R23)', () => {
    const p = plan({
      role: ['received', 'emitter'],
      owner: ['11222333000181'],
      emitter: ['11444777000161'],
      receiver: ['52998224725'],
      transporter: ['11222333000181'],
      from: '2026-01-01',
      to: '2026-01-31 23:00:00',
      createdFrom: '2026-01-02',
      status: 'canceled',
      number: '100..200',
      cfop: ['5102'],
      tag: ['a'],
      tagsAll: ['b', 'c'],
      origin: ['sefaz'],
      fin: ['normal', '4'],
      hasCce: true,
      hasEvent: 'false',
      hasManifestation: 'yes',
      hasXped: '0',
      xped: ['PO-1'],
      prop: ['status=done', 'status=error', 'erp=x'],
      fields: ['accesskey', 'XML'],
      limit: '20',
    });
    expect(p.api).toBe('v2');
    if (p.api !== 'v2') return;
    expect(p.request).toEqual({
      Fields: ['AccessKey', 'Xml'],
      Limit: 20,
      Filters: {
        OwnerRoles: ['received', 'emitted'],
        Owners: ['11222333000181'],
        EmitterCnpj: ['11444777000161'],
        ReceiverCnpj: ['52998224725'],
        TransporterCnpj: ['11222333000181'],
        EmissionDate: { From: '2026-01-01', To: '2026-01-31 23:00:00' },
        CreatedAt: { From: '2026-01-02' },
        Status: 'canceled',
        NfeNumber: { From: 100, To: 200 },
        Cfops: ['5102'],
        Tags: ['a'],
        TagsAll: ['b', 'c'],
        Origins: ['sefaz'],
        FinNFe: ['1', '4'],
        HasCCE: true,
        HasEvent: false,
        HasManifestation: true,
        HasXPed: false,
        xPeds: ['PO-1'],
        CustomData: [
          { Name: 'status', Values: ['done', 'error'] },
          { Name: 'erp', Values: ['x'] },
        ],
      },
    });
    expect(p.defaultWindow).toBe(false);
  });

  it('R19: flags the default 30-day window when no emission range is given', () => {
    const p = plan({});
    expect(p.api === 'v2' && p.defaultWindow).toBe(true);
  });

  it('--filter selects v1 with one role, cnpj[] and both created_at bounds (R15, R17)', () => {
    const p = plan({
      role: ['received'],
      filter: '(NOT_EXISTS erp_id)',
      owner: ['11222333000181'],
      createdFrom: '2026-01-01',
      all: true,
    });
    expect(p).toMatchObject({
      api: 'v1',
      role: 'received',
      limit: undefined,
      query: {
        filter: '(NOT_EXISTS erp_id)',
        cnpjs: ['11222333000181'],
        createdFrom: '2026-01-01',
        createdTo: brasiliaDateTime(NOW),
        limit: 50,
      },
    });
    expect(brasiliaDateTime(NOW)).toBe('2026-06-15 12:00:00');
  });

  it('several --key select v1 access_key[]', () => {
    const other = '35260112345678000195550010000012351000012359';
    const opts = parseNfeSearchOptions({ role: ['emitted'], key: [KEY, other] });
    expect(planNfeSearch(opts, NOW)).toMatchObject({ api: 'v1', query: { accessKeys: [KEY, other] } });
  });

  it.each([
    [{ filter: '(= a b)', status: 'authorized', role: ['received'] }, /--filter needs the v1 endpoint.*--status/],
    [{ filter: '(= a b)' }, /--role: the v1 endpoint lists one role/],
    [{ filter: '(= a b)', role: ['received', 'emitted'] }, /one role/],
    [{ api: 'v1', role: ['received'], owner: ['52998224725'] }, /14-digit CNPJs/],
    [{ api: 'v1', role: ['received'], fields: ['Status'] }, /Status needs the v2 endpoint/],
    [{ api: 'v2', filter: '(= a b)' }, /not available with --api v2/],
  ])('refuses a combination no endpoint answers: %j', (raw, message) => {
    expect(() => plan(raw)).toThrow(UsageError);
    expect(() => plan(raw)).toThrow(message);
  });

  it.each([
    [{ key: ['3526011234567800019555001000001234100001234'] }, /--key: .*44 digits/],
    [{ key: [KEY.slice(0, 43) + '9'] }, /--key: .*check digit is 9, expected 3/],
    [{ key: ['35260112345678000195650010000012341000012346'] }, /model 65 \(nfce\)/],
    [{ owner: ['11222333000182'] }, /--owner: .*check digits/],
    [{ receiver: ['123'] }, /--receiver: .*14 digits and a CPF 11/],
    [{ from: '2026/06/15' }, /--from: .*YYYY-MM-DD/],
    [{ createdFrom: '2026-06-02', createdTo: '2026-06-01' }, /--created-from: 2026-06-02 is after --created-to/],
    [{ number: '200..100' }, /--number: range 200..100 is empty/],
    [{ cfop: ['51020'] }, /--cfop: a CFOP has 4 digits/],
    [{ fin: ['7'] }, /--fin/],
    [{ hasCce: 'maybe' }, /--has-cce: expected true or false/],
    [{ prop: ['status'] }, /--prop: expected name=value/],
    [{ limit: '2.5' }, /--limit/],
    [{ all: true, limit: '3' }, /--all: use either --all or --limit/],
  ])('validates %j before sending', (raw, message) => {
    expect(() => plan(raw)).toThrow(UsageError);
    expect(() => plan(raw)).toThrow(message);
  });
});

describe('the emission window of a search that names documents (R19)', () => {
  it('--key without --from/--to: the months its AAMM gives, a day wider each side', () => {
    // KEY carries AAMM 2601: January 2026.
    expect(plan({ key: [KEY] })).toMatchObject({
      api: 'v2',
      defaultWindow: false,
      request: { Filters: { DocumentIdentifier: KEY, EmissionDate: { From: '2025-12-31', To: '2026-02-01' } } },
    });
  });

  it('--number: from 2006 on; --from/--to given are kept as given', () => {
    expect(plan({ number: '1234' })).toMatchObject({
      defaultWindow: false,
      request: { Filters: { EmissionDate: { From: '2006-01-01' } } },
    });
    expect(plan({ key: [KEY], from: '2026-01-10' })).toMatchObject({
      request: { Filters: { EmissionDate: { From: '2026-01-10' } } },
    });
  });

  it('--created-to now: the run time in a body search', () => {
    expect(plan({ createdFrom: '2026-01-01', createdTo: 'now' })).toMatchObject({
      request: { Filters: { CreatedAt: { From: '2026-01-01', To: brasiliaDateTime(NOW) } } },
    });
  });
});
