// `fiscal xml <type> <key>...`: one declaration whose <type> commander checks, keys checked for the
// type's model before anything is sent, one key to stdout, several to --dir with one row each, and
// the exit codes of keys not found; in process against an emulator.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XML_TYPE_WORDS, xmlVerb } from '../../../src/commands/xml/index.js';
import { XML_TYPES } from '../../../src/commands/xml/kinds.js';
import { docXml, nfeXml } from '../../../src/emulator/data/dataset.js';
import { accessKeyCheckDigit } from '../../../src/fiscal/access-key.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 20 });
});
afterAll(async () => emu?.close());

const fiscal = (argv: string[], stdin?: string) => runMain(argv, emulatorEnv(emu), { stdin });
const account = () => emu.accounts[0]!.id;
const ndjson = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** A valid key of the same month, model and emitter as `key` that no document has. */
const absent = (key: string) => `${key.slice(0, 35)}99999999` + accessKeyCheckDigit(`${key.slice(0, 35)}99999999`);

describe('fiscal xml', () => {
  it('declares <type> with the types the module retrieves, and [keys...]', () => {
    expect(xmlVerb.args?.[0]).toMatchObject({ name: 'type', choices: XML_TYPE_WORDS });
    expect(xmlVerb.args?.[1]).toMatchObject({ name: 'keys', required: false, variadic: true });
    expect([...XML_TYPE_WORDS]).toEqual([...XML_TYPES]);
  });

  it('-o xlsx on a terminal is refused before anything is sent or the --dir folder made', async () => {
    const doc = emu.store.nfesOf(account()).byRole.emitted[0]!.doc;
    const dir = join(tempDir(), 'xmls');
    emu.resetStats();
    const r = await runMain(['-o', 'xlsx', 'xml', 'nfe', doc.accessKey, '--dir', dir], emulatorEnv(emu), {
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/-o xlsx writes a binary workbook/);
    expect(emu.stats().requests.total).toBe(0);
    expect(existsSync(dir)).toBe(false);
  });

  it('R11: an NF-e found in any role goes to stdout', async () => {
    const doc = emu.store.nfesOf(account()).byRole.emitted[0]!.doc;
    const r = await fiscal(['xml', 'nfe', doc.accessKey]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(nfeXml(doc));
  });

  it('several keys go to --dir, one row each; a key not held is reported: exit 7', async () => {
    const ctes = emu.store
      .docsOf(account(), 'cte')
      .entries.slice(0, 2)
      .map((e) => e.doc);
    const missing = absent(ctes[0]!.accessKey);
    const dir = tempDir();
    const r = await fiscal(['-o', 'ndjson', 'xml', 'cte', ...ctes.map((d) => d.accessKey), missing, '--dir', dir]);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toContain(`${missing}: not found among the account's CT-e`);
    expect(ndjson(r.stdout).map((row) => [row.key, row.status])).toEqual([
      [ctes[0]!.accessKey, 'ok'],
      [ctes[1]!.accessKey, 'ok'],
      [missing, 'error'],
    ]);
    expect(readdirSync(dir).sort()).toEqual(ctes.map((d) => `${d.accessKey}.xml`).sort());
    expect(readFileSync(join(dir, `${ctes[1]!.accessKey}.xml`), 'utf8')).toBe(docXml('cte', ctes[1]!));
  });

  it('one key not held, without --dir: exit 4, nothing written', async () => {
    const missing = absent(emu.store.docsOf(account(), 'mdfe').entries[0]!.doc.accessKey);
    const r = await fiscal(['xml', 'mdfe', missing]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
  });

  it('R7: usage errors exit 2 before anything is sent', async () => {
    const before = emu.stats().requests.total;
    const nfse = await fiscal(['xml', 'nfse', 'x']);
    expect(nfse.code).toBe(2);
    expect(nfse.stderr).toMatch(/'nfse' is invalid.*choices are nfe, nfce, cte, cteos, mdfe/);
    const nfeKey = emu.store.nfesOf(account()).entries[0]!.doc.accessKey;
    const model = await fiscal(['xml', 'nfce', nfeKey]);
    expect(model.code).toBe(2);
    expect(model.stderr).toContain(`"${nfeKey}" is a key of model 55`);
    const digit = await fiscal(['xml', 'nfe', `${nfeKey.slice(0, 43)}${(Number(nfeKey[43]) + 1) % 10}`]);
    expect(digit.code).toBe(2);
    expect(digit.stderr).toMatch(/invalid access key/);
    const none = await fiscal(['xml', 'cte']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/give at least one access key, or --stdin/);
    expect(emu.stats().requests.total).toBe(before);
  });

  it('--stdin reads keys, one per line or NDJSON, each checked (naming standard input)', async () => {
    const docs = emu.store
      .docsOf(account(), 'cteos')
      .entries.slice(0, 2)
      .map((e) => e.doc);
    const dir = tempDir();
    const lines = `${docs[0]!.accessKey}\n${JSON.stringify({ AccessKey: docs[1]!.accessKey })}\n`;
    const r = await fiscal(['xml', 'cteos', '--stdin', '--dir', dir], lines);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir)).toHaveLength(2);
    const wrong = await fiscal(
      ['xml', 'cteos', '--stdin', '--dir', tempDir()],
      `${docs[0]!.accessKey.slice(0, 43)}x\n`,
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('(standard input)');
    expect(existsSync(join(dir, 'x.xml'))).toBe(false);
  });
});
