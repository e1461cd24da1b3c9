// A folder as {relative path: sha256}, to compare pull results byte for byte.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

const made: string[] = [];

/**
 * Removes the folders `tempDir` made; test/setup.ts runs it when a test file's tests end (vitest
 * ends its workers without an 'exit' event, so process hooks would never run; and a hook
 * registered by this module would be registered once per worker, not once per file).
 */
export function removeMadeDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A fresh folder under the system temp dir, removed after the test file. */
export function tempDir(prefix = 'fiscal-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function readNdjson(path: string): Array<Record<string, any>> {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/**
 * snapshot() of a pull folder whose append-only files are compared as sets of lines: index.ndjson
 * and the key store's shards (`.fiscal/keys/*.ndjson`) hold the lines of the streams in the order
 * their pages arrived, which differs from run to run; every other file must match byte for byte.
 */
export function pullSnapshot(dir: string): Record<string, string> {
  const out = snapshot(dir);
  for (const rel of Object.keys(out)) {
    if (rel !== 'index.ndjson' && !/^\.fiscal\/keys\/.*\.ndjson$/.test(rel)) continue;
    const lines = readFileSync(join(dir, rel), 'utf8').split('\n').filter(Boolean).sort();
    out[rel] = `sorted:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return out;
}
