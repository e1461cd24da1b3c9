#!/usr/bin/env node
// Validates the emulator's generated NF-e and event XML against the official schemas in
// ../shared/xsd (next to this repository). Prints counts; exit status 1 when anything is invalid.
//
//   node test/xsd/validate-emulator-xml.mjs [--seed 1] [--docs 300]
//
// The checks live in emulator-xml.ts (the vitest suite runs them too); Node 20 cannot run
// TypeScript, so this bundles that file with esbuild (a dev dependency) and imports the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { seed: { type: 'string', default: '1' }, docs: { type: 'string', default: '300' } } });

if (!fs.existsSync(path.resolve(repoRoot, '..', 'shared', 'xsd'))) {
  console.log('../shared/xsd not found, skipping');
  process.exit(0);
}

const outfile = path.join(repoRoot, 'node_modules', '.cache', 'fiscal-xsd', 'emulator-xml.mjs');
await build({
  entryPoints: [path.join(repoRoot, 'test', 'xsd', 'emulator-xml.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile,
  logLevel: 'warning',
});
const { nfeXsdDir, validateGenerated } = await import(pathToFileURL(outfile).href);

const dir = nfeXsdDir(repoRoot);
if (!dir) {
  console.log('../shared/xsd/nfe-PL_009_V4 not found, skipping');
  process.exit(0);
}
const started = Date.now();
const report = validateGenerated(dir, Number(values.seed), Number(values.docs));
for (const f of report.failures.slice(0, 20)) console.log(`INVALID ${f.what} (${f.schema}): ${f.why.slice(0, 400)}`);
const types = Object.entries(report.eventsByType).map(([t, n]) => `${t}: ${n}`).join(', ');
console.log(`NF-e documents: ${report.docs}; events: ${report.events} (${types})`);
console.log(`${report.failures.length} invalid, in ${Date.now() - started} ms`);
process.exit(report.failures.length ? 1 : 0);
