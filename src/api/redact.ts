// Credential redaction. The API key must never reach a terminal, a log file or a bug report, so
// every trace line and every error message built by the HTTP core passes through a redactor.

export type Redactor = (text: string) => string;

/** Shown instead of the key: the last four characters help tell keys apart, the rest stays hidden. */
export function maskSecret(secret: string): string {
  return secret.length >= 16 ? `****${secret.slice(-4)}` : '[redacted]';
}

/**
 * Replaces every occurrence of `secret` (raw and URL-encoded) in `text`. Servers sometimes echo
 * request headers in error bodies, so server-provided text is redacted as well as our own.
 * Secrets shorter than 4 characters are not searched for: replacing every `a` in a message would
 * hide more than it protects, and such a key is not a real credential anyway.
 */
export function createRedactor(secret: string): Redactor {
  const needles = [...new Set([secret, encodeURIComponent(secret)])].filter((s) => s.length >= 4);
  const mask = maskSecret(secret);
  return (text) => needles.reduce((out, needle) => out.split(needle).join(mask), text);
}

/** Header lines for the --verbose trace, with the key masked. */
export function traceHeaders(headers: Record<string, string>, redact: Redactor): string[] {
  return Object.entries(headers).map(
    ([name, value]) => `  ${name}: ${name.toLowerCase() === 'x-api-key' ? maskSecret(value) : redact(value)}`,
  );
}
