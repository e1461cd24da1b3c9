// Start-up: `fiscal --version` beside `node -e 0`, median wall time of several runs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/fiscal.js', import.meta.url));

function timeRun(args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export function benchStartup(runs = 15) {
  timeRun(['-e', '0']);
  timeRun([bin, '--version']);
  const node = [];
  const fiscal = [];
  // Interleaved so that machine load affects both series alike.
  for (let i = 0; i < runs; i++) {
    node.push(timeRun(['-e', '0']));
    fiscal.push(timeRun([bin, '--version']));
  }
  const n = median(node);
  const f = median(fiscal);
  return { runs, nodeMs: n, fiscalMs: f, ratio: f / n, helpMs: median(Array.from({ length: 5 }, () => timeRun([bin, '--help']))) };
}
