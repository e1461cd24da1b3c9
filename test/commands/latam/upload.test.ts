// `fiscal latam upload`, in process against an emulator: one row per file, checked locally first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ docs: 10 });
});
afterAll(async () => emu?.close());

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/latam/${name}`, import.meta.url));
const uploads = () => emu.stats().requests.byRoute['POST /v1/latam/upload'] ?? 0;

function folder(files: Record<string, Buffer | string>): string {
  const dir = tempDir();
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

describe('fiscal latam upload', () => {
  it('sends each readable file once; a file that cannot be read fails its row without a request (exit 7)', async () => {
    const dir = folder({ 'a.xml': fixture('dte-factura.xml'), 'b.xml': '<pedido/>', 'notes.txt': 'not xml' });
    const before = uploads();
    const r = await runMain(['latam', 'upload', dir], emulatorEnv(emu));
    expect(r.code).toBe(7);
    expect(ndjson(r.stdout).map((x) => [x.file, x.success])).toEqual([
      [join(dir, 'a.xml'), true],
      [join(dir, 'b.xml'), false],
    ]);
    expect(uploads() - before).toBe(1);
  });

  it('--country is one of MX, CL, CO, PE (exit 2 naming the flag); --dry-run sends nothing', async () => {
    const dir = folder({ 'mx.xml': fixture('cfdi-ingreso.xml') });
    const bad = await runMain(['latam', 'upload', dir, '--country', 'BR'], emulatorEnv(emu));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--country/);
    const before = uploads();
    const dry = await runMain(['latam', 'upload', dir, '--country', 'MX', '--dry-run'], emulatorEnv(emu));
    expect(dry.code, dry.stderr).toBe(0);
    expect(ndjson(dry.stdout)[0]).toMatchObject({ country: 'MX', success: true, message: 'dry run: would be sent' });
    expect(uploads()).toBe(before);
  });

  it('reads standard input with -, and - only once (exit 2)', async () => {
    const r = await runMain(['latam', 'upload', '-'], emulatorEnv(emu), fixture('pe-factura.xml').toString('utf8'));
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)[0]).toMatchObject({ file: '-', country: 'PE', success: true });
    const twice = await runMain(['latam', 'upload', '-', '-'], emulatorEnv(emu));
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('give - (standard input) at most once');
  });
});
