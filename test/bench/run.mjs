// `npm run bench`: prints the project's speed and memory figures beside their targets. Nothing
// here fails a build: timing belongs in a benchmark, not in a test.
import { benchStartup } from './startup.mjs';
import { benchPull, benchRateLimit, removeLeftovers } from './pull.mjs';

const quick = process.argv.includes('--quick');
const f1 = (n) => n.toFixed(1);
const mark = (ok) => (ok ? 'ok' : 'OVER TARGET');

const s = benchStartup();
console.log(`start-up (median of ${s.runs} runs)`);
console.log(`  node -e 0           ${f1(s.nodeMs)} ms`);
console.log(`  fiscal --version    ${f1(s.fiscalMs)} ms`);
console.log(`  fiscal --help       ${f1(s.helpMs)} ms`);
console.log(`  ratio               ${s.ratio.toFixed(2)}  (target <= 1.5) ${mark(s.ratio <= 1.5)}`);

const sizes = quick ? [2_000] : [10_000, 100_000];
const rows = await benchPull(sizes);
console.log('\npull nfe, all four roles, emulator without rate limit (docs per account)');
console.log('  docs/acct  api  pulled   pull docs/s  raw docs/s  ratio (>= 0.85)  peak RSS MB (<= 150)');
for (const r of rows) {
  console.log(`  ${String(r.docs).padEnd(9)}  ${r.api}   ${String(r.pulled).padEnd(7)}  ${f1(r.pullRate).padStart(11)}  ${f1(r.baseRate).padStart(10)}  ${r.ratio.toFixed(2)} ${mark(r.ratio >= 0.85).padEnd(11)}  ${f1(r.maxRssMb)} ${mark(r.maxRssMb <= 150)}`);
}
for (const api of ['v1', 'v2']) {
  const [small, large] = rows.filter((r) => r.api === api);
  if (small && large) {
    const growth = large.maxRssMb / small.maxRssMb;
    console.log(`  ${api}: peak RSS ${sizes[1]} vs ${sizes[0]}: x${growth.toFixed(2)} (target <= 1.25) ${mark(growth <= 1.25)}`);
  }
}

const rl = await benchRateLimit(quick ? { limit: 30, windowSeconds: 5, docs: 2_000 } : { limit: 60, windowSeconds: 10, docs: 8_000 });
console.log(`\npull nfe under a rate limit (${quick ? '30 per 5 s' : '60 per 10 s'} per account)`);
console.log(`  requests ${rl.requests}, 429s ${rl.rejected} (${(rl.rejectedShare * 100).toFixed(2)}%, target < 1%) ${mark(rl.rejectedShare < 0.01)}`);
console.log(`  quota used ${(rl.quotaUse * 100).toFixed(1)}% over ${f1(rl.seconds)} s (target >= 90%) ${mark(rl.quotaUse >= 0.9)}`);
removeLeftovers();
