// The named environments (`production`, `sandbox`) and base-URL checks, in one place.
//
// The API specification this CLI follows gives no address for either environment, so none is
// built in: each name maps to an environment variable that must hold the URL. They are read from
// the context's environment at run time (never from process.env at import time) so tests and
// embedders control them like any other setting.
import { ConfigError } from '../errors.js';

/** Holds the production base URL, e.g. `FISCAL_PRODUCTION_URL=https://api.example.com`. */
export const PRODUCTION_URL_ENV = 'FISCAL_PRODUCTION_URL';
/** Holds the sandbox base URL. */
export const SANDBOX_URL_ENV = 'FISCAL_SANDBOX_URL';

export const ENVIRONMENTS = {
  production: PRODUCTION_URL_ENV,
  sandbox: SANDBOX_URL_ENV,
} as const;

export type EnvironmentName = keyof typeof ENVIRONMENTS;

export function isEnvironmentName(value: string): value is EnvironmentName {
  return Object.hasOwn(ENVIRONMENTS, value);
}

/** What is wrong with a base URL setting (`production`, `sandbox` or an http(s) URL), if anything. */
export function baseUrlProblem(value: string): string | undefined {
  if (isEnvironmentName(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'expected "production", "sandbox" or an http(s) URL such as https://api.example.com';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `expected an http(s) URL, got a ${url.protocol} URL`;
  // Credentials in a URL end up in logs and traces; they belong in the API id and key.
  if (url.username || url.password) return 'a base URL may not contain a user name or password';
  if (url.search || url.hash) return 'a base URL may not contain a query string or fragment';
  return undefined;
}

/**
 * Turns a base URL setting into the URL to use, naming where the setting came from in errors
 * (`origin` is e.g. `--base-url`, `FISCAL_BASE_URL` or `profile "work"`).
 */
export function resolveBaseUrl(value: string, origin: string, env: Readonly<Record<string, string | undefined>>): string {
  if (isEnvironmentName(value)) return environmentUrl(value, origin, env);
  const problem = baseUrlProblem(value);
  if (problem) throw new ConfigError(`invalid base URL from ${origin}: ${problem}`);
  return new URL(value).href.replace(/\/+$/, '');
}

function environmentUrl(name: EnvironmentName, origin: string, env: Readonly<Record<string, string | undefined>>): string {
  const variable = ENVIRONMENTS[name];
  const value = env[variable]?.trim();
  if (!value) {
    throw new ConfigError(`the ${name} environment (from ${origin}) has no address configured`, {
      details: [
        `the API specification gives no ${name} URL, so fiscal does not ship one;`,
        `set ${variable}=https://... to the address your provider gave you,`,
        'or pass --base-url <url> (or FISCAL_BASE_URL) directly, or use --profile emulator to try the local emulator',
      ],
    });
  }
  const problem = baseUrlProblem(value);
  if (problem || isEnvironmentName(value)) {
    throw new ConfigError(`invalid ${variable}: ${problem ?? 'expected an http(s) URL'}`);
  }
  return new URL(value).href.replace(/\/+$/, '');
}
