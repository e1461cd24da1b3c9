// docs/upload.md, "Try it offline": the commands of its block, run as written (the port 0, the
// folder of real XML), against the emulator it starts: the upload succeeds and the search finds it.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli.js';
import { startEmulatorProcess, type EmulatorProcess } from '../helpers/emulator-process.js';
import { tempDir } from '../helpers/tree.js';

const DOC = fileURLToPath(new URL('../../docs/upload.md', import.meta.url));
const SAMPLES = fileURLToPath(new URL('../../../shared/samples/nfe/', import.meta.url));
/** Real NF-e from the shared samples, whose parties no generated company is. */
const REAL = [
  'nfelib__35180834128745000152550010000474281920007498-nfe.xml',
  'nfelib__26180875335849000115550010000016871192213331-nfe.xml',
];
const haveSamples = REAL.every((f) => existsSync(join(SAMPLES, f)));
if (!haveSamples) console.warn(`skipped: docs/upload.md's offline try with real XML: ${SAMPLES} is absent`);

/** The `fiscal ...` lines of the section's shell block, as a newcomer copies them. */
function docCommands(): string[][] {
  const text = readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf('## Try it offline'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .filter((l) => l.startsWith('fiscal '))
    .map((l) =>
      l
        .replace(/\s+#.*$/, '')
        .split(/\s+/)
        .slice(1),
    );
}

let emulator: EmulatorProcess | undefined;
let env: Record<string, string> = {};
let commands: string[][];

beforeAll(async () => {
  if (!haveSamples) return;
  commands = docCommands();
  const [serve] = commands;
  expect(serve![0]).toBe('emulator');
  // The doc's port, made free for a test that runs beside others.
  emulator = await startEmulatorProcess(serve!.slice(1).map((a, i, all) => (all[i - 1] === '--port' ? '0' : a)));
  env = emulator.env;
}, 60_000);
afterAll(async () => {
  await emulator?.stop();
});

describe.runIf(haveSamples)('docs/upload.md: try it offline', () => {
  it('real XML: the dry run, the upload, the search and the companies, as the doc says', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'xmls'));
    for (const f of REAL) copyFileSync(join(SAMPLES, f), join(cwd, 'xmls', f));
    const [, dry, upload, search, companies] = commands;
    const run = (args: string[]) => runInProcess(['-o', 'ndjson', ...args], { env, cwd });

    const checked = await run(dry!);
    expect(checked.exitCode, checked.stderr).toBe(0);

    const sent = await run(upload!);
    expect(sent.exitCode, sent.stderr).toBe(0);
    const rows = sent.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { key: string; success: boolean; message: string });
    expect(rows).toHaveLength(REAL.length);
    for (const row of rows) {
      expect(row.success, row.message).toBe(true);
      expect(row.message).toMatch(
        /^nfe \d{44}: stored at position \d+ \(\d{14} adopted as a company of the account\)$/,
      );
    }

    const key = rows[0]!.key;
    const found = await run(search!.map((a) => (a === '<key>' ? key : a)));
    expect(found.exitCode, found.stderr).toBe(0);
    expect(found.stdout).toContain(key);

    const listed = await run(companies!);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(key.slice(6, 20));
  });
});
