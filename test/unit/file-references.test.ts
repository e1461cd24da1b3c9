// The files the code's comments and the docs name by their path in the repository (`src/...`,
// `test/...`, `docs/...`) exist: a file that moves takes the comments that point to it along.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const PATH = /(?<![\w/.-])(?:src|test|docs)\/[\w./-]+\.(?:ts|mts|mjs|md)\b/g;

function texts(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(m?ts|mjs|md)$/.test(e.name))
    .map((e) => relative(repo, join(e.parentPath, e.name)));
}

describe('the paths named in the code and the docs', () => {
  it('are files of the repository', () => {
    const files = [...texts('src'), ...texts('test'), ...texts('docs'), 'README.md'];
    const named = files.flatMap((file) =>
      [...readFileSync(join(repo, file), 'utf8').matchAll(PATH)].map((m) => ({ file, path: m[0] })),
    );
    expect(named.length).toBeGreaterThan(100);
    const missing = named.filter(({ path }) => !existsSync(join(repo, path)));
    expect(missing).toEqual([]);
  });
});
