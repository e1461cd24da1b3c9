// `fiscal properties ...`: declarations only; each verb's module loads when it runs. These are the
// rural properties (propriedades rurais) of the account, not the custom properties of documents
// (`fiscal props`).
import { defineGroup, defineVerb } from '../shared/define.js';

const NOTES = `A property is a rural property (propriedade rural) of a producer, CPF or CNPJ, with its own
producer state registration; its id is the UF then that registration. One the credentials may not
access is not found (exit 4). Custom properties of documents are \`fiscal props\`. Endpoint: GET
/v1/properties (designed). See docs/properties.md.`;

const EXAMPLES = ['fiscal properties list', 'fiscal properties show MT12345678901 -o json'];

export const listVerb = defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'list the rural properties the credentials may access',
  examples: EXAMPLES,
  notes: NOTES,
  flags: {},
  load: () => import('./list.js'),
});

export const showVerb = defineVerb({
  name: 'show',
  summary: 'show one rural property by id',
  examples: EXAMPLES,
  notes: NOTES,
  args: [{ name: 'id', summary: 'UF then state registration, e.g. MT12345678901' }],
  flags: {},
  load: () => import('./show.js'),
});

export const properties = defineGroup({
  name: 'properties',
  summary: 'list and look up the rural properties (Property) the credentials may access',
  examples: EXAMPLES,
  notes: 'See docs/properties.md.',
  verbs: [listVerb, showVerb],
});
