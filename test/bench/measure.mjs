// Runs the CLI in this process and reports its wall time and peak RSS on stderr as a
// `BENCH {...}` line (peak RSS must be the CLI's own, not a parent's).
import { performance } from 'node:perf_hooks';
import { main } from '../../dist/cli.js';

const start = performance.now();
const code = await main(process.argv.slice(2));
const report = { code, wallMs: performance.now() - start, maxRssMb: process.resourceUsage().maxRSS / 1024 };
process.stderr.write(`\nBENCH ${JSON.stringify(report)}\n`);
process.exitCode = code;
