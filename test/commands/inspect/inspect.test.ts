// `fiscal inspect`, parsed and run in process through main (offline: no emulator is asked).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { ndjson } from '../../helpers/cli.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
const inspect = (...argv: string[]) => runMain(['inspect', ...argv], {});

describe('fiscal inspect', () => {
  it('--type is repeatable and comma-separated, in any case: the same documents either way', async () => {
    const repeated = await inspect(FIXTURES, '--type', 'cteos', '--type', 'EVENT', '-o', 'ndjson');
    const commas = await inspect(FIXTURES, '--type', 'cteos,event', '-o', 'ndjson');
    expect(repeated.code).toBe(7); // broken/ is among the fixtures
    expect(commas.code).toBe(7);
    const kinds = ndjson(repeated.stdout)
      .filter((r) => !('error' in r))
      .map((r) => r.kind);
    expect(new Set(kinds)).toEqual(new Set(['cteos', 'event']));
    expect(kinds.filter((k) => k === 'event')).toHaveLength(3);
    expect(commas.stdout).toBe(repeated.stdout);
  });

  it('reads one file into one row of the spreadsheet', async () => {
    const r = await inspect(`${FIXTURES}nfe/nfe-400-proc.xml`, '-o', 'csv');
    expect(r.code, r.stderr).toBe(0);
    const [header, row] = r.stdout.trim().split('\n');
    expect(header!.split(',').slice(0, 5)).toEqual(['file', 'kind', 'model', 'version', 'access_key']);
    expect(row).toContain('35240311222333000181550010000012341123456781');
  });

  it('an unknown kind exits 2 naming --type and the kinds there are', async () => {
    const r = await inspect(FIXTURES, '--type', 'nfe,boleto');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--type: "boleto" is not a kind; use nfe, nfce, cte, cteos, mdfe, nfse, dps, cfe, nf3e, nfcom, nfag, nfgas, event',
    );
  });

  it('no path that exists exits 2; no path at all too', async () => {
    const missing = await inspect('/nonexistent/a.xml');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file or directory: "/nonexistent/a.xml"');
    expect((await inspect()).code).toBe(2);
  });
});
