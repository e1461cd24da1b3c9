// The built CLI where any user can run it. A clone may sit under a folder only its owner can
// enter (CI clones under one): a test that runs the CLI as another user then needs the CLI, its
// package.json and its node_modules in a place that user can traverse and read.
import { spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './tree.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PARTS = ['bin', 'dist', 'package.json', 'node_modules'];

let copied: string | undefined;

/**
 * bin/fiscal.js of a copy of the CLI in a temporary folder everyone may traverse: hard links
 * where the file system allows them (instant, no space), plain copies otherwise.
 */
export function binForAnyUser(): string {
  if (!copied) {
    const dir = tempDir('fiscal-cli-any-user-');
    chmodSync(dir, 0o755);
    for (const part of PARTS) {
      const from = join(REPO, part);
      const linked = spawnSync('cp', ['-al', from, dir], { encoding: 'utf8' });
      if (linked.status === 0) continue;
      const plain = spawnSync('cp', ['-a', from, dir], { encoding: 'utf8' });
      if (plain.status !== 0) throw new Error(`cannot copy ${from} to ${dir}: ${plain.stderr || linked.stderr}`);
    }
    copied = dir;
  }
  return join(copied, 'bin', 'fiscal.js');
}
