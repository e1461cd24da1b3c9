#!/usr/bin/env node
// Validates the emulator's generated XML against the official schemas in ../shared/xsd (next to
// this repository): NF-e, CT-e, CT-e OS, MDF-e, NFC-e and NFS-e, and the events of each. Prints per
// type how many were checked and how many are invalid; exit status 1 when anything is invalid.
//
//   node test/xsd/validate-emulator-xml.mjs [--seed 1] [--docs 300]
//
// --docs is per account and per type (the emulator makes three accounts).
//
// The checks live in emulator-xml.ts (the vitest suite runs them too); Node 20 cannot run
// TypeScript, so this bundles that file with esbuild (a dev dependency) and imports the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: { seed: { type: 'string', default: '1' }, docs: { type: 'string', default: '300' } },
});

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
const { nfeXsdDir, sharedXsdRoot, validateGenerated, validateGeneratedTypes } = await import(
  pathToFileURL(outfile).href
);

const seed = Number(values.seed);
const docs = Number(values.docs);
let invalid = 0;
const dir = nfeXsdDir(repoRoot);
if (dir) {
  const started = Date.now();
  const report = validateGenerated(dir, seed, docs);
  for (const f of report.failures.slice(0, 20)) console.log(`INVALID ${f.what} (${f.schema}): ${f.why.slice(0, 400)}`);
  const types = Object.entries(report.eventsByType)
    .map(([t, n]) => `${t}: ${n}`)
    .join(', ');
  console.log(
    `NF-e documents: ${report.docs}; events: ${report.events} (${types}); ${report.failures.length} invalid, in ${Date.now() - started} ms`,
  );
  invalid += report.failures.length;
} else {
  console.log('../shared/xsd/nfe-PL_010_V1.30-RTC not found, NF-e skipped');
}

const root = sharedXsdRoot(repoRoot);
if (root) {
  const started = Date.now();
  for (const r of validateGeneratedTypes(root, seed, docs)) {
    for (const f of r.failures.slice(0, 10)) console.log(`INVALID ${f.what} (${f.schema}): ${f.why.slice(0, 400)}`);
    const types = Object.entries(r.eventsByType)
      .map(([t, n]) => `${t}: ${n}`)
      .join(', ');
    console.log(
      `${r.label} documents: ${r.docs}, ${r.invalidDocs} invalid; events: ${r.events}${types ? ` (${types})` : ''}, ${r.invalidEvents} invalid`,
    );
    invalid += r.invalidDocs + r.invalidEvents;
  }
  console.log(`other types in ${Date.now() - started} ms`);
} else {
  console.log('a schema folder of CT-e, MDF-e, NF-e or NFS-e is missing under ../shared/xsd, other types skipped');
}
console.log(`${invalid} invalid in all`);
process.exit(invalid ? 1 : 0);
