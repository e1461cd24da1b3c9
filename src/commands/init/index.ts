// `fiscal init`: the declaration only; the walkthrough loads when it runs.
import { defineVerb } from '../shared/define.js';

export const init = defineVerb({
  name: 'init',
  summary: 'set up a first profile: asks for the environment and credentials, checks them, saves them',
  examples: [
    'fiscal init                                   # on a terminal: asks for everything',
    'fiscal init --name work --base-url sandbox    # asks only for the API id and key',
    'fiscal init --name ci --base-url production --api-id acme --api-key-stdin < key.txt',
    'fiscal init --name local --base-url http://127.0.0.1:8080 --no-verify',
  ],
  notes: `Pipe the key in a script: printf %s "$FISCAL_API_KEY" | fiscal init --name ci --api-id acme --api-key-stdin ...

On a terminal, what the flags do not give is asked for (the key at a hidden prompt). The
credentials are checked with one request before saving: a refused key can be typed again, and an
unreachable server leaves the choice to save anyway. Without a terminal, or with --no-input,
nothing is asked: the missing flags are named (exit 2) and refused credentials save nothing
(exit 3). The first profile becomes the default. See docs/init.md.`,
  flags: {
    name: {
      type: 'text',
      value: 'profile',
      summary: 'profile name (default "default"): lowercase letters, digits, "_" and "-"',
    },
    apiId: { type: 'custom', value: 'id', summary: 'API id' },
    apiKeyStdin: { type: 'switch', summary: 'read the API key from standard input (never from the command line)' },
    baseUrl: {
      type: 'custom',
      value: 'url',
      summary: 'production, sandbox or an http(s) URL',
      complete: ['production', 'sandbox'],
    },
    verify: { type: 'switch', negated: true, summary: 'save without checking the credentials against the server' },
    skipCheck: { type: 'switch', summary: '', deprecated: { use: '--no-verify' } },
    force: { type: 'switch', summary: 'replace an existing profile of that name' },
    // Declared only to answer with an explanation instead of "unknown option".
    apiKey: {
      type: 'text',
      value: 'key',
      summary: 'refused: a key on the command line shows in ps and shell history',
      hidden: true,
    },
  },
  load: () => import('./init.js'),
});
