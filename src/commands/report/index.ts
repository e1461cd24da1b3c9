// `fiscal report [<dir or files>...]`: the declaration only; the verb module (XML readers, the
// cache, the HTML page) loads when it runs.
import { DOCUMENT_KINDS } from '../../fiscal/readers/common.js';
import { defineVerb } from '../shared/define.js';
import { DOCUMENT_FLAGS } from '../shared/document-flags.js';

/** The pull folder a report reads when given no path. */
export const DEFAULT_DIR = './fiscal-docs';

const NOTES = `Counts and sums per group over the documents already on disk: a pull folder (from its catalog,
.fiscal/catalog.sqlite, default ./fiscal-docs), a part of one (a month's folder, a file: the
catalog's copies under it), or any XML files and folders. The sums are
total, products, ICMS, ICMS-ST, IPI, PIS, COFINS, ISS, freight, IBS and CBS, and an MDF-e's cargo
apart (never in the total); canceled documents are counted apart and left out of them. A document
is counted once however many copies of it
the inputs hold. --by ncm and --by product group the items of pull folders' documents.
--html writes one self-contained page (tables and charts, no network needed) for whoever reads
the figures. A file that cannot be read is named on stderr and the exit code is then 7. With a
shared catalog (--catalog postgres://user@host/db, FISCAL_CATALOG or the profile's setting), a
pull folder of a profile it holds is read from it, and no path reads every profile. See
docs/report.md, docs/catalog.md and docs/postgres.md.`;

export const report = defineVerb({
  name: 'report',
  summary: 'count and sum documents on disk by month, emitter, CFOP, UF...: tables, CSV, an HTML page with charts',
  examples: [
    'fiscal report',
    'fiscal report ./fiscal-docs --by month,status --from 2026-01-01 --to 2026-06-30',
    'fiscal report --month 05/2026 --by role,emitter --html maio.html --locale pt-BR',
    'fiscal report --by emitter --role received --type nfe -o csv --locale pt-BR > fornecedores.csv',
    'fiscal report --by cfop --html relatorio.html --locale pt-BR',
    'fiscal report --by ncm --role received --from 2026-01-01',
  ],
  notes: NOTES,
  args: [
    {
      name: 'paths',
      summary: 'pull folders, XML files or folders of them (default ./fiscal-docs)',
      required: false,
      variadic: true,
      type: 'path',
    },
  ],
  flags: {
    by: {
      type: 'choice',
      list: true,
      choices: ['month', 'emitter', 'receiver', 'cfop', 'uf', 'status', 'type', 'owner', 'role', 'ncm', 'product'],
      value: 'dimensions',
      summary:
        'group by these, in order (comma-separated; default month, or role,month when purchases and sales are both there); ncm and product group the items',
    },
    month: DOCUMENT_FLAGS.month,
    from: { type: 'day', summary: 'emitted on or after this day (YYYY-MM-DD or dd/mm/yyyy)' },
    to: { type: 'day', summary: 'emitted on or before this day' },
    type: {
      type: 'choice',
      list: true,
      choices: DOCUMENT_KINDS.filter((k) => k !== 'event'),
      value: 'types',
      summary: 'only these document types (comma-separated)',
    },
    role: {
      type: 'choice',
      list: true,
      value: 'roles',
      choices: ['received', 'emitted', 'transporter', 'authorized', 'taker', 'not-taker', 'intermediate', 'contractor'],
      summary: 'only documents pulled in these roles (pull folders know the role; loose files do not)',
    },
    owner: { type: 'tax-id', list: true, value: 'cnpj', summary: 'only documents pulled for these owners (CNPJ/CPF)' },
    html: { type: 'path', summary: 'also write a self-contained HTML page with the tables and charts to this file' },
    catalog: {
      type: 'text',
      value: 'url',
      summary:
        "read pull folders from the shared catalog in PostgreSQL (postgres://user@host/db); without paths, every profile's documents",
    },
  },
  load: () => import('./report.js'),
  prepare: (ctx, raw, args) => import('./prepare.js').then((m) => m.prepare(ctx, raw, args)),
});
