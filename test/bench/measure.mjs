// Runs the CLI in this process and reports its wall time and peak RSS on stderr as a
// `BENCH {...}` line (peak RSS must be the CLI's own, not a parent's).
import { performance } from 'node:perf_hooks';
import { main } from '../../dist/cli.js';

const start = performance.now();
const code = await main(process.argv.slice(2));
const m = process.memoryUsage();
const report = { code, wallMs: performance.now() - start, maxRssMb: process.resourceUsage().maxRSS / 1024, heapTotalMb: m.heapTotal / 2 ** 20, externalMb: m.external / 2 ** 20 };
process.stderr.write(`\nBENCH ${JSON.stringify(report)}\n`);
process.exitCode = code;
