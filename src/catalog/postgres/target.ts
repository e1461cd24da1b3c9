// Which PostgreSQL database holds a run's catalog: `--catalog postgres://…`, else the
// FISCAL_CATALOG variable, else the profile's `catalog` setting. Pure (no `pg`), so the flags are
// checked before anything is loaded or sent.
//
// A password never comes from argv (any user of the machine reads another's argv in `ps`): a URL
// with one on the command line is refused, pointing to PGPASSWORD, ~/.pgpass or the profile. A
// URL is only ever shown redacted.
import { UsageError } from '../../errors.js';

export interface CatalogTarget {
  /** The connection string as given (it may hold a password when it came from the environment or a profile). */
  url: string;
  /** The same, with any password replaced by `***`: the only form that is printed. */
  shown: string;
  /** Where it came from, named in messages. */
  from: '--catalog' | 'FISCAL_CATALOG' | 'the profile';
}

const SCHEMES = ['postgres:', 'postgresql:'];

/** Whether a `--catalog` value names a PostgreSQL database (the other values are SQLite's). */
function isPostgresUrl(value: string): boolean {
  return SCHEMES.some((s) => value.toLowerCase().startsWith(`${s}//`));
}

/** The URL with its password (and a `password=` parameter) replaced by `***`. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/?#]*):[^@/?#]*@/i, '$1:***@').replace(/([?&]password=)[^&#]*/gi, '$1***');
}

function hasPassword(url: string): boolean {
  return redactUrl(url) !== url;
}

/**
 * The catalog of this run, or undefined when none names PostgreSQL. A `--catalog` that is not a
 * postgres:// URL is left to the SQLite catalog (undefined here).
 */
export function catalogTarget(o: {
  flag: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  profile: string | undefined;
}): CatalogTarget | undefined {
  const [url, from]: [string | undefined, CatalogTarget['from']] =
    o.flag !== undefined
      ? [o.flag, '--catalog']
      : o.env.FISCAL_CATALOG
        ? [o.env.FISCAL_CATALOG, 'FISCAL_CATALOG']
        : [o.profile, 'the profile'];
  if (url === undefined || !isPostgresUrl(url)) return undefined;
  if (from === '--catalog' && hasPassword(url)) {
    throw new UsageError(`--catalog: ${redactUrl(url)}: a password on the command line is refused`, {
      details: [
        'anyone on this machine can read a command line (ps): give the password in PGPASSWORD or ~/.pgpass,',
        'or keep the whole URL in FISCAL_CATALOG or the profile (`fiscal profile add <name> --catalog`)',
      ],
    });
  }
  try {
    new URL(url);
  } catch {
    throw new UsageError(`${from}: ${redactUrl(url)} is not a valid URL`, {
      details: ['expected postgres://user@host:5432/database'],
    });
  }
  return { url, shown: redactUrl(url), from };
}
