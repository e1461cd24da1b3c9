// The parts of undici the HTTP core uses, loaded from their own files. undici's index loads
// everything the package has (fetch, WebSocket, EventSource, cookies, caches, mocks, proxies): 150
// to 250 ms of CPU at the start of every command that sends a request, on this 2-core machine,
// where the dispatcher and request() alone take a third of it. undici is pinned (package.json) and
// test/unit/api/undici-parts.test.ts checks that these are the very ones its index exports.
//
// Its HTTP/1.1 parser is llhttp compiled to WebAssembly. V8 compiles that module twice: at once
// with its baseline compiler (Liftoff), then again with TurboFan on its one background thread
// (bin/fiscal.js), and a process may not end before that second compile is done: a `search` of 5
// documents spent some 95 ms after its answer waiting for it, 0.41 s in all against 0.27 s with
// Liftoff alone (docs/bench.md). The parser's own work is small beside a command's: a 20k pull
// and a latency backfill took the same time and CPU either way. So llhttp runs on Liftoff's code.
import { setFlagsFromString } from 'node:v8';
import type { Dispatcher } from 'undici';
// Bundled into dist (package.json's build): read from one file, not resolved and read file by file
// from node_modules at every start (some 12 ms of CPU). Their types: undici-files.d.ts.
import UndiciAgent from 'undici/lib/dispatcher/agent.js';
import undiciGlobal from 'undici/lib/global.js';
import undiciApi from 'undici/lib/api/index.js';

// (The parser's WebAssembly is compiled at the first connection, well after this.)
setFlagsFromString('--liftoff-only');

export const Agent = UndiciAgent;

/** The process's shared dispatcher, as undici's request() takes it when given none. */
export const globalDispatcher = undiciGlobal.getGlobalDispatcher;

/** undici's request(), called with the dispatcher as `this` (its index binds it so). */
const requestOn = undiciApi.request;

/** undici's `request(url, { dispatcher, ... })`: the URL's origin and path, on `dispatcher` (else the shared one). */
export function request(
  url: string,
  options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher?: Dispatcher },
): Promise<Dispatcher.ResponseData> {
  const { dispatcher = globalDispatcher(), ...rest } = options;
  const target = new URL(url);
  return requestOn.call(dispatcher, { ...rest, origin: target.origin, path: `${target.pathname}${target.search}` });
}
