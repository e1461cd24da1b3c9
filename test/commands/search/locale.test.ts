// `--locale pt-BR` (or FISCAL_LOCALE) on a search: a CSV that pt-BR spreadsheets open as they are
// (a BOM, `;` between fields, dd/mm/yyyy dates); without it the CSV stays machine-friendly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 120 });
});
afterAll(async () => emu?.close());

const ARGS = ['search', 'nfe', '--role', 'received', '--from', '2026-01-01', '--limit', '5', '-o', 'csv'];

describe('search -o csv --locale', () => {
  it('pt-BR: BOM, ";" separator, dd/mm/yyyy dates, the same rows as the default', async () => {
    const plain = await runMain(ARGS, emulatorEnv(emu));
    const br = await runMain([...ARGS, '--locale', 'pt-BR'], emulatorEnv(emu));
    expect(plain.code, plain.stderr).toBe(0);
    expect(br.code, br.stderr).toBe(0);
    expect(plain.stdout.startsWith('\ufeff')).toBe(false);
    expect(plain.stdout.split('\n')[0]).toContain('access_key,number,');
    // Portuguese column names; keys and CNPJs as ="..." so a spreadsheet keeps every digit.
    expect(br.stdout.startsWith('\ufeffChave de acesso;Número;Data de emissão;')).toBe(true);
    const plainRows = plain.stdout.trim().split('\n').slice(1);
    const brRows = br.stdout.trim().split('\n').slice(1);
    expect(brRows).toHaveLength(plainRows.length);
    expect(plainRows.length).toBeGreaterThan(0);
    // Same keys, in the same order; the ISO emission date becomes dd/mm/yyyy hh:mm:ss.
    for (const [i, row] of brRows.entries()) {
      const [key, , emitted] = row.split(';');
      const [plainKey, , plainEmitted] = plainRows[i]!.split(',');
      expect(key).toBe(`"=""${plainKey}"""`);
      expect(row).toMatch(/;(autorizada|cancelada);/);
      expect(row).toMatch(/;recebida$/);
      expect(row).not.toMatch(/authorized|received|true|false/);
      const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})/.exec(plainEmitted!)!;
      expect(emitted).toBe(`${iso[3]}/${iso[2]}/${iso[1]} ${iso[4]}`);
    }
  });

  it('FISCAL_LOCALE=pt-BR does the same; an unknown locale exits 2 naming it, before anything is sent', async () => {
    const br = await runMain(ARGS, { ...emulatorEnv(emu), FISCAL_LOCALE: 'pt-BR' });
    expect(br.stdout.startsWith('\ufeffChave de acesso;')).toBe(true);
    const bad = await runMain(ARGS, { ...emulatorEnv(emu), FISCAL_LOCALE: 'fr' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('FISCAL_LOCALE');
    expect(bad.stdout).toBe('');
  });
});
