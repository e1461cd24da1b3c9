// `fiscal pull <type>`: declarations only; the verb modules load on use.
import { byType, DOC_TYPE_NAMES, docType, type ListingDocType } from '../../fiscal/doc-types.js';
import { defineGroup, defineVerb } from '../shared/define.js';
import { DOCUMENT_FLAGS, NFE_FILTER_FLAGS, pick, ROLE_FLAGS } from '../shared/document-flags.js';
import { PULL_FLAGS } from './flags.js';

export const pullNfe = defineVerb({
  name: 'nfe',
  summary: 'pull NF-e XML files into a folder; resumable, incremental, safe for cron',
  examples: [
    'fiscal pull nfe --role received                       # every received NF-e into ./fiscal-docs',
    'fiscal pull nfe --role received,emitted --dir /srv/nfe --max-duration 3000',
    "fiscal pull nfe --role received --owner 12345678000195 --layout '{owner}/{yyyy}/{mm}/{key}.xml'",
    'fiscal pull nfe --role received --status canceled --from 2026-01-01    # v2 endpoint',
  ],
  notes: `Files go to <dir>/<owner>/nfe/<role>/<YYYY-MM>/<key>.xml; <dir>/index.ndjson gets one line per
document. Re-running continues where the last run stopped and then fetches only new documents.
Cron: one run per folder at a time (exit 8 when locked); one summary line on stderr (what was
kept, when stopped), and JSON on stdout when piped.`,
  // Every search filter narrows a pull too; --owner also splits it into one stream per owner.
  flags: {
    role: { ...ROLE_FLAGS.nfe, required: true },
    ...PULL_FLAGS,
    ...NFE_FILTER_FLAGS,
    month: DOCUMENT_FLAGS.month,
  },
  load: () => import('./nfe.js'),
  prepare: (ctx, raw) => import('./prepare.js').then((m) => m.prepare(ctx, raw, 'nfe')),
});

type OtherType = ListingDocType;

/** The flags of an example that shows more than the type's first role. */
const EXAMPLES: Partial<Record<OtherType, string>> = {
  cteos: '--role taker,not-taker',
  nfse: '--role received --with-pdf',
  mdfe: '--role emitted --with-events',
};

/**
 * `pull <type>` of the types read from their v1 role listing: the same flags, the type's roles
 * (one declaration type for all, so that one module runs them).
 */
function pullOther(type: OtherType) {
  const spec = docType(type);
  const what = `${spec.name} (${spec.what})`;
  const example = EXAMPLES[type] ?? `--role ${spec.roles[0]}`;
  return defineVerb({
    name: type,
    summary: `pull ${what} XML files into a folder; resumable, incremental, safe for cron`,
    examples: [`fiscal pull ${type} ${example}`, `fiscal pull ${type} ${example} --dir /srv/fiscal --max-docs 1000`],
    notes: 'Endpoint: the v1 role listing (a cursor that only moves forward). See docs/pull.md.',
    flags: {
      role: { ...ROLE_FLAGS[type], required: true },
      // The listings take CNPJs (R8).
      owner: { ...DOCUMENT_FLAGS.owner, summary: 'only this owner CNPJ (repeatable: one stream each)' },
      ...pick(DOCUMENT_FLAGS, 'createdFrom', 'createdTo', 'filter'),
      ...PULL_FLAGS,
    },
    load: async (): Promise<unknown> => ({ default: (await import('./docs.js')).PULL_DOCS[type] }),
    prepare: (ctx, raw) => import('./prepare.js').then((m) => m.prepare(ctx, raw, type)),
  });
}

/** `pull <type>` of every type but NF-e, from the registry. */
export const PULL_OTHER = byType(
  pullOther,
  DOC_TYPE_NAMES.filter((t): t is OtherType => t !== 'nfe'),
);
export type PullOtherSpec = ReturnType<typeof pullOther>;

export const pull = defineGroup({
  name: 'pull',
  summary: 'download documents as XML files, resumably',
  examples: [
    'fiscal pull nfe --role received --dir ./fiscal-docs',
    'fiscal pull cte --role taker --with-pdf',
    'fiscal pull nfse --role received,emitted --max-duration 600      # from cron',
  ],
  notes: 'Each type has its own roles and filters: fiscal pull <type> --help. See docs/pull.md.',
  verbs: [pullNfe, ...Object.values(PULL_OTHER)],
});
