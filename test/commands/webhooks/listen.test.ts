// `fiscal webhooks listen`: its options (test/e2e/webhooks-listen.test.ts runs the receiver).
import { describe, expect, it } from 'vitest';
import listenVerb, { isLoopback } from '../../../src/commands/webhooks/listen.js';
import { UsageError } from '../../../src/errors.js';

/** As commander gives the values: with the declared defaults. */
const parseListen = (raw: Record<string, unknown>) =>
  listenVerb.parse({ host: '127.0.0.1', port: '0', ...raw }, []).options;

describe('fiscal webhooks listen options', () => {
  it('R31: binds 127.0.0.1 on a free port unless told otherwise; only loopback addresses count as local', () => {
    expect(parseListen({})).toEqual({
      host: '127.0.0.1',
      port: 0,
      secret: undefined,
      forwardTo: undefined,
      max: undefined,
      all: false,
    });
    expect(parseListen({ port: '8787', host: '0.0.0.0', max: '3', all: true })).toMatchObject({
      host: '0.0.0.0',
      port: 8787,
      max: 3,
      all: true,
    });
    expect(() => parseListen({ port: '70000' })).toThrow(UsageError);
    expect(() => parseListen({ secret: '' })).toThrow(/--secret/);
    expect(['127.0.0.1', '127.0.0.2', '::1', 'localhost'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '192.168.0.10', '::', 'example.com'].map(isLoopback)).toEqual([false, false, false, false]);
  });
});
