// `fiscal --version` and `--help` must not load the HTTP, XML, prompt or validation libraries:
// those are imported only by the verb that uses them (dynamic import() in the bundle).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Bare module names reachable from a bundle file through static imports only. */
function staticImports(file: string, seen = new Set<string>(), bare = new Set<string>()): Set<string> {
  if (seen.has(file)) return bare;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(/^\s*import\s+(?:[^'"()]*?\s+from\s+)?["']([^"']+)["'];?/gm)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) staticImports(join(dirname(file), spec), seen, bare);
    else bare.add(spec);
  }
  return bare;
}

describe('start-up', () => {
  it('loads no package at all for --version: commander itself comes with the first command', () => {
    const loaded = [...staticImports(join(dist, 'cli.js'))].filter((s) => !s.startsWith('node:'));
    expect(loaded).toEqual([]);
  });

  it('keeps undici, fast-xml-parser, @inquirer/prompts, zod, ora and conf behind dynamic imports', () => {
    const code = readFileSync(join(dist, 'cli.js'), 'utf8');
    expect(code).toMatch(/import\(/);
    for (const heavy of ['undici', 'fast-xml-parser', '@inquirer/prompts', 'zod', 'ora', 'conf']) {
      expect([...staticImports(join(dist, 'cli.js'))]).not.toContain(heavy);
    }
  });
});
