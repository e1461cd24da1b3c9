// `fiscal latam xml`, in process against an emulator: the XML as stored, to stdout or files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../helpers/context.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { ndjson } from '../../helpers/cli.js';

let emu: TestEmulator;
let ids: string[];
beforeAll(async () => {
  emu = await startEmulator({ docs: 10 });
  const listed = await runMain(['latam', 'list', '--limit', '2'], emulatorEnv(emu));
  ids = listed.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);
});
afterAll(async () => emu?.close());

describe('fiscal latam xml', () => {
  it('one id without --dir writes its XML to stdout', async () => {
    const r = await runMain(['latam', 'xml', ids[0]!], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<\?xml|^</);
  });

  it('ids from arguments and --stdin go to <dir>/<id>.xml, each once', async () => {
    const dir = tempDir();
    const r = await runMain(
      ['latam', 'xml', ids[0]!, '--stdin', '--dir', dir],
      emulatorEnv(emu),
      `${ids[0]}\n{"id":"${ids[1]}"}\n`,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout).map((x) => [x.id, x.status])).toEqual([
      [ids[0], 'ok'],
      [ids[1], 'ok'],
    ]);
    expect(readdirSync(dir).sort()).toEqual(ids.map((id) => `${id}.xml`).sort());
    expect(readFileSync(join(dir, `${ids[1]}.xml`), 'utf8')).toContain('<');
  });

  it('a malformed id exits 2 (argument or standard input) before any request', async () => {
    emu.resetStats();
    const arg = await runMain(['latam', 'xml', 'AR-1'], emulatorEnv(emu));
    expect(arg.code).toBe(2);
    expect(arg.stderr).toContain('"AR-1" is not a LATAM document id');
    const piped = await runMain(['latam', 'xml', '--stdin'], emulatorEnv(emu), 'nope\n');
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('"nope" (standard input) is not a LATAM document id');
    const none = await runMain(['latam', 'xml'], emulatorEnv(emu));
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give at least one id, or --stdin');
    expect(emu.stats().requests.total).toBe(0);
  });
});
