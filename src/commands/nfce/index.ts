// `fiscal nfce ...`: the NFC-e verbs gathered under the type, each the very declaration (and
// module) of its verb-first form: `fiscal nfce search` is `fiscal search nfce`, `fiscal nfce xml`
// is `fiscal xml nfce`, `fiscal nfce events` is `fiscal events nfce`. Declarations only.
import { defineGroup, defineVerb } from '../shared/define.js';
import { eventsVerbOf } from '../shared/event-flags.js';
import { DOCUMENT_FLAGS, pick } from '../shared/document-flags.js';
import { nfceXml } from '../xml/index.js';

/** `fiscal nfce search`, also `fiscal search nfce`: one declaration, one module. */
export const nfceSearch = defineVerb({
  name: 'search',
  summary: 'list NFC-e (consumer invoices) the account emitted',
  examples: [
    'fiscal search nfce --created-from 2026-05-01 --all -o ndjson',
    'fiscal search nfce --key 35260512345678000195650010000001231000001234 -o json',
    'fiscal nfce search --all -o ndjson | fiscal nfce xml --stdin --dir ./nfce',
  ],
  notes: 'Endpoint: GET /v1/nfce/emitted. See docs/nfce.md.',
  flags: {
    key: { type: 'key', models: ['65'], list: true, summary: 'access key (44 digits, model 65; repeatable)' },
    ...pick(DOCUMENT_FLAGS, 'owner', 'month', 'createdFrom', 'createdTo', 'filter', 'limit', 'all', 'summary'),
  },
  load: () => import('./search.js'),
});

export const nfce = defineGroup({
  name: 'nfce',
  summary: 'NFC-e (consumer invoices): search, XML, events',
  examples: [
    'fiscal nfce search --created-from 2026-05-01 --all -o ndjson',
    'fiscal nfce search --all -o ndjson | fiscal nfce xml --stdin --dir ./nfce',
    'fiscal nfce events <key> --dir ./events',
  ],
  notes: 'The same as fiscal search nfce, fiscal xml nfce and fiscal events nfce.',
  verbs: [nfceSearch, nfceXml, eventsVerbOf('nfce')],
});
