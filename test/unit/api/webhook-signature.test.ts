// The webhook notification signature (R31): `X-Fiscal-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
// "t.body">`, as the emulator signs and `fiscal webhooks listen` checks it.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signatureDigest,
  signatureHeader,
  SIGNATURE_TOLERANCE_SECONDS,
  verifySignature,
} from '../../../src/api/webhook-signature.js';

const SECRET = 'whsec_test_0123456789';
const NOW = 1_790_000_000;
const BODY = '{"id":"ntf_1","type":"document.received","data":{"key":"35260112345678000195550010000012341000012343"}}';

describe('webhook signature', () => {
  it('R31: the digest is HMAC-SHA256 of "<t>.<body>" in hex, and the header is t=...,v1=...', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(signatureDigest(SECRET, NOW, BODY)).toBe(expected);
    expect(signatureHeader(SECRET, NOW, BODY)).toBe(`t=${NOW},v1=${expected}`);
    expect(signatureDigest(SECRET, NOW, Buffer.from(BODY))).toBe(expected);
  });

  it('R31: a header made with the secret verifies against the same raw body', () => {
    expect(verifySignature(SECRET, signatureHeader(SECRET, NOW, BODY), BODY, NOW)).toEqual({ ok: true });
    expect(verifySignature(SECRET, signatureHeader(SECRET, NOW, BODY), Buffer.from(BODY), NOW + 10)).toEqual({
      ok: true,
    });
  });

  it('R31: a tampered body, another secret or a tampered timestamp do not verify', () => {
    const header = signatureHeader(SECRET, NOW, BODY);
    expect(verifySignature(SECRET, header, BODY.replace('ntf_1', 'ntf_2'), NOW)).toEqual({
      ok: false,
      reason: 'signature does not match the body',
    });
    expect(verifySignature(SECRET, header, `${BODY} `, NOW).ok).toBe(false);
    expect(verifySignature('whsec_other', header, BODY, NOW).ok).toBe(false);
    expect(verifySignature(SECRET, header.replace(`t=${NOW}`, `t=${NOW + 1}`), BODY, NOW).ok).toBe(false);
  });

  it('R31: a signature older or newer than the tolerance is stale, even when it matches', () => {
    const old = signatureHeader(SECRET, NOW - SIGNATURE_TOLERANCE_SECONDS - 1, BODY);
    const check = verifySignature(SECRET, old, BODY, NOW);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toMatch(/301 s away from now \(tolerance 300 s\)/);
    expect(
      verifySignature(SECRET, signatureHeader(SECRET, NOW - SIGNATURE_TOLERANCE_SECONDS, BODY), BODY, NOW).ok,
    ).toBe(true);
    expect(verifySignature(SECRET, signatureHeader(SECRET, NOW + 400, BODY), BODY, NOW).ok).toBe(false);
    expect(verifySignature(SECRET, signatureHeader(SECRET, NOW - 60, BODY), BODY, NOW, 30).ok).toBe(false);
  });

  it('R31: during a rotation two v1 digests are sent and either secret verifies', () => {
    const header = `t=${NOW},v1=${signatureDigest('whsec_old', NOW, BODY)},v1=${signatureDigest('whsec_new', NOW, BODY)}`;
    expect(verifySignature('whsec_old', header, BODY, NOW).ok).toBe(true);
    expect(verifySignature('whsec_new', header, BODY, NOW).ok).toBe(true);
    expect(verifySignature('whsec_third', header, BODY, NOW).ok).toBe(false);
  });

  it('R31: missing or malformed headers say what is wrong', () => {
    expect(verifySignature(SECRET, undefined, BODY, NOW)).toEqual({
      ok: false,
      reason: 'missing x-fiscal-signature header',
    });
    expect(verifySignature(SECRET, '', BODY, NOW).ok).toBe(false);
    const digest = signatureDigest(SECRET, NOW, BODY);
    expect(verifySignature(SECRET, `v1=${digest}`, BODY, NOW)).toEqual({
      ok: false,
      reason: 'signature header has no timestamp (t=)',
    });
    expect(verifySignature(SECRET, `t=${NOW}`, BODY, NOW)).toEqual({
      ok: false,
      reason: 'signature header has no v1 digest',
    });
    // A part that is there but malformed is named as such, not as missing.
    expect(verifySignature(SECRET, `t=${NOW},v1=${digest.slice(0, 10)}`, BODY, NOW)).toEqual({
      ok: false,
      reason: `v1="${digest.slice(0, 10)}" is not a SHA-256 digest (64 lowercase hex digits)`,
    });
    expect(verifySignature(SECRET, `t=yesterday,v1=${digest}`, BODY, NOW)).toEqual({
      ok: false,
      reason: 't="yesterday" is not a Unix time in seconds',
    });
    expect(verifySignature(SECRET, `t=${NOW},v0=${digest}`, BODY, NOW).ok).toBe(false);
    expect(verifySignature(SECRET, `t = ${NOW} , v1 = ${digest}`, BODY, NOW).ok).toBe(true);
  });
});
