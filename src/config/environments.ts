// The named environments (`production`, `sandbox`) and base-URL checks, in one place.
//
// The API specification leaves the addresses as placeholders; the service's public documentation
// gives them, so they are built in. Each name's variable, when set, overrides its address (a
// proxy, a staging host). Variables are read from the context's environment at run time (never
// from process.env at import time) so tests and embedders control them like any other setting.
import { ConfigError } from '../errors.js';

/** Overrides the production base URL, e.g. `FISCAL_PRODUCTION_URL=https://api.example.com`. */
const PRODUCTION_URL_ENV = 'FISCAL_PRODUCTION_URL';
/** Overrides the sandbox (test) base URL. */
const SANDBOX_URL_ENV = 'FISCAL_SANDBOX_URL';

export const ENVIRONMENTS = {
  production: PRODUCTION_URL_ENV,
  sandbox: SANDBOX_URL_ENV,
} as const;

/** The addresses the service's public documentation gives for each environment. */
const DEFAULT_URLS = {
  production: 'https://api.arquivei.com.br',
  sandbox: 'https://sandbox-api.arquivei.com.br',
} as const satisfies Record<keyof typeof ENVIRONMENTS, string>;

export type EnvironmentName = keyof typeof ENVIRONMENTS;

function isEnvironmentName(value: string): value is EnvironmentName {
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
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `expected an http(s) URL, got a ${url.protocol} URL`;
  // Credentials in a URL end up in logs and traces; they belong in the API id and key.
  if (url.username || url.password) return 'a base URL may not contain a user name or password';
  if (url.search || url.hash) return 'a base URL may not contain a query string or fragment';
  return undefined;
}

/**
 * Turns a base URL setting into the URL to use, naming where the setting came from in errors
 * (`origin` is e.g. `--base-url`, `FISCAL_BASE_URL` or `profile "work"`).
 */
export function resolveBaseUrl(
  value: string,
  origin: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  if (isEnvironmentName(value)) return environmentUrl(value, origin, env);
  const problem = baseUrlProblem(value);
  if (problem) throw new ConfigError(`invalid base URL from ${origin}: ${problem}`);
  return new URL(value).href.replace(/\/+$/, '');
}

/** The address an environment name stands for: its variable when set, else the documented one. */
export function environmentAddress(
  name: EnvironmentName,
  env: Readonly<Record<string, string | undefined>>,
): { url: string; from?: string } {
  const variable = ENVIRONMENTS[name];
  const value = env[variable]?.trim();
  return value ? { url: value, from: variable } : { url: DEFAULT_URLS[name] };
}

function environmentUrl(
  name: EnvironmentName,
  origin: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const { url, from } = environmentAddress(name, env);
  const problem = baseUrlProblem(url);
  if (from && (problem || isEnvironmentName(url))) {
    throw new ConfigError(
      `invalid ${from} (the ${name} address, used by ${origin}): ${problem ?? 'expected an http(s) URL'}`,
      {
        details: [`unset it to use the built-in ${name} address ${DEFAULT_URLS[name]}`],
      },
    );
  }
  return new URL(url).href.replace(/\/+$/, '');
}
