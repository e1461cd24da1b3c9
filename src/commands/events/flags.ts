// The flags of the events listing, declared once for `fiscal events <type>` and the type-first
// groups (`fiscal nfce events`, `fiscal mdfe events`), and the declaration of the latter. Plain
// data: loaded for --help.
import { docType } from '../../fiscal/doc-types.js';
import { EVENT_DOC_TYPES, type EventDocType } from '../../fiscal/event-codes.js';
import { defineVerb, type Flags, type VerbSpec } from '../shared/define.js';

export const EVENT_FLAGS = {
  eventCode: {
    type: 'custom',
    list: true,
    value: 'code',
    summary: 'only events of this 6-digit code (repeatable or comma-separated)',
  },
  dir: { type: 'dir', value: 'path', summary: 'also write each event XML into this folder' },
  stream: { type: 'switch', summary: "read the account's event stream of the type instead of documents' events" },
  cursor: { type: 'count', summary: 'with --stream: the stream position to start from (default 0)' },
  limit: { type: 'int', summary: 'with --stream: at most this many events' },
  cnpj: {
    type: 'tax-id',
    list: true,
    value: 'cnpj',
    summary: 'with --stream: only documents of these companies (repeatable or comma-separated)',
  },
  // --type names a document type elsewhere; --save is --dir everywhere else.
  type: {
    type: 'custom',
    list: true,
    value: 'code',
    summary: 'old name of --event-code',
    deprecated: { use: '--event-code', moveTo: 'eventCode' },
  },
  save: { type: 'dir', summary: 'old name of --dir', deprecated: { use: '--dir', moveTo: 'dir' } },
} as const satisfies Flags;

export type EventsVerbSpec = VerbSpec<typeof EVENT_FLAGS>;

export const EVENTS_NOTES = `One row per event: key, code, description, seq, date, the authority's status, reason and
protocol (read from the event XML). --dir writes each event as <dir>/<key>-<type>-<seq>.xml (replaced
atomically; an NFS-e id's ":" become "_"). Keys are checked before anything is sent (exit 2 naming
the bad one). A key that is not found is reported on stderr and the others go on: exit 4 when no
key was found, 7 when some were. --stream reads the account's whole event stream of the type
instead, from --cursor (default 0); the cursor to resume from is printed on stderr. See docs/events.md.`;

export const EVENT_TYPES_NOTE = `Types: ${EVENT_DOC_TYPES.join(', ')} (NF-e and NFC-e by access key; NFS-e by its id
<owner>:<emitter>:<yyyy-mm-dd>:<number>, the owner optional).`;

/** `fiscal <type> events <key>...`: `fiscal events <type> ...` with the type given by the group. */
export function eventsVerbOf(type: EventDocType): EventsVerbSpec {
  const spec: EventsVerbSpec = defineVerb({
    name: 'events',
    summary: `list (and save) the events of ${docType(type).name} or of the account's event stream`,
    examples: [
      `fiscal ${type} events <key> <key> --dir ./events`,
      `fiscal ${type} events --stream --cursor 1200 -o ndjson`,
    ],
    notes: `The same as \`fiscal events ${type} ...\`. See docs/events.md.`,
    args: [{ name: 'keys', summary: 'access keys (44 digits)', required: false, variadic: true }],
    flags: EVENT_FLAGS,
    load: async () => ({ default: (await import('./document-events.js')).documentEventsVerb(spec, type) }),
  });
  return spec;
}
