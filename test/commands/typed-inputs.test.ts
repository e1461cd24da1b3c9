// Every flag and argument that takes a CNPJ/CPF or a date, found by walking the command tree, takes
// them as people write them: masked tax ids (12.345.678/0001-95, 123.456.789-09) and dd/mm/yyyy
// dates besides the digits and ISO dates; a wrong check digit or a date that does not exist is
// still refused (exit 2) naming the flag. A new such flag fails here until it has a case.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSpecs, type CommandSpec, type OptionSpec } from '../../src/cli-tree/spec.js';
import { currentTree } from '../helpers/cli-tree.js';
import { runMain, tempDir } from '../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
});
afterAll(async () => {
  await emu.close();
});

const fiscal = (argv: string[]) => runMain(argv, emulatorEnv(emu));

const CNPJ = { masked: '12.345.678/0001-95', wrong: '12.345.678/0001-96' };
const CPF = { masked: '123.456.789-09', wrong: '123.456.789-08' };
const DATE = { masked: '15/05/2026', wrong: '31/02/2026' };
const MONTH = { masked: '05/2026', wrong: '13/2026' };

const NFE_KEY = '35260112345678000195550010000012341000012343';

/** What each command needs besides the flag under test to run without sending anything odd. */
function extras(path: string, flag: string): string[] {
  const pdf = join(tempDir(), 'a.pdf');
  writeFileSync(pdf, '%PDF-1.4\n');
  const xml = join(tempDir(), 'a.xml');
  writeFileSync(xml, '<nfeProc/>');
  const table: Record<string, string[]> = {
    upload: [xml, '--dry-run'],
    'ocr upload': [pdf, '--kind', 'invoice', '--dry-run'],
    'invoices upload': [pdf, '--dry-run'],
    'utilities upload': [pdf, '--dry-run'],
    flag: ['nfe', NFE_KEY, '--set', 'erp=1', '--dry-run'],
    events: ['nfe', '--stream', '--limit', '1'],
    'nfce events': ['--stream', '--limit', '1'],
    'mdfe events': ['--stream', '--limit', '1'],
    // An empty folder to report on: the flags are read before any file is.
    report: [tempDir()],
    'webhooks subscriptions add': [
      '--endpoint',
      'we_0123456789abcdef',
      '--document-type',
      'nfe',
      '--event-type',
      'received',
      '--dry-run',
    ],
  };
  const pullRoles: Record<string, string> = {
    nfe: 'received',
    cte: 'taker',
    cteos: 'taker',
    nfse: 'received',
    nfce: 'emitted',
    mdfe: 'emitted',
  };
  if (path.startsWith('pull ')) return ['--role', pullRoles[path.slice(5)]!, '--dir', tempDir(), '--max-docs', '1'];
  // Ranges of the service come in pairs (R15): the other end of the one under test.
  const pair: Record<string, [string, string]> = {
    '--created-from': ['--created-to', '2026-06-30'],
    '--created-to': ['--created-from', '2026-01-01'],
  };
  return [...(table[path] ?? []), ...(pair[flag] ?? [])];
}

type Kind = 'tax-id' | 'cnpj' | 'date' | 'month';

/** The kind of value an option takes, read from its help: what a user sees decides. */
function kindOf(o: OptionSpec): Kind | undefined {
  if (o.value === 'none') return undefined;
  if (/\bCNPJ\b/.test(o.description) || /cnpj/.test(o.valueName ?? ''))
    return /CPF|cnpj\/cpf/.test(`${o.description} ${o.valueName}`) ? 'tax-id' : 'cnpj';
  if (/\bCPF\b/.test(o.description)) return 'tax-id';
  if (o.valueName === 'date') return 'date';
  if (o.valueName === 'yyyy-mm') return 'month';
  return undefined;
}

// An instant for the emulator's clock (ISO 8601 with a zone), not a date filter.
const NOT_INPUT_DATES = new Set(['emulator --now']);

function inputs(): Array<{ path: string; flag: string; kind: Kind }> {
  const found: Array<{ path: string; flag: string; kind: Kind }> = [];
  for (const s of allSpecs(currentTree()) as CommandSpec[]) {
    for (const o of s.options) {
      const kind = kindOf(o);
      const path = s.path.join(' ');
      if (kind && o.long && !NOT_INPUT_DATES.has(`${path} ${o.long}`)) found.push({ path, flag: o.long, kind });
    }
  }
  return found;
}

const VALUES: Record<Kind, { masked: string; wrong: string }> = {
  'tax-id': CNPJ,
  cnpj: CNPJ,
  date: DATE,
  month: MONTH,
};

describe('flags that take a CNPJ/CPF or a date', () => {
  const all = inputs();

  it('are found in the tree (owner, emitter, taker, cnpj, dates, competence, month...)', () => {
    const flags = new Set(all.map((i) => i.flag));
    for (const f of [
      '--owner',
      '--emitter',
      '--receiver',
      '--taker',
      '--cnpj',
      '--payer',
      '--from',
      '--created-to',
      '--due-from',
      '--competence',
      '--month',
    ])
      expect(flags).toContain(f);
    expect(all.length).toBeGreaterThan(60);
  });

  for (const { path, flag, kind } of all) {
    const { masked, wrong } = VALUES[kind];
    it(`fiscal ${path} ${flag} ${masked} is read; ${wrong} exits 2 naming ${flag}`, async () => {
      const ok = await fiscal([...path.split(' '), flag, masked, ...extras(path, flag)]);
      expect(ok.code, ok.stderr).not.toBe(2);
      const bad = await fiscal([...path.split(' '), flag, wrong, ...extras(path, flag)]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(flag);
    });
  }

  it('a masked CPF is read where a CPF is taken, its wrong check digits refused', async () => {
    expect((await fiscal(['search', 'nfe', '--emitter', CPF.masked])).code).toBe(0);
    const bad = await fiscal(['search', 'nfe', '--emitter', CPF.wrong]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--emitter: "123\.456\.789-08": check digits are 08, expected 09/);
  });
});

describe('arguments that take a CNPJ', () => {
  for (const path of ['companies show', 'cnpj']) {
    it(`fiscal ${path} ${CNPJ.masked} is read; ${CNPJ.wrong} exits 2 naming it`, async () => {
      expect((await fiscal([...path.split(' '), CNPJ.masked])).code).not.toBe(2);
      const bad = await fiscal([...path.split(' '), CNPJ.wrong]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(CNPJ.wrong);
    });
  }

  it('every argument named cnpj is one of those', () => {
    const withCnpj = allSpecs(currentTree())
      .filter((s) => s.arguments.some((a) => /cnpj/i.test(a.name)))
      .map((s) => s.path.join(' '));
    expect(withCnpj.sort()).toEqual(['cnpj', 'companies show']);
  });
});
