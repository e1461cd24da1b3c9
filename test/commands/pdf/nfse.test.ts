// `fiscal pdf nfse`, in process against an emulator: DANFSe by R10 id, or the OCR original.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NFSE_PDF_ROLES } from '../../../src/api/wire/pdf.js';
import { nfseVerb } from '../../../src/commands/pdf/index.js';
import type { StoredNfse } from '../../../src/emulator/model-docs.js';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 40 });
});
afterAll(async () => emu?.close());

const notes = (): StoredNfse[] => emu.store.docsOf(emu.accounts[0]!.id, 'nfse').entries.map((e) => e.doc);
const safe = (id: string) => id.replace(/:/g, '_');
const pdf = (argv: string[], stdin?: string) => runMain(['pdf', 'nfse', ...argv], emulatorEnv(emu), stdin);

describe('fiscal pdf nfse', () => {
  it('R10: saves the DANFSe of each id as <dir>/<id with _>.pdf, ids from arguments and --stdin ({"id"})', async () => {
    const [a, b] = notes();
    const dir = tempDir();
    const r = await pdf([a!.id, '--stdin', '--dir', dir], `{"id":"${b!.id}"}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.key, x.file])).toEqual([
      [a!.id, join(dir, `${safe(a!.id)}.pdf`)],
      [b!.id, join(dir, `${safe(b!.id)}.pdf`)],
    ]);
  });

  it('--manual --role saves the OCR original as <id>-original.pdf', async () => {
    const ocr = notes().find((d) => ['ocr', 'manual'].includes(d.origin))!;
    const dir = tempDir();
    emu.resetStats();
    const r = await pdf([ocr.id, '--manual', '--role', ocr.roles[0]!.role, '--dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual([`${safe(ocr.id)}-original.pdf`]);
    expect(emu.stats().requests.byRoute['GET /v1/nfse/{role}/manual/pdf']).toBe(1);
  });

  it('--manual needs --role, --role needs --manual, and --role is one of the roles (exit 2, nothing sent)', async () => {
    const [a] = notes();
    emu.resetStats();
    const noRole = await pdf([a!.id, '--manual']);
    expect(noRole.code).toBe(2);
    expect(noRole.stderr).toContain('--manual needs --role (received, emitted, intermediate)');
    const noManual = await pdf([a!.id, '--role', 'received']);
    expect(noManual.code).toBe(2);
    expect(noManual.stderr).toContain('--role only applies with --manual');
    const badRole = await pdf([a!.id, '--manual', '--role', 'taker']);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('--role');
    expect(emu.stats().requests.total).toBe(0);
  });

  it('R10: a malformed id exits 2 naming it', async () => {
    const r = await pdf(['12345:2026-01-01:1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid NFS-e id "12345:2026-01-01:1"');
  });

  it('offers the roles of the wire (declared apart so that --help loads no zod)', () => {
    expect(nfseVerb.flags.role.choices).toEqual(NFSE_PDF_ROLES);
  });
});
