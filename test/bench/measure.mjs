// Runs the CLI in this process and reports its wall time, CPU time and peak RSS on stderr as a
// `BENCH {...}` line (peak RSS must be the CLI's own, not a parent's).
// FISCAL_BENCH_DIST names another build's dist/ (npm run bench -- --before=<dist>): the same
// scenario then runs that build too, against the same emulator.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const dist = process.env.FISCAL_BENCH_DIST;
const { main } = await import(dist ? pathToFileURL(join(dist, 'cli.js')).href : '../../dist/cli.js');

const start = performance.now();
const code = await main(process.argv.slice(2));
const m = process.memoryUsage();
const usage = process.resourceUsage();
const report = {
  /** CPU time of the process (user + system), beside its wall time: what a busy machine distorts least. */
  cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
  systemMs: usage.systemCPUTime / 1000,
  code,
  wallMs: performance.now() - start,
  maxRssMb: usage.maxRSS / 1024,
  heapTotalMb: m.heapTotal / 2 ** 20,
  externalMb: m.external / 2 ** 20,
};
process.stderr.write(`\nBENCH ${JSON.stringify(report)}\n`);
process.exitCode = code;
