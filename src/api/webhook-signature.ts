// The signature of webhook notifications (designed, docs/webhooks.md): the header
// `X-Fiscal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's
// secret>`. The emulator signs with it and `fiscal webhooks listen` checks it. The timestamp is
// signed too, so a captured notification cannot be replayed outside the tolerance window.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-fiscal-signature';
export const SIGNATURE_ALGORITHM = 'HMAC-SHA256';
/** Default: a notification signed more than 5 minutes away from now is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureDigest(secret: string, timestamp: number, body: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(body);
  return hmac.digest('hex');
}

/** The header value for `body`, signed at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string | Uint8Array): string {
  return `t=${timestamp},v1=${signatureDigest(secret, timestamp, body)}`;
}

type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a signature header against the raw body. Several `v1=` values are accepted (one per
 * secret while a secret is being rotated); any match passes.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string | Uint8Array,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (header === undefined || header === '') return { ok: false, reason: `missing ${SIGNATURE_HEADER} header` };
  let timestamp: number | undefined;
  const digests: string[] = [];
  // What a sender got wrong is said as it is: a v1 that is there but is no digest is not missing.
  const malformed: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't') {
      if (/^\d{1,12}$/.test(value)) timestamp = Number(value);
      else malformed.push(`t=${JSON.stringify(value)} is not a Unix time in seconds`);
    } else if (name === 'v1') {
      if (/^[0-9a-f]{64}$/.test(value)) digests.push(value);
      else malformed.push(`v1=${JSON.stringify(value.slice(0, 70))} is not a SHA-256 digest (64 lowercase hex digits)`);
    }
  }
  const why = (missing: string) => (malformed.length ? malformed.join('; ') : missing);
  if (timestamp === undefined) return { ok: false, reason: why('signature header has no timestamp (t=)') };
  if (digests.length === 0) return { ok: false, reason: why('signature header has no v1 digest') };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return {
      ok: false,
      reason: `signature timestamp is ${nowSeconds - timestamp} s away from now (tolerance ${toleranceSeconds} s)`,
    };
  }
  const expected = Buffer.from(signatureDigest(secret, timestamp, body), 'hex');
  const match = digests.some((d) => timingSafeEqual(Buffer.from(d, 'hex'), expected));
  return match ? { ok: true } : { ok: false, reason: 'signature does not match the body' };
}
