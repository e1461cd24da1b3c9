// `fiscal emulator`: the declaration only; the server is loaded when the verb runs.
import { defineVerb } from '../shared/define.js';

export const emulator = defineVerb({
  name: 'emulator',
  summary: 'run a local emulator of the API (generated accounts and documents) until interrupted',
  examples: [
    'fiscal emulator --port 8080 --seed 7',
    'fiscal emulator --port 0 --docs 200 --rate-limit 60/min --faults 503=0.05',
    'fiscal emulator --port 0 --latency 100-140 --per-doc-ms 0.2   # like a remote service',
    'fiscal --profile emulator search nfe --role received      # an emulator for one run',
  ],
  notes: `Prints FISCAL_BASE_URL, FISCAL_API_ID and FISCAL_API_KEY of the first account on stdout,
then the other accounts, the admin endpoints (/_emulator/stats, /_emulator/arrivals, ...) and
the companies as comments. Stop it with Ctrl-C.`,
  flags: {
    host: { type: 'text', value: 'address', summary: 'address to listen on', default: '127.0.0.1' },
    port: { type: 'custom', value: 'port', summary: 'port to listen on; 0 picks a free one', default: '8080' },
    seed: { type: 'custom', value: 'n', summary: 'seed of the generated data', default: '1' },
    docs: { type: 'custom', value: 'n', summary: 'NF-e per account', default: '2000' },
    accounts: { type: 'custom', value: 'n', summary: "serve only the seed's first n accounts, 1 to 3 (default: all)" },
    otherDocs: {
      type: 'custom',
      value: 'n',
      summary: 'CT-e, CT-e OS, MDF-e, NFC-e and NFS-e per account, each (default: min(docs, 600))',
    },
    rateLimit: {
      type: 'custom',
      value: 'n/unit',
      summary: 'rate limit per account, e.g. 60/min, 5/s or 100/10s (default: none)',
    },
    now: { type: 'custom', value: 'date', summary: "the emulator's current time, ISO 8601 (default: now)" },
    latency: {
      type: 'custom',
      value: 'ms',
      summary: 'every API answer takes this long, e.g. 100-140 (uniform, seeded jitter) or 20 (default: none)',
    },
    perDocMs: {
      type: 'custom',
      value: 'ms',
      summary: 'server time per document an answer renders, added to the latency, e.g. 0.2 (default: 0)',
    },
    faults: {
      type: 'custom',
      value: 'spec',
      summary:
        'inject faults on API requests, e.g. 500=0.05,503=0.05,429=0.02:5,reset=0.02,truncate=0.02,latency=5-40,per-doc=0.2,seed=7',
    },
    arrivalRate: {
      type: 'custom',
      value: 'docs/s',
      summary: 'new documents per second added to every account (default: none)',
    },
    webhookRetryMs: {
      type: 'custom',
      value: 'ms',
      summary: 'webhook deliveries: delay before the first retry, doubled after each (default 1000)',
    },
    webhookAttempts: {
      type: 'custom',
      value: 'n',
      summary: 'webhook deliveries: attempts before giving up (default 6)',
    },
    withoutV2: {
      type: 'text',
      list: true,
      value: 'accounts',
      summary: 'accounts (ids or 1-based numbers) without v2: their /v2/ endpoints answer 404, as some real ones',
    },
    adoptParties: {
      type: 'switch',
      summary:
        "an uploaded document none of the account's companies is a party of adopts its emitter as a company (try your own XML offline)",
    },
    webhookTimeoutMs: {
      type: 'custom',
      value: 'ms',
      summary: 'webhook deliveries: how long an endpoint has to answer (default 10000)',
    },
  },
  load: () => import('./run.js'),
});
