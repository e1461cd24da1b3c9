// The one function that decides a document's status from all the evidence given to it.
import { describe, expect, it } from 'vitest';
import { documentStatus } from '../../../src/fiscal/doc-status.js';

describe('documentStatus', () => {
  it('R30: an authorized protocol is overruled by any evidence of a cancellation', () => {
    expect(documentStatus({ type: 'nfe', protocol: '100' })).toBe('authorized');
    expect(documentStatus({ type: 'nfe', protocol: '100', api: 'canceled' })).toBe('canceled');
    expect(documentStatus({ type: 'nfe', protocol: '100', index: 'canceled' })).toBe('canceled');
    expect(documentStatus({ type: 'nfe', protocol: '100', events: [{ type: '110111' }] })).toBe('canceled');
    expect(documentStatus({ type: 'nfe', protocol: '100', events: [{ type: '110112' }] })).toBe('canceled');
    expect(documentStatus({ type: 'nfse', api: true })).toBe('canceled');
    expect(documentStatus({ type: 'nfse', events: [{ type: '105102' }] })).toBe('canceled');
    expect(documentStatus({ type: 'cfe', events: [{ type: 'CFeCanc' }] })).toBe('canceled');
  });

  it('R30: events that cancel nothing, or were not registered, leave the status alone', () => {
    expect(documentStatus({ type: 'nfe', protocol: '100', events: [{ type: '110110' }, { type: '210200' }] })).toBe(
      'authorized',
    );
    expect(documentStatus({ type: 'nfe', protocol: '100', events: [{ type: '110111', registered: false }] })).toBe(
      'authorized',
    );
    expect(documentStatus({ type: 'cte', protocol: '100', events: [{ type: '610111' }, { type: '110112' }] })).toBe(
      'authorized',
    );
    expect(documentStatus({ type: 'nfe', api: false })).toBe('authorized');
  });

  it('an MDF-e is closed by 110112 or cStat 132, and a cancellation wins over the closing', () => {
    expect(documentStatus({ type: 'mdfe', protocol: '100', events: [{ type: '110112' }] })).toBe('closed');
    expect(documentStatus({ type: 'mdfe', protocol: '132' })).toBe('closed');
    expect(documentStatus({ type: 'mdfe', index: 'closed', events: [{ type: '110111' }] })).toBe('canceled');
    expect(documentStatus({ type: 'nfe', protocol: '132' })).toBeNull();
  });

  it('null when nothing says anything', () => {
    expect(documentStatus({ type: 'nfe' })).toBeNull();
    expect(documentStatus({ type: 'cte', index: null, api: null })).toBeNull();
  });
});
