// What `fiscal --version` and `fiscal --help` load: the bundle's entry (dist/cli.js), the command
// tree (the program chunk main imports) and whatever those import statically. None of the
// libraries a verb needs may be on that path: a declaration file that imports a wire module at
// runtime (instead of `import type`) pulls zod into every --help. Read from the built files (run
// `npm run build` first), then confirmed on a real process with a module-loading hook.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/context.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');
const bin = join(root, 'bin', 'fiscal.js');

/** Packages that only a running verb may load. */
const HEAVY = ['zod', 'undici', 'fast-xml-parser', '@inquirer/', 'ora', 'conf', 'exceljs', 'pdfkit', 'bwip-js'];

function isHeavy(specifier: string): boolean {
  return HEAVY.some((h) =>
    h.endsWith('/') ? specifier.startsWith(h) : specifier === h || specifier.startsWith(`${h}/`),
  );
}

/** `import ... from "x"`, `import "x"` and `export ... from "x"`; never `import("x")`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'"()]*?\s+from\s+)?["']([^"']+)["'];?/gm;

/**
 * esbuild's mark over a package's module bundled into a chunk (zod, undici and commander are:
 * package.json's build), its path relative to the project (`../x/node_modules/` where node_modules
 * is a link to another checkout's).
 */
const BUNDLED = /^\/\/ (?:\S*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm;

/** The packages bundled into a built file: loading it loads them. */
function bundledIn(file: string): string[] {
  return [...new Set([...readFileSync(file, 'utf8').matchAll(BUNDLED)].map((m) => m[1]!))];
}

interface Reach {
  /** Bundle files on the path, relative to dist/. */
  files: string[];
  /** Each package imported on the path, with the file that imports it. */
  packages: Map<string, string>;
}

/** The files and packages reachable from `entries` through static imports only. */
function staticPath(entries: string[]): Reach {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) visit(join(dirname(file), spec));
      else if (!packages.has(spec)) packages.set(spec, relative(dist, file));
    }
    for (const name of bundledIn(file)) if (!packages.has(name)) packages.set(name, relative(dist, file));
  };
  entries.forEach(visit);
  return { files: [...seen].map((f) => relative(dist, f)), packages };
}

/** The chunk main loads with `import('./program.js')`: the command tree. */
function programChunk(): string {
  const cli = readFileSync(join(dist, 'cli.js'), 'utf8');
  const m = /import\(["'](\.\/chunks\/program-[^"']+\.js)["']\)/.exec(cli);
  if (!m) throw new Error('dist/cli.js does not import the program chunk dynamically: run npm run build');
  return join(dist, m[1]!);
}

/** Each heavy package on the path, with the source modules (esbuild's `// src/...` marks) of the chunk importing it. */
function heavyOf(reach: Reach): string[] {
  return [...reach.packages]
    .filter(([spec]) => isHeavy(spec))
    .map(([spec, file]) => {
      const sources = [...readFileSync(join(dist, file), 'utf8').matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => m[1]);
      return `${spec} (imported by ${file}: ${sources.join(', ')})`;
    });
}

/** Runs bin/fiscal.js with a loader hook that writes every module URL it loads to a file. */
function loadedBy(...argv: string[]): { status: number | null; stdout: string; urls: string[] } {
  const dir = tempDir('fiscal-startup-');
  const log = join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    [
      "import { appendFileSync } from 'node:fs';",
      'export async function load(url, context, next) {',
      '  appendFileSync(process.env.FISCAL_TEST_LOADED, `${url}\\n`);',
      '  return next(url, context);',
      '}',
    ].join('\n'),
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, bin, ...argv], {
    encoding: 'utf8',
    env: { ...process.env, FISCAL_TEST_LOADED: log, FISCAL_CONFIG_DIR: dir, NO_COLOR: '1' },
  });
  return { status: r.status, stdout: r.stdout, urls: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

/** The package a module URL belongs to (`@inquirer/core`, `zod`), or undefined for the project's own. */
function packageOf(url: string): string | undefined {
  const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  return m?.[1];
}

describe('start-up: what --help and --version load', () => {
  it('dist/cli.js alone (all --version loads) imports no package statically', () => {
    const reach = staticPath([join(dist, 'cli.js')]);
    expect([...reach.packages.keys()].filter((s) => !s.startsWith('node:'))).toEqual([]);
  });

  it('the command tree reaches none of zod, undici, fast-xml-parser, @inquirer/*, ora, conf through static imports', () => {
    const reach = staticPath([join(dist, 'cli.js'), programChunk()]);
    expect(reach.packages.has('commander')).toBe(true); // the walk does follow the tree
    expect(heavyOf(reach), `on the --help path (${reach.files.length} files)`).toEqual([]);
  });

  it.each([['--help'], ['--version']])('a real `fiscal %s` loads none of them either', (flag) => {
    const run = loadedBy(flag);
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(0);
    const loaded = run.urls.flatMap((u) => {
      const name = packageOf(u);
      if (name !== undefined) return [name];
      return u.startsWith('file:') && u.includes('/dist/') ? bundledIn(fileURLToPath(u)) : [];
    });
    // The hook does see the loads: the entry at least, and commander (bundled in) for --help.
    expect(run.urls.some((u) => u.endsWith('/dist/cli.js'))).toBe(true);
    if (flag === '--help') expect(loaded).toContain('commander');
    expect([...new Set(loaded.filter(isHeavy))]).toEqual([]);
  });

  it('exceljs loads for -o xlsx only: a report as CSV never loads it, as xlsx it does', () => {
    const empty = tempDir('fiscal-startup-docs-');
    const csv = loadedBy('report', empty, '-o', 'csv');
    expect(csv.status).toBe(0);
    expect(csv.urls.some((u) => packageOf(u) === 'exceljs')).toBe(false);
    const xlsx = loadedBy('report', empty, '-o', 'xlsx');
    expect(xlsx.status).toBe(0);
    expect(xlsx.urls.some((u) => packageOf(u) === 'exceljs')).toBe(true);
  });

  it('the rule itself: a static import of a wire module would be caught', () => {
    expect(isHeavy('zod')).toBe(true);
    expect(isHeavy('@inquirer/prompts')).toBe(true);
    expect(isHeavy('zodiac')).toBe(false);
    expect(
      [...'import { z } from "zod";\nconst m = await import("undici");'.matchAll(STATIC_IMPORT)].map((m) => m[1]),
    ).toEqual(['zod']);
    expect(readdirSync(join(dist, 'chunks')).some((f) => f.startsWith('program-'))).toBe(true);
    // A bundled package is seen too, by esbuild's path marks, and a project module is not one.
    const chunk = join(tempDir('fiscal-startup-bundled-'), 'chunk.js');
    writeFileSync(chunk, '// node_modules/zod/v4/core/core.js\nvar a = 1;\n// src/api/wire/nfe.ts\n');
    expect(bundledIn(chunk)).toEqual(['zod']);
  });

  it("a report reaches neither the catalog's ingest (the XML walks, the readers) nor the durable writes through static imports", () => {
    // Loaded when a catalog has lines to ingest or a page is written: a report of a current
    // catalog spent some 20 ms of its start compiling and running them.
    const report = readdirSync(join(dist, 'chunks'))
      .filter((f) => f.startsWith('report-'))
      .map((f) => join(dist, 'chunks', f));
    const reach = staticPath([join(dist, 'cli.js'), ...report]);
    const sources = reach.files.flatMap((f) =>
      [...readFileSync(join(dist, f), 'utf8').matchAll(/^\/\/ (src\/\S+)$/gm)].map((m) => m[1]!),
    );
    expect(sources).toContain('src/commands/report/report.ts');
    expect(sources).toContain('src/catalog/folder.ts');
    const lazy = /^src\/(catalog\/(staging|rebuild-pool|extract\/)|fiscal\/readers\/detect|sync\/durable)/;
    expect(sources.filter((s) => lazy.test(s))).toEqual([]);
  });

  it("the pull's catalog thread (dist/facts-worker.js) loads no XML parser: its summaries come from the lean tree", () => {
    const worker = staticPath([join(dist, 'facts-worker.js')]);
    expect(worker.files.length).toBeGreaterThan(1);
    expect(worker.packages.has('fast-xml-parser')).toBe(false);
  });
});
