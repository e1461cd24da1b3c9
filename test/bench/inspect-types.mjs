// `npm run bench -- --only=inspect` (and a whole bench): `fiscal inspect` of a pull folder of CT-e, CT-e OS, MDF-e
// and NFS-e (docs/bench.md). One account of N of each type (2,000; 300 with --quick;
// --type-docs=<n>); each build pulls the four streams into a folder of its own and inspects it:
// this build from the summaries its catalog keeps, the baseline (main's build, or --before=<dist>)
// reading every XML, whose summaries its pull did not keep. Three inspects each, alternating; the
// median of each. The pulls' CPU time too: the lean tree the summaries are made from is their cost.
import { cleanupPull, runMeasured, tempDir } from './cli.mjs';
import { mainDist } from './catalog.mjs';
import { startEmulatorProcess } from './emulator-process.mjs';

const PULLS = [
  ['cte', 'taker'],
  ['cteos', 'taker'],
  ['mdfe', 'emitted'],
  ['nfse', 'received'],
];

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const median = (runs) => [...runs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(runs.length / 2)];

/** Pulls the four streams into a new folder with `dist` (undefined: this build): the folder and the CPU spent. */
function pullTypes(env, name, dist) {
  const dir = tempDir(name);
  cleanupPull(dir);
  let cpuMs = 0;
  let wallMs = 0;
  for (const [type, role] of PULLS) {
    const r = runMeasured(
      ['-o', 'json', 'pull', type, '--role', role, '--dir', dir],
      { ...env, FISCAL_CONFIG_DIR: `${dir}-config` },
      dist,
    );
    cpuMs += r.cpuMs;
    wallMs += r.wallMs;
  }
  return { dir, cpuMs, wallMs };
}

export async function benchInspectTypes({ quick = false, docs, before } = {}) {
  const n = docs ?? (quick ? 300 : 2_000);
  const baseline = before ?? mainDist();
  console.log(`\ninspect of a pull folder: one account of ${n} CT-e, CT-e OS, MDF-e and NFS-e each (and their events)`);
  const emu = await startEmulatorProcess(['--docs', '0', '--other-docs', String(n), '--accounts', '1', '--seed', '1']);
  try {
    const theirs = pullTypes(emu.env, 'inspect-types-main', baseline);
    const mine = pullTypes(emu.env, 'inspect-types', undefined);
    console.log(
      `  pulls of the four streams: CPU ${s(mine.cpuMs)} (baseline ${s(theirs.cpuMs)}), wall ${s(mine.wallMs)} (baseline ${s(theirs.wallMs)})`,
    );
    // inspect exits 7 on an NFS-e cancellation answer it cannot read (docs/catalog.md): both builds alike.
    const inspect = (dir, dist) => runMeasured(['-o', 'ndjson', 'inspect', dir], {}, dist, [0, 7]);
    const runs = { theirs: [], mine: [] };
    for (let i = 0; i < 3; i++) {
      runs.theirs.push(inspect(theirs.dir, baseline));
      runs.mine.push(inspect(mine.dir, undefined));
    }
    const a = median(runs.mine);
    const b = median(runs.theirs);
    console.log(
      `  inspect (median of 3): ${s(a.wallMs)}, CPU ${s(a.cpuMs)}, ${a.maxRssMb.toFixed(0)} MB; baseline (reads every XML) ${s(b.wallMs)}, CPU ${s(b.cpuMs)}, ${b.maxRssMb.toFixed(0)} MB: x${(b.wallMs / a.wallMs).toFixed(1)} faster, x${(b.cpuMs / a.cpuMs).toFixed(1)} less CPU`,
    );
    return a.wallMs < b.wallMs;
  } finally {
    await emu.close();
  }
}
