// The local PDF figures of `npm run bench`: DANFe drawn per second in one process (beside the rate
// at which the same XML is only read, the floor under any drawing), `pull --with-pdf local` against
// the same pull without PDFs, and `--with-pdf api` beside them under the emulator's latency and
// rate limit. The renderers are bundled from src/ by esbuild (a dev dependency): dist/ has them
// only inside lazily loaded chunks with hashed names.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { cleanupPull, pull, tempDir } from './cli.mjs';
import { account } from './figures.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The renderers and the emulator's generator, bundled from src/ for this process. */
async function loadRenderers() {
  // Inside node_modules, so that the bundle's imports of pdfkit and the others resolve.
  const dir = join(root, 'node_modules', '.cache', `fiscal-bench-render-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.ts');
  const out = join(dir, 'entry.mjs');
  writeFileSync(
    entry,
    [
      `export { renderPdf } from ${JSON.stringify(join(root, 'src/fiscal/render/index.ts'))};`,
      `export { readDocuments } from ${JSON.stringify(join(root, 'src/fiscal/readers/index.ts'))};`,
      `export { generateDataset, nfeXml } from ${JSON.stringify(join(root, 'src/emulator/data/dataset.ts'))};`,
    ].join('\n'),
  );
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: out,
    logLevel: 'warning',
    absWorkingDir: root,
    nodePaths: [join(root, 'node_modules')],
  });
  const mod = await import(pathToFileURL(out).href);
  return { ...mod, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `fn` over every item `rounds` times; wall and CPU time per item. */
async function rateOf(items, rounds, fn) {
  for (const item of items.slice(0, 20)) await fn(item); // warm-up: fonts, parser, JIT
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let r = 0; r < rounds; r++) for (const item of items) await fn(item);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const n = items.length * rounds;
  return { n, perSecond: n / (wallMs / 1000), perCpuSecond: n / ((used.user + used.system) / 1e6) };
}

/** DANFe per second, one process, over the emulator's NF-e (5 to 30 items each). */
export async function danfeRate(count) {
  const r = await loadRenderers();
  try {
    const data = r.generateDataset({ seed: 1, docs: count, now: new Date('2026-06-15T12:00:00-03:00') });
    const xmls = data.nfes.map((n) => Buffer.from(r.nfeXml(n)));
    const read = await rateOf(xmls, 1, async (xml) => r.readDocuments(xml, 'bench'));
    const drawn = await rateOf(xmls, 1, (xml) => r.renderPdf('nfe', xml));
    return { docs: xmls.length, read, drawn };
  } finally {
    r.cleanup();
  }
}

/** The same pull three ways: no PDF, `--with-pdf local`, and (optionally) `--with-pdf api`. */
async function pullWays(emu, ways) {
  const out = {};
  for (const [name, extra] of ways) {
    const dir = tempDir(`pdf-${name}`);
    cleanupPull(dir);
    await emu.resetStats();
    const r = await pull(emu.env, dir, ['--role', 'received', ...extra]);
    const stats = await emu.stats();
    out[name] = { ms: r.wallMs, cpuMs: r.cpuMs, documents: r.summary?.documents ?? 0, requests: stats.requests.total };
    cleanupPull(dir);
  }
  return out;
}

/** `pull --with-pdf local` against the plain pull, on a local emulator without latency. */
export async function pullWithLocalPdf(docs) {
  const emu = await account(docs);
  try {
    return await pullWays(emu, [
      ['none', []],
      ['local', ['--with-pdf', 'local']],
    ]);
  } finally {
    await emu.close();
  }
}

/** The three ways under a remote service's latency and a rate limit: what `--with-pdf api` costs. */
export async function pullPdfUnderLimit(docs, latency, rateLimit) {
  const emu = await account(docs, ['--latency', latency, '--rate-limit', rateLimit]);
  try {
    return await pullWays(emu, [
      ['none', ['--rate-limit', rateLimit]],
      ['local', ['--rate-limit', rateLimit, '--with-pdf', 'local']],
      ['api', ['--rate-limit', rateLimit, '--with-pdf', 'api']],
    ]);
  } finally {
    await emu.close();
  }
}
