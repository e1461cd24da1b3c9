// The old spellings of renamed flags still work, hidden from help, with a one-line warning on
// stderr, so scripts written for them keep running while they are updated.
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 60 });
});
afterAll(async () => {
  await emu.close();
});

const fiscal = (argv: string[]) => runMain(argv, emulatorEnv(emu));

const WIDE = ['--from', '2026-01-01', '--to', '2026-06-30'];
const lines = (s: string) => s.trim().split('\n').filter(Boolean);

describe('old flag spellings', () => {
  const cases: Array<[old: string[], now: string[], warning: RegExp]> = [
    [
      ['search', 'cte', '--not-taker', ...WIDE],
      ['search', 'cte', '--role', 'not-taker,authorized', ...WIDE],
      /--not-taker is deprecated .*use --role not-taker,authorized$/m,
    ],
    [
      ['search', 'cte', '--type', 'normal', ...WIDE],
      ['search', 'cte', '--cte-type', 'normal', ...WIDE],
      /--type is deprecated .*use --cte-type$/m,
    ],
    [
      ['search', 'nfe', '--custom', 'status=done', ...WIDE],
      ['search', 'nfe', '--prop', 'status=done', ...WIDE],
      /--custom is deprecated .*use --prop$/m,
    ],
    [
      ['events', 'nfe', '--stream', '--limit', '5', '--type', '110111'],
      ['events', 'nfe', '--stream', '--limit', '5', '--event-code', '110111'],
      /--type is deprecated .*use --event-code$/m,
    ],
    [
      ['utilities', 'list', '--min', '100', '--max', '900'],
      ['utilities', 'list', '--min-amount', '100', '--max-amount', '900'],
      /--min is deprecated .*use --min-amount\n.*--max is deprecated .*use --max-amount$/m,
    ],
  ];

  for (const [old, now, warning] of cases) {
    it(`fiscal ${old.join(' ')} prints what ${now.slice(2).join(' ')} prints, and one warning line`, async () => {
      const before = await fiscal(['-o', 'ndjson', ...now]);
      const after = await fiscal(['-o', 'ndjson', ...old]);
      expect(before.code, before.stderr).toBe(0);
      expect(after.code, after.stderr).toBe(0);
      expect(lines(before.stdout).length).toBeGreaterThan(0);
      expect(after.stdout).toBe(before.stdout);
      expect(before.stderr).not.toMatch(/deprecated/);
      expect(after.stderr).toMatch(warning);
      expect(after.stderr.match(/deprecated/g)!.length).toBe(warning.source.split('deprecated').length - 1);
    });
  }

  it('boletos list --access-key (the related NF-e, now --nfe everywhere) lists what --nfe lists', async () => {
    const slip = JSON.parse(lines((await fiscal(['-o', 'ndjson', 'boletos', 'list', '--limit', '1'])).stdout)[0]!) as {
      access_key: string;
    };
    const now = await fiscal(['-o', 'ndjson', 'boletos', 'list', '--nfe', slip.access_key]);
    const old = await fiscal(['-o', 'ndjson', 'boletos', 'list', '--access-key', slip.access_key]);
    expect(now.code, now.stderr).toBe(0);
    expect(lines(now.stdout).length).toBeGreaterThan(0);
    expect(old.stdout).toBe(now.stdout);
    expect(old.stderr).toMatch(/--access-key is deprecated .*use --nfe$/m);
  });

  it('events --save writes the event files as --dir does', async () => {
    const key = (await fiscal(['-o', 'ndjson', 'events', 'nfe', '--stream', '--limit', '1'])).stdout;
    const accessKey = (JSON.parse(lines(key)[0]!) as { key: string }).key;
    const dir = tempDir();
    const r = await fiscal(['-o', 'ndjson', 'events', 'nfe', accessKey, '--save', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: --save is deprecated .*use --dir$/m);
    expect(readdirSync(dir).some((f) => f.startsWith(accessKey))).toBe(true);
  });

  it('pull --wait still sets the lock wait; with --lock-wait too it is refused', async () => {
    const dir = tempDir();
    const r = await fiscal(['pull', 'nfce', '--role', 'emitted', '--dir', dir, '--max-docs', '1', '--wait', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/--wait is deprecated .*use --lock-wait/);
    expect(existsSync(`${dir}/index.ndjson`)).toBe(true);
    const both = await fiscal(['pull', 'nfce', '--role', 'emitted', '--dir', dir, '--wait', '0', '--lock-wait', '1']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/use either --lock-wait or --wait/);
  });

  it('--quiet leaves the warning out', async () => {
    const r = await fiscal(['--quiet', '-o', 'ndjson', 'search', 'cte', '--not-taker', ...WIDE]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('old spellings are not in --help', async () => {
    const help = (await fiscal(['search', 'cte', '--help'])).stdout;
    expect(help).toContain('--cte-type');
    expect(help).not.toMatch(/--not-taker|--type /);
    // --taker is no old spelling now: the taker's CNPJ/CPF, as in search nfse.
    expect(help).toMatch(/--taker <cnpj>/);
    expect((await fiscal(['events', '--help'])).stdout).not.toMatch(/--save|--type /);
  });
});
