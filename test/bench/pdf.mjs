// The local PDF figures of `npm run bench`: DANFe drawn per second by `fiscal pdf nfe --local`
// over a folder (one process, its render pool's threads included), the renderer alone on one
// thread (beside the rate at which the same XML is only read, the floor under any drawing),
// `pull --with-pdf local` against the same pull without PDFs, and `--with-pdf api` beside them
// under the emulator's latency and rate limit. Each also for the build of `--before=<dist>`, in
// the same run. The renderer alone is bundled from src/ (bundle.mjs); the `--before` build's from
// the src/ beside its dist/.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleExports } from './bundle.mjs';
import { cleanupPull, pull, removeAtEnd, runMeasured, tempDir } from './cli.mjs';
import { account } from './figures.mjs';

const here = fileURLToPath(new URL('../../', import.meta.url));

/** The renderers and the emulator's generator of the sources in `root`, bundled for this process. */
function loadRenderers(root = here) {
  return bundleExports(root, {
    'src/fiscal/render/index.ts': ['renderPdf'],
    'src/fiscal/readers/index.ts': ['readDocuments'],
    'src/emulator/data/dataset.ts': ['generateDataset', 'nfeXml'],
  });
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

/** The emulator's NF-e (5 to 30 items each) of seed 1, as XML. */
async function emulatorNfes(r, count) {
  // One account: `docs` is per account, and the default is several.
  const data = r.generateDataset({ seed: 1, docs: count, accounts: 1, now: new Date('2026-06-15T12:00:00-03:00') });
  return data.nfes.map((n) => Buffer.from(r.nfeXml(n)));
}

/** DANFe per second drawn by the renderer alone on one thread (and the XML only read), for the sources in `root`. */
export async function rendererRate(count, root = here) {
  const r = await loadRenderers(root);
  try {
    const xmls = await emulatorNfes(r, count);
    const read = await rateOf(xmls, 1, async (xml) => r.readDocuments(xml, 'bench'));
    const drawn = await rateOf(xmls, 1, (xml) => r.renderPdf('nfe', xml));
    return { docs: xmls.length, read, drawn };
  } finally {
    r.cleanup();
  }
}

/**
 * The renderers of this build and of `beforeRoot` drawing the same XML on one thread, in
 * alternating batches (after a warm-up of each): on a machine that other work loads, both see the
 * same load, where two passes one after the other each see their own. Twice, the builds' bundles
 * loaded in one order, then fresh ones in the other: in one pass the one loaded first read 5 to 15%
 * more CPU a DANFe, for the same code on both sides (docs/bench.md, issue 24, branch danfe-f).
 * Wall and CPU time per item.
 */
async function renderersSideBySide(count, beforeRoot) {
  const [a, b] = [await sideBySidePass(count, here, beforeRoot), await sideBySidePass(count, beforeRoot, here)];
  const rate = (first, second) => ({
    n: first.n + second.n,
    perSecond: (first.n + second.n) / ((first.wallMs + second.wallMs) / 1000),
    perCpuSecond: (first.n + second.n) / ((first.cpuUs + second.cpuUs) / 1e6),
  });
  return { now: rate(a.first, b.second), before: rate(a.second, b.first) };
}

/** One pass of renderersSideBySide, the bundle of `firstRoot` loaded first: each side's sums. */
async function sideBySidePass(count, firstRoot, secondRoot) {
  const [first, second] = [await loadRenderers(firstRoot), await loadRenderers(secondRoot)];
  try {
    // The same XML for both passes: the generator of this build.
    const xmls = await emulatorNfes(firstRoot === here ? first : second, count);
    const sides = [
      { r: first, wallMs: 0, cpuUs: 0, n: xmls.length },
      { r: second, wallMs: 0, cpuUs: 0, n: xmls.length },
    ];
    for (const side of sides) for (const xml of xmls.slice(0, 20)) await side.r.renderPdf('nfe', xml);
    const BATCH = 50;
    for (let i = 0; i < xmls.length; i += BATCH) {
      // Which build goes first alternates too.
      for (const side of (i / BATCH) % 2 ? [...sides].reverse() : sides) {
        const cpu = process.cpuUsage();
        const start = performance.now();
        for (const xml of xmls.slice(i, i + BATCH)) await side.r.renderPdf('nfe', xml);
        side.wallMs += performance.now() - start;
        const used = process.cpuUsage(cpu);
        side.cpuUs += used.user + used.system;
      }
    }
    return { first: sides[0], second: sides[1] };
  } finally {
    first.cleanup();
    second.cleanup();
  }
}

/**
 * DANFe per second: `fiscal pdf nfe --local <folder> --dir <out>` over `count` emulator NF-e (one
 * process, as a user runs it), and the renderer alone on one thread; for this build and, when
 * given, the `before` build (its dist/; the renderer from the src/ beside it). Its folders (some
 * 5,000 files) are removed at the end of the bench with the pulls' (removeAtEnd): removed here,
 * they made each file of the PDF pulls that follow cost ext4 some 0.1 to 0.2 ms of system time
 * more (docs/bench.md, Issue 24, branch pdf-pull).
 */
export async function danfeRate(count, before = undefined) {
  const r = await loadRenderers();
  const folder = tempDir('danfe-xml');
  try {
    const xmls = await emulatorNfes(r, count);
    if (xmls.length !== count) throw new Error(`expected ${count} NF-e of the emulator, got ${xmls.length}`);
    for (const [i, xml] of xmls.entries()) writeFileSync(join(folder, `nfe-${i}.xml`), xml);
    const cli = (dist) => {
      const out = tempDir('danfe-pdf');
      try {
        const m = runMeasured(['-o', 'json', 'pdf', 'nfe', '--local', folder, '--dir', out], {}, dist);
        return { ...m, perSecond: count / (m.wallMs / 1000), perCpuSecond: count / (m.cpuMs / 1000) };
      } finally {
        removeAtEnd(out);
      }
    };
    const beforeSrc = before && existsSync(join(dirname(before), 'src')) ? dirname(before) : undefined;
    return {
      docs: count,
      cli: cli(),
      cliBefore: before && cli(before),
      renderer: await rendererRate(count, here),
      sideBySide: beforeSrc && (await renderersSideBySide(3 * count, beforeSrc)),
    };
  } finally {
    r.cleanup();
    removeAtEnd(folder);
  }
}

/**
 * The same pull several ways (name, extra flags, build's dist or undefined for this one), `rounds`
 * times with the order rotated each round, each figure the median of its rounds: on a loaded
 * machine, or one whose file system is still busy, a pull's time drifts within a run, and the way
 * run first was the slower one in every run of one order (docs/bench.md).
 */
async function pullWays(emu, ways, rounds = 1) {
  const runs = {};
  const dirs = [];
  const into = (name) => {
    const dir = tempDir(`pdf-${name}`);
    cleanupPull(dir);
    dirs.push(dir);
    return dir;
  };
  try {
    // A pull first, not measured: the first after the emulator started runs measurably slower (its
    // code not compiled yet), and it would be the plain pull, the ratio's denominator.
    await pull(emu.env, into('warm-up'), ['--role', 'received'], [0]);
    for (let round = 0; round < rounds; round++) {
      const shift = round % ways.length;
      for (const [name, extra, dist] of [...ways.slice(shift), ...ways.slice(0, shift)]) {
        await emu.resetStats();
        const r = await pull(emu.env, into(name), ['--role', 'received', ...extra], [0], dist);
        const stats = await emu.stats();
        (runs[name] ??= []).push({
          ms: r.wallMs,
          cpuMs: r.cpuMs,
          documents: r.summary?.documents ?? 0,
          requests: stats.requests.total,
        });
      }
    }
  } finally {
    // Removed at the end, not between the pulls: a pull right after thousands of files were
    // removed pays for the file system's work on them (docs/bench.md).
    for (const dir of dirs) cleanupPull(dir);
  }
  // Of an even count, the mean of the middle two.
  const median = (values) => {
    const v = values.sort((a, b) => a - b);
    const mid = Math.floor(v.length / 2);
    return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  };
  const out = {};
  for (const [name, list] of Object.entries(runs))
    out[name] = {
      ms: median(list.map((r) => r.ms)),
      cpuMs: median(list.map((r) => r.cpuMs)),
      documents: list[0].documents,
      requests: list[0].requests,
      rounds: list.map((r) => r.ms),
    };
  return out;
}

/** `pull --with-pdf local` against the plain pull, on a local emulator without latency; `before` too. */
export async function pullWithLocalPdf(docs, before = undefined, rounds = 3) {
  const emu = await account(docs);
  try {
    return await pullWays(
      emu,
      [
        ['none', []],
        ['local', ['--with-pdf', 'local']],
        ...(before
          ? [
              ['beforeNone', [], before],
              ['beforeLocal', ['--with-pdf', 'local'], before],
            ]
          : []),
      ],
      rounds,
    );
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
