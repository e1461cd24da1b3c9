// Documents and options for tests that run the pull engine (runPull) on in-memory streams.
import { realClock } from '../../src/runtime.js';
import { DEFAULT_LAYOUT, parseLayout } from '../../src/sync/layout.js';
import type { PullOptions } from '../../src/sync/pull-engine.js';
import type { PulledDocument, StreamSource } from '../../src/sync/source.js';

export const OWNER = '11222333000181';

/** A valid-looking NF-e access key numbered `n`. */
export const pulledKey = (n: number) => `3526011234567800019555001${String(n).padStart(9, '0')}10000123${n % 10}0`;

/** NF-e `n` of `owner`, received, as a source yields it. */
export function pulledDoc(n: number, owner = OWNER): PulledDocument {
  return {
    key: pulledKey(n),
    type: 'nfe',
    role: 'received',
    owner,
    xml: Buffer.from(`<nfeProc n="${n}"/>`),
    status: 'authorized',
    createdAt: null,
    emissionDate: '2026-01-15T10:00:00-03:00',
    number: String(n),
    emitter: '12345678000195',
  };
}

/** runPull's options for `sources` into `dir`: default layout, two at once, the real clock, no log. */
export function pullOptions(dir: string, sources: StreamSource[]): PullOptions {
  return {
    dir,
    layout: parseLayout(DEFAULT_LAYOUT, dir),
    sources,
    restart: false,
    concurrency: 2,
    waitSeconds: 0,
    clock: realClock,
    signal: new AbortController().signal,
    log: { info: () => undefined, warn: () => undefined, debug: () => undefined },
  };
}
