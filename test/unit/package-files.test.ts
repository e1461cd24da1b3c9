// What the help and the man page point to ships with the package: every `docs/<name>.md` they
// name exists and is in the files `npm pack` would publish.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { manPage } from '../../src/cli-tree/man.js';
import { allSpecs } from '../../src/cli-tree/spec.js';
import { TOPICS } from '../../src/cli-tree/topics.js';
import { currentTree } from '../helpers/cli-tree.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

function namedDocs(): string[] {
  const tree = currentTree();
  const texts = [
    manPage(tree),
    ...allSpecs(tree).flatMap((s) => [
      s.description,
      s.helpAfter,
      ...s.options.map((o) => o.description),
      ...s.arguments.map((a) => a.description),
    ]),
    ...TOPICS.flatMap((t) => [t.intro, t.outro ?? '', ...t.items.flat()]),
  ];
  return [...new Set(texts.flatMap((t) => [...t.matchAll(/\bdocs\/[\w.-]+\.md\b/g)].map((m) => m[0])))].sort();
}

describe('the docs the help names', () => {
  const named = namedDocs();

  it('exist in the repository', () => {
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((path) => !existsSync(join(repo, path)))).toEqual([]);
  });

  it('are in the package (npm pack), with the man page', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const packed = new Set((JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path));
    expect(named.filter((path) => !packed.has(path))).toEqual([]);
    expect(packed.has('docs/fiscal.1')).toBe(true);
    // The render pool's worker, the build's second entry (npm test builds first), ships beside the CLI.
    expect(packed.has('dist/cli.js')).toBe(true);
    expect(packed.has('dist/render-worker.js')).toBe(true);
  });
});
