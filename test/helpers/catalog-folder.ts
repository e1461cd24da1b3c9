// A pull folder as the tests of `inspect` from its catalog use it: its XML files, a copy of it
// (the same relative paths, so outputs compare), and inspect's output with sources relative to it.
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runMain, tempDir } from './context.js';

export function xmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.xml'))
    .map((p) => join(dir, p));
}

/** A copy of the folder, removed after the test. */
export function copyFolder(dir: string, prefix: string): string {
  const d = tempDir(prefix);
  cpSync(dir, d, { recursive: true });
  return d;
}

/** `fiscal -o ndjson inspect <dir> ...extra`, exit 0, its folder's path written `<dir>`. */
export async function inspectFolder(dir: string, env: Record<string, string>, extra: string[] = []): Promise<string> {
  const r = await runMain(['-o', 'ndjson', 'inspect', dir, ...extra], env);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.split(dir).join('<dir>');
}
