// The pull folder the report tests group: NF-e of one account in two roles (documents of two
// copies), their events (canceled notes), and CT-e as taker (documents without items). It lives
// for the test file (tempDir() folders go after each test).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runMain } from './context.js';
import type { TestEmulator } from './emulator.js';

/** The folder `<TMPDIR>/<name>-<pid>`, pulled. */
export async function pullReportFolder(name: string, env: Record<string, string>): Promise<string> {
  const dir = join(process.env.TMPDIR ?? '/tmp', `${name}-${process.pid}`);
  for (const args of [
    ['pull', 'nfe', '--role', 'received,emitted', '--with-events'],
    ['pull', 'cte', '--role', 'taker'],
  ]) {
    const r = await runMain(['-o', 'json', ...args, '--dir', dir], env);
    expect(r.code, r.stderr).toBe(0);
  }
  return dir;
}

export async function removeReportFolder(emu: TestEmulator | undefined, dir: string): Promise<void> {
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
}
