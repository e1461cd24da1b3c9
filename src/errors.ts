// Typed errors. Commands throw these; only main() turns them into exit codes (see exitCodeOf).

export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  temporary: 5,
  rejected: 6,
  partial: 7,
  locked: 8,
  nothingNew: 9,
  localFiles: 10,
  unreadableAnswer: 11,
  timeLimit: 12,
  catalog: 13,
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Exit codes as shown in `fiscal --help` and the README. */
export const EXIT_CODE_HELP: ReadonlyArray<readonly [number, string]> = [
  [ExitCode.ok, 'success'],
  [ExitCode.unexpected, 'unexpected error (a bug: please report it)'],
  [ExitCode.usage, 'usage error or invalid input; nothing was sent'],
  [ExitCode.auth, 'authentication or permission denied (401/403)'],
  [ExitCode.notFound, 'not found (404)'],
  [ExitCode.temporary, 'rate limited or temporary failure after retries; safe to retry later'],
  [ExitCode.rejected, 'rejected by the API (400/422)'],
  [ExitCode.partial, 'partial success: some items failed'],
  [ExitCode.locked, 'locked by another run'],
  [ExitCode.nothingNew, 'nothing new (only with --error-on-nothing-new)'],
  [
    ExitCode.localFiles,
    'a local file or folder could not be written (disk full, read-only, no permission, not a folder); fix what the message names and run again',
  ],
  [
    ExitCode.unreadableAnswer,
    "the server's answer could not be read (wrong shape, too large, a signature that does not match, a web page or a redirect: check the base URL); the message names what",
  ],
  [
    ExitCode.timeLimit,
    'stopped by its time limit (--max-duration): what it fetched is kept; run the same command again to continue',
  ],
  [
    ExitCode.catalog,
    'the catalog database cannot be opened, reached or written, or was made by a newer fiscal (docs/catalog.md, docs/postgres.md); what was committed is kept',
  ],
  [ExitCode.interrupted, 'interrupted (SIGINT/SIGTERM)'],
];

export class FiscalError extends Error {
  override name = 'FiscalError';
  /** Extra lines printed under the message (hints, server details). */
  details: string[] = [];
  constructor(message: string, options?: { cause?: unknown; details?: string[] }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.details) this.details = options.details;
  }
}

/** Bad flags, bad arguments, bad local input. Nothing was sent. */
export class UsageError extends FiscalError {
  override name = 'UsageError';
}

/**
 * `createdFrom` -> `--created-from`: the one place a key becomes a flag, here because the client's
 * search plans (src/api/*-search.ts) refuse a combination by naming the flag it came from.
 */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Configuration problems: missing credentials, unreadable profile store. */
export class ConfigError extends FiscalError {
  override name = 'ConfigError';
}

/** An HTTP answer the client does not accept: carries status and what the server said. */
export class ApiError extends FiscalError {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly method: string,
    readonly path: string,
    options?: {
      cause?: unknown;
      details?: string[];
      serverCode?: string | number;
      fields?: Record<string, string[]>;
      body?: string;
    },
  ) {
    super(message, options);
    this.serverCode = options?.serverCode;
    this.fields = options?.fields;
    this.body = options?.body;
  }
  /** The answer's body as sent (redacted), for `fiscal api`. */
  readonly body: string | undefined;
  readonly serverCode: string | number | undefined;
  /** Field errors of `{status, errors: {name: [..]}}` bodies. */
  readonly fields: Record<string, string[]> | undefined;
}

export class AuthError extends ApiError {
  override name = 'AuthError';
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/** 429 that outlived the retry budget. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}

/** 5xx, truncated bodies, resets or timeouts that outlived the retry budget. */
export class TemporaryError extends FiscalError {
  override name = 'TemporaryError';
}

/** The server answered 2xx with a body the client cannot read: wrong shape (the field named), too large. */
export class ProtocolError extends FiscalError {
  override name = 'ProtocolError';
}

export class PartialError extends FiscalError {
  override name = 'PartialError';
}

export class LockedError extends FiscalError {
  override name = 'LockedError';
}

export class NothingNewError extends FiscalError {
  override name = 'NothingNewError';
}

/** A local file or folder that cannot be written or created (see local-files.ts): the message names it. */
export class LocalFileError extends FiscalError {
  override name = 'LocalFileError';
  constructor(
    message: string,
    readonly path: string,
    readonly code: string,
    options?: { cause?: unknown; details?: string[] },
  ) {
    super(message, options);
  }
}

/**
 * The catalog database cannot be used: it cannot be opened or reached (a shared one that went away
 * mid-run stays away), or it is of a newer schema. No page is half in it, and the same command
 * continues once it is back.
 */
export class CatalogError extends FiscalError {
  override name = 'CatalogError';
}

export class InterruptedError extends FiscalError {
  override name = 'InterruptedError';
}

/** A run stopped cleanly by its time limit (--max-duration): a cron script can tell it from a finished one. */
export class TimeLimitError extends FiscalError {
  override name = 'TimeLimitError';
}

/** The one mapping from errors to exit codes. Order matters: subclasses before their parents. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError || error instanceof ConfigError) return ExitCode.usage;
  if (error instanceof AuthError) return ExitCode.auth;
  if (error instanceof NotFoundError) return ExitCode.notFound;
  if (error instanceof RateLimitError || error instanceof TemporaryError) return ExitCode.temporary;
  if (error instanceof ApiError) return ExitCode.rejected;
  if (error instanceof PartialError) return ExitCode.partial;
  if (error instanceof LockedError) return ExitCode.locked;
  if (error instanceof NothingNewError) return ExitCode.nothingNew;
  if (error instanceof InterruptedError) return ExitCode.interrupted;
  if (error instanceof LocalFileError) return ExitCode.localFiles;
  if (error instanceof ProtocolError) return ExitCode.unreadableAnswer;
  if (error instanceof TimeLimitError) return ExitCode.timeLimit;
  if (error instanceof CatalogError) return ExitCode.catalog;
  return ExitCode.unexpected;
}
