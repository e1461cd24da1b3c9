// For the record groups' command tests (boletos, receipts, invoices, utilities, ocr): the rows a
// run printed (NDJSON, what a pipe gets) and the requests the emulator answered on one route.
import type { TestEmulator } from './emulator.js';

export { ndjson } from './cli.js';

/** Requests the emulator has answered on `route` (`GET /v1/boletos`) so far. */
export const requestsTo = (emu: TestEmulator, route: string): number => emu.stats().requests.byRoute[route] ?? 0;

/** Requests of any route so far. */
export const requestsSoFar = (emu: TestEmulator): number => emu.stats().requests.total;
