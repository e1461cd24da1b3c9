// `fiscal emulator`: only commander metadata here; the server is loaded when the verb runs.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { lazyAction } from '../action.js';

export function registerEmulator(program: Command, ctx: Context): void {
  program
    .command('emulator')
    .description('run a local emulator of the API (generated accounts and documents) until interrupted')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on; 0 picks a free one', '8080')
    .option('--seed <n>', 'seed of the generated data', '1')
    .option('--docs <n>', 'NF-e per account', '2000')
    .option('--accounts <n>', "serve only the seed's first n accounts, 1 to 3 (default: all)")
    .option('--other-docs <n>', 'CT-e, CT-e OS, MDF-e, NFC-e and NFS-e per account, each (default: min(docs, 600))')
    .option('--rate-limit <n/unit>', 'rate limit per account, e.g. 60/min, 5/s or 100/10s (default: none)')
    .option('--now <date>', "the emulator's current time, ISO 8601 (default: now)")
    .option('--latency <ms>', 'every API answer takes this long, e.g. 100-140 (uniform, seeded jitter) or 20 (default: none)')
    .option('--per-doc-ms <ms>', 'server time per document an answer renders, added to the latency, e.g. 0.2 (default: 0)')
    .option('--faults <spec>', 'inject faults on API requests, e.g. 500=0.05,503=0.05,429=0.02:5,reset=0.02,truncate=0.02,latency=5-40,per-doc=0.2,seed=7')
    .option('--arrival-rate <docs/s>', 'new documents per second added to every account (default: none)')
    .option('--webhook-retry-ms <ms>', 'webhook deliveries: delay before the first retry, doubled after each (default 1000)')
    .option('--webhook-attempts <n>', 'webhook deliveries: attempts before giving up (default 6)')
    .option('--webhook-timeout-ms <ms>', 'webhook deliveries: how long an endpoint has to answer (default 10000)')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  $ fiscal emulator --port 8080 --seed 7\n' +
        '  $ fiscal emulator --port 0 --docs 200 --rate-limit 60/min --faults 503=0.05\n' +
        '  $ fiscal emulator --port 0 --latency 100-140 --per-doc-ms 0.2   # like a remote service\n' +
        '  $ fiscal --profile emulator search nfe --role received      # an emulator for one run\n' +
        '\nPrints FISCAL_BASE_URL, FISCAL_API_ID and FISCAL_API_KEY of the first account on stdout,\n' +
        'then the other accounts, the admin endpoints (/_emulator/stats, /_emulator/arrivals, ...) and\n' +
        'the companies as comments. Stop it with Ctrl-C.\n',
    )
    .action(lazyAction(ctx, () => import('./run.js')));
}
