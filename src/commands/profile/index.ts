// `fiscal profile ...`: declarations only; each verb's module loads when it runs.
import { defineGroup, defineVerb } from '../shared/define.js';

export const addVerb = defineVerb({
  name: 'add',
  summary: 'add a profile (prompts for the API key on a terminal; the first profile becomes the default)',
  examples: [
    'fiscal profile add work                                   # prompts for the API id and key',
    'fiscal profile add ci --api-id 1234 --api-key-stdin --base-url sandbox < key.txt',
    'fiscal profile add local --api-id demo --base-url http://127.0.0.1:8080 --api-key-stdin < key.txt',
  ],
  notes:
    'In a script, pipe the key: echo "$API_KEY" | fiscal profile add ci --api-id 1234 --api-key-stdin --base-url sandbox',
  args: [
    {
      name: 'name',
      required: false,
      summary:
        'profile name: lowercase letters, digits, "_" and "-" (omitted on a terminal: the `fiscal init` walkthrough)',
    },
  ],
  flags: {
    apiId: { type: 'custom', value: 'id', summary: 'API id (prompted for on a terminal when omitted)' },
    apiKeyStdin: {
      type: 'switch',
      summary: 'read the API key from standard input (for scripts: `... | fiscal profile add ci --api-key-stdin`)',
    },
    baseUrl: {
      type: 'custom',
      value: 'url',
      summary: 'production, sandbox or an http(s) URL (default: production)',
      complete: ['production', 'sandbox'],
    },
    catalog: {
      type: 'text',
      value: 'url',
      summary:
        "the shared catalog this profile's pulls write: postgres://user@host/db (password in PGPASSWORD or ~/.pgpass)",
    },
    force: { type: 'switch', summary: 'replace an existing profile of that name' },
    verify: {
      type: 'switch',
      negated: true,
      summary: 'save without checking the credentials against the server (one request, as init)',
    },
    skipCheck: { type: 'switch', summary: '', deprecated: { use: '--no-verify' } },
    // Declared only to answer with an explanation instead of "unknown option".
    apiKey: {
      type: 'text',
      value: 'key',
      summary: 'refused: a key on the command line shows in ps and shell history',
      hidden: true,
    },
  },
  load: () => import('./add.js'),
});

export const listVerb = defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'list profiles (never shows keys)',
  examples: ['fiscal profile list', 'fiscal profile ls -o json'],
  flags: {},
  load: () => import('./list.js'),
});

export const showVerb = defineVerb({
  name: 'show',
  summary: 'show a profile, with its API key masked',
  examples: ['fiscal profile show', 'fiscal profile show work -o json'],
  args: [
    {
      name: 'name',
      required: false,
      summary: 'profile name (default: the profile this run would use)',
      complete: 'profiles',
    },
  ],
  flags: {},
  load: () => import('./show.js'),
});

export const currentVerb = defineVerb({
  name: 'current',
  summary: 'show the server and credentials a run would use and where each comes from (key masked; sends nothing)',
  examples: ['fiscal profile current', 'fiscal --profile work profile current -o json'],
  notes: `Sources: flag (--profile, --base-url), env (FISCAL_PROFILE, FISCAL_BASE_URL, FISCAL_API_ID,
FISCAL_API_KEY), profile "<name>", default profile, default, built-in emulator. An explicit
--profile wins over the FISCAL_* credentials; --base-url wins over everything.`,
  flags: {},
  load: () => import('./current.js'),
});

export const useVerb = defineVerb({
  name: 'use',
  summary: 'make a profile the default',
  examples: ['fiscal profile use work'],
  notes: 'For one run only, without changing the default: FISCAL_PROFILE=home fiscal search nfe',
  args: [{ name: 'name', summary: 'profile name', complete: 'profiles' }],
  flags: {},
  load: () => import('./use.js'),
});

export const removeVerb = defineVerb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'remove a profile and its stored key',
  examples: ['fiscal profile remove old', 'fiscal profile rm ci'],
  args: [{ name: 'name', summary: 'profile name', complete: 'profiles' }],
  flags: {},
  load: () => import('./remove.js'),
});

export const profile = defineGroup({
  name: 'profile',
  summary: 'manage profiles: named API credentials and base URLs, stored in a private file',
  examples: [
    'fiscal profile add work --api-id 1234',
    'fiscal profile use work',
    'fiscal --profile emulator search nfe --role received',
  ],
  notes: `A profile is used with --profile <name>, FISCAL_PROFILE, or as the default.
The built-in profile "emulator" runs a local emulator with demo credentials.
FISCAL_CONFIG_DIR overrides where profiles are stored.`,
  verbs: [addVerb, listVerb, showVerb, currentVerb, useVerb, removeVerb],
});
