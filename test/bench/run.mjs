// `npm run bench`: prints the project's speed and memory figures. Targets are printed beside the
// figures; nothing here fails a build (timing belongs in a benchmark, not in a test).
import { benchStartup } from './startup.mjs';

const fmt = (n) => n.toFixed(1);

const s = benchStartup();
console.log('start-up (median of %d runs)', s.runs);
console.log('  node -e 0           %s ms', fmt(s.nodeMs));
console.log('  fiscal --version    %s ms', fmt(s.fiscalMs));
console.log('  fiscal --help       %s ms', fmt(s.helpMs));
console.log('  ratio               %s  (target <= 1.5) %s', s.ratio.toFixed(2), s.ratio <= 1.5 ? 'ok' : 'OVER TARGET');
