// `fiscal xml <type> <key>...` and the `xml` verb of the type-first groups (`fiscal nfce xml`):
// declarations only; the verb module loads on use.
import { byType, docType, typesWith } from '../../fiscal/doc-types.js';
import { defineVerb, type KeyModel } from '../shared/define.js';

/** The types with an access key (kinds.ts XML_KINDS has one for each), for --help without the API modules. */
export const XML_TYPE_WORDS = typesWith('model');

const notes = `Reads each document from the type's listing (GET /v1/<type>/{role} with access_key[]), role by
role. One key without --dir: the XML goes to stdout. Otherwise each is written as
<dir>/<key>.xml (default dir: the current folder), replaced atomically, one result row per key.
Keys are checked before anything is sent (exit 2 naming the bad key). A key the account does not
hold is reported and the others go on: exit 4 when none was found, 7 when some were. See
docs/xml.md.`;

const examples = (command: string) => [
  `${command} 35260112345678000195550010000012341000012343 > nota.xml`,
  `${command} <key> <key> --dir ./xml`,
  `cat keys.txt | ${command} --stdin --dir ./xml`,
];

const XML_FLAGS = {
  dir: { type: 'dir', value: 'path', summary: 'write each XML into this folder as <key>.xml' },
  stdin: {
    type: 'switch',
    summary: 'also read keys from standard input: one per line, or NDJSON with AccessKey / access_key',
  },
} as const;

export const xmlVerb = defineVerb({
  name: 'xml',
  summary: `download the XML of documents by access key (${XML_TYPE_WORDS.join(', ')})`,
  examples: examples('fiscal xml nfe'),
  notes,
  args: [
    { name: 'type', summary: 'document type (NFS-e has no access key)', choices: XML_TYPE_WORDS },
    { name: 'keys', summary: 'access keys (44 digits)', required: false, variadic: true },
  ],
  flags: XML_FLAGS,
  load: () => import('./retrieve.js'),
});

/** The types gathered under their own name (`fiscal mdfe xml`), every one keyed. */
export type GroupedType = ReturnType<typeof typesWith<'group'>>[number];

/** `fiscal <type> xml`: the type is the group's, so each key is checked for its model as it is read. */
function typeXmlVerb<const T extends GroupedType>(type: T) {
  const what = docType(type).name;
  const model = docType(type).model as KeyModel;
  return defineVerb({
    name: 'xml',
    summary: `download the XML of ${what} by access key`,
    examples: examples(`fiscal ${type} xml`),
    notes,
    args: [
      {
        name: 'keys',
        summary: `${what} access keys (44 digits)`,
        required: false,
        variadic: true,
        type: 'key',
        models: [model],
      },
    ],
    flags: XML_FLAGS,
    load: async (): Promise<unknown> => ({ default: (await import('./retrieve.js')).typeXmlVerbs[type] }),
  });
}

/** `fiscal <type> xml` of each type the registry gathers under its own name. */
export const TYPE_XML_VERBS = byType(typeXmlVerb, typesWith('group'));
