// `fiscal catalog ...`: declarations only; the verb modules (SQLite, XML scans) load when they run.
import { defineGroup, defineVerb } from '../shared/define.js';

export const rebuildVerb = defineVerb({
  name: 'rebuild',
  summary: "rebuild a pull folder's catalog (.fiscal/catalog.sqlite) from its XML files and index.ndjson",
  examples: ['fiscal catalog rebuild', 'fiscal catalog rebuild ./fiscal-docs'],
  notes: `Never needed for the catalog to be right: every command that reads it first checks it against
the folder, ingests what it lacks and rebuilds one that is damaged or another folder's. This
rebuilds it whatever it says (after a file was edited by hand, say). See docs/catalog.md.`,
  args: [{ name: 'dir', summary: 'the pull folder (default ./fiscal-docs)', required: false, type: 'path' }],
  flags: {},
  load: () => import('./rebuild.js'),
});

export const catalog = defineGroup({
  name: 'catalog',
  summary: "a pull folder's catalog: the SQLite database of its documents, items, events and files",
  examples: [
    'fiscal catalog rebuild ./fiscal-docs',
    'fiscal query "SELECT status, count(*) FROM documents GROUP BY 1"',
  ],
  notes: `The pull writes it with the files it describes; \`fiscal query\` runs read-only SQL on it, and any
SQLite tool opens it (sqlite3, DB Browser, DuckDB). Schema and ready queries: docs/catalog.md.`,
  verbs: [rebuildVerb],
});
