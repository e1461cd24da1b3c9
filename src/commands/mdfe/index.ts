// `fiscal mdfe ...`: the MDF-e verbs gathered under the type, each the very declaration (and
// module) of its verb-first form: `fiscal mdfe search` is `fiscal search mdfe`, `fiscal mdfe xml`
// is `fiscal xml mdfe`, `fiscal mdfe pdf` is `fiscal pdf mdfe`, `fiscal mdfe events` is
// `fiscal events mdfe`. Declarations only.
import { MDFE_FIELDS, MDFE_STATUSES, UFS } from '../../api/wire/words.js';
import { defineGroup, defineVerb } from '../shared/define.js';
import { eventsVerbOf } from '../shared/event-flags.js';
import { keyedPdfVerb } from '../shared/pdf-verbs.js';
import { DOCUMENT_FLAGS, pick, ROLE_FLAGS } from '../shared/document-flags.js';
import { mdfeXml } from '../xml/index.js';

/** `fiscal mdfe search`, also `fiscal search mdfe`: one declaration, one module. */
export const mdfeSearch = defineVerb({
  name: 'search',
  summary: 'search MDF-e (cargo manifests) by role, status, route, plate and carried documents',
  examples: [
    'fiscal search mdfe --role emitted --status closed --uf SP',
    'fiscal search mdfe --plate ABC1D23 --from 2026-05-01 -o csv',
  ],
  notes: 'Endpoint: POST /v1/dfe/mdfe; GET /v1/mdfe/{role} when --filter is given. See docs/mdfe.md.',
  flags: {
    role: ROLE_FLAGS.mdfe,
    // One status at a time (the body search takes one): a list so that two are refused, not overridden.
    status: {
      type: 'choice',
      list: true,
      value: 'status',
      choices: MDFE_STATUSES,
      summary: 'authorized (open), closed or canceled',
    },
    uf: { type: 'choice', list: true, value: 'uf', choices: UFS, summary: 'start or end UF, any of (repeatable)' },
    /** AAA9999 or AAA9A99, checked by the verb's parser. */
    plate: { type: 'custom', list: true, value: 'plate', summary: 'vehicle plate (repeatable)' },
    cte: { type: 'key', models: ['57'], list: true, summary: 'carries this CT-e (repeatable)' },
    nfe: { type: 'key', models: ['55'], list: true, summary: 'carries this NF-e (repeatable)' },
    ...pick(
      DOCUMENT_FLAGS,
      'tag',
      'owner',
      'emitter',
      'from',
      'to',
      'month',
      'createdFrom',
      'createdTo',
      'filter',
      'prop',
    ),
    fields: {
      type: 'choice',
      list: true,
      value: 'fields',
      choices: MDFE_FIELDS,
      summary: 'fields to return (comma-separated)',
    },
    ...pick(DOCUMENT_FLAGS, 'limit', 'all', 'summary'),
  },
  load: () => import('./search.js'),
});

/** `fiscal mdfe pdf`: the declaration of `fiscal pdf mdfe`, under the type. */
export const pdfVerb = keyedPdfVerb('mdfe', () => import('./pdf.js'), 'pdf');

export const mdfe = defineGroup({
  name: 'mdfe',
  summary: 'MDF-e (cargo manifests): search, XML, DAMDFe, events',
  examples: [
    'fiscal mdfe search --role emitted --status authorized',
    'fiscal mdfe xml <key> > manifesto.xml',
    'fiscal mdfe pdf <key> --dir ./damdfes',
  ],
  notes: 'The same as fiscal search mdfe, fiscal xml mdfe, fiscal pdf mdfe and fiscal events mdfe.',
  verbs: [mdfeSearch, mdfeXml, pdfVerb, eventsVerbOf('mdfe')],
});
