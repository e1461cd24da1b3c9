// The flags of every `fiscal pull <type>`, whatever the document type (its filters come from
// ../shared/document-flags.ts). Plain data: loaded for --help.
import type { FlagSpec } from '../shared/define.js';

export const PULL_FLAGS = {
  dir: { type: 'dir', value: 'path', default: './fiscal-docs', summary: 'destination folder' },
  layout: {
    type: 'text',
    value: 'template',
    summary: 'file path template, with {key}: {owner} {type} {role} {yyyy} {mm} {dd} {key} {number} {emitter}',
  },
  restart: { type: 'switch', summary: 'start again from the beginning (cursor 0)' },
  /** Seconds, 0 or more: the verb's parser is PULL_PARSERS.lockWait (./shared.ts). */
  lockWait: {
    type: 'custom',
    value: 'seconds',
    default: '0',
    summary: 'wait this long for another run on the same folder to finish',
  },
  maxDuration: { type: 'seconds', summary: 'stop cleanly after this long (checkpoint saved)' },
  maxDocs: { type: 'int', summary: 'stop cleanly after this many new documents (checkpoint saved)' },
  /** 1 to 16: the verb's parser is PULL_PARSERS.concurrency (./shared.ts). */
  concurrency: { type: 'custom', value: 'n', default: '4', summary: 'streams fetched in parallel' },
  /** <requests>/[<n>]<s|min>, as the emulator's: the verb's parser is PULL_PARSERS.rateLimit (./shared.ts). */
  rateLimit: {
    type: 'custom',
    value: 'n/unit',
    summary: "the account's quota, e.g. 30/5s or 60/min: the run paces itself to use all of it without 429s",
  },
  errorOnNothingNew: { type: 'switch', summary: 'exit 9 when no new document was found' },
  withEvents: {
    type: 'switch',
    summary:
      'each event is written beside its document (<key>-<type>-<seq>.xml), also the history before the first pull (by default an NF-e first pull takes statuses from the listing)',
  },
  withoutEvents: {
    type: 'switch',
    summary:
      'skip the events streams (one request each when nothing is new): a cancellation after the pull goes unseen',
  },
  withPdf: {
    type: 'choice',
    choices: ['api', 'local'],
    preset: 'api',
    value: 'source',
    summary:
      "also write each document's PDF beside it (<key>.pdf): api (alone: the default) asks the service, one more request per document under the rate limit; local draws it here from the XML, no request",
  },
  manifest: {
    type: 'choice',
    choices: ['aware'],
    value: 'aware',
    summary: 'pull nfe --role received: send "ciência" (210210) for each new NF-e that has no manifestation',
  },
  profiles: {
    type: 'text',
    list: true,
    value: 'names',
    complete: 'profiles',
    summary: "pull each profile's account into <dir>/<profile> (comma-separated)",
  },
  allProfiles: { type: 'switch', summary: 'pull every stored profile, each into <dir>/<profile>' },
  catalog: {
    type: 'text',
    value: 'url',
    summary:
      'a shared catalog in PostgreSQL (postgres://user@host/db; password in PGPASSWORD or ~/.pgpass): leases split the profiles between machines',
  },
  // Elsewhere --wait is a switch (wait for the service to finish), not a number of seconds.
  wait: { type: 'custom', value: 'seconds', summary: '', deprecated: { use: '--lock-wait', moveTo: 'lockWait' } },
} as const satisfies Record<string, FlagSpec>;
