// `fiscal profile current`: the server and credentials a run would use and where each comes from,
// offline, the key masked. (test/e2e/profile-precedence.test.ts covers every source in a process.)
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';

const KEY = 'sk_live_9f8e7d6c5b4a3210';

describe('profile current', () => {
  it('names the source of each setting, masks the key and sends nothing', async () => {
    const r = await runMain(['profile', 'current', '-o', 'json'], {
      FISCAL_BASE_URL: 'http://127.0.0.1:9', // nothing listens there: a request would fail the run
      FISCAL_API_ID: 'acme',
      FISCAL_API_KEY: KEY,
      FISCAL_CONFIG_DIR: tempDir('fiscal-config-'),
    });
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{ setting: string; value: string; source: string }>;
    const by = Object.fromEntries(rows.map((row) => [row.setting, row]));
    expect(by.base_url).toMatchObject({ value: 'http://127.0.0.1:9', source: 'env FISCAL_BASE_URL' });
    expect(by.api_id).toMatchObject({ value: 'acme', source: 'env FISCAL_API_ID' });
    expect(by.api_key!.value).toBe(`****${KEY.slice(-4)}`);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('--base-url on the command line wins, and is named as a flag', async () => {
    const r = await runMain(['--base-url', 'sandbox', 'profile', 'current', '-o', 'json'], {
      FISCAL_API_ID: 'acme',
      FISCAL_API_KEY: KEY,
    });
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{ setting: string; source: string }>;
    expect(rows.find((row) => row.setting === 'base_url')?.source).toBe('flag --base-url');
  });
});
