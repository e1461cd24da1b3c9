// Network failures name the host:port they tried wherever it is what to check: a wrong base URL
// (refused, unknown, unreachable, not answering the connection) shows in the message.
import { describe, expect, it } from 'vitest';
import { describeNetworkError } from '../../../src/api/errors-map.js';

const failure = (code: string) => Object.assign(new Error(`${code} 10.0.0.9:443`), { code });

describe('describeNetworkError', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused by api.example.com:443'],
    ['ENOTFOUND', 'host api.example.com:443 not found (check the base URL)'],
    ['UND_ERR_CONNECT_TIMEOUT', 'could not connect to api.example.com:443 within 10 s'],
    ['EHOSTUNREACH', 'no route to api.example.com:443 (check the base URL and the network)'],
    ['ENETUNREACH', 'no route to api.example.com:443 (check the base URL and the network)'],
  ])('%s names the host it tried', (code, text) => {
    expect(describeNetworkError(failure(code), 30_000, 10_000, 'api.example.com:443').text).toBe(text);
  });

  it('without a host, says what happened all the same', () => {
    expect(describeNetworkError(failure('ECONNREFUSED'), 30_000, 10_000).text).toBe('connection refused');
    expect(describeNetworkError(failure('UND_ERR_CONNECT_TIMEOUT'), 30_000, 10_000).text).toBe(
      'could not connect within 10 s',
    );
  });
});
