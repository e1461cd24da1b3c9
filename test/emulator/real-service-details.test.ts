// R38: smaller differences from the real service that third-party clients met: a path starting
// with `//`, X-RateLimit-* on every 200, a 401 that names the refused credential, and the NF-e
// status vocabulary beyond authorized and canceled.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeV2RecordSchema, NFE_STATUS_VOCABULARY } from '../../src/api/wire/nfe.js';
import { startEmulator, type TestEmulator } from '../helpers/emulator.js';
import { get, headersOf, post } from './doc-listing-helpers.js';

let emu: TestEmulator;
let headers: Record<string, string>;

beforeAll(async () => {
  emu = await startEmulator();
  headers = headersOf(emu);
});
afterAll(async () => emu?.close());

/** A GET with the path exactly as given (fetch would keep it too; this leaves no doubt). */
function rawGet(path: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${emu.url}/`, { path, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe("R38: the real service's smaller habits", () => {
  it('a path starting with // is the same path, not one that lost its first segment', async () => {
    const plain = await get(emu, '/v1/nfe/received?limit=2', headers);
    const doubled = await rawGet('//v1/nfe/received?limit=2');
    expect(doubled.status).toBe(200);
    expect(doubled.body.data).toEqual(plain.body.data);
  });

  it('every 200 carries X-RateLimit-Limit and X-RateLimit-Remaining, without --rate-limit too', async () => {
    for (const r of [
      await get(emu, '/v1/nfe/received?limit=1', headers),
      await post(emu, '/v2/dfe/nfe', { Limit: 1 }, { ...headers, 'X-Use-ApiGateway': 'always' }),
      await get(emu, '/v1/companies', headers),
    ]) {
      expect(r.status, r.text).toBe(200);
      expect(Number(r.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
      expect(r.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    }
  });

  it('the 401 names the credential that was missing or wrong, and only that one', async () => {
    const account = emu.accounts[0]!;
    const noKey = await get(emu, '/v1/nfe/received', { 'X-API-ID': account.apiId });
    const wrongKey = await get(emu, '/v1/nfe/received', { 'X-API-ID': account.apiId, 'X-API-KEY': 'nope' });
    const wrongId = await get(emu, '/v1/nfe/received', { 'X-API-ID': 'nobody', 'X-API-KEY': account.apiKey });
    const noId = await get(emu, '/v1/nfe/received', { 'X-API-KEY': account.apiKey });
    for (const r of [noKey, wrongKey, wrongId, noId]) expect(r.status).toBe(401);
    expect(wrongKey.body.error).toBe('invalid X-API-KEY for this X-API-ID');
    expect(wrongId.body.error).toBe('invalid X-API-ID: no account has this id');
    expect(noId.body.error).toBe('missing X-API-ID header');
    expect(noKey.body.error).toBe('missing X-API-KEY header');
  });

  it.each(['not_authorized', 'not_protocoled', 'unused', 'waiting'])(
    'NF-e status %s is read in a record and taken by the Status filter',
    async (status) => {
      expect(NFE_STATUS_VOCABULARY).toContain(status);
      expect(nfeV2RecordSchema.parse({ AccessKey: '1'.repeat(44), Status: status }).Status).toBe(status);
      const r = await post(
        emu,
        '/v2/dfe/nfe',
        { Filters: { Status: status }, Limit: 5 },
        { ...headers, 'X-Use-ApiGateway': 'always' },
      );
      expect(r.status, r.text).toBe(200);
    },
  );
});
