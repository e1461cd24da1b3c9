// `fiscal query "<SQL>"`: the declaration only; SQLite loads when it runs.
import { defineVerb } from '../shared/define.js';

export const query = defineVerb({
  name: 'query',
  summary: "run read-only SQL on a pull folder's catalog: table, JSON, NDJSON or CSV like every command",
  examples: [
    `fiscal query "SELECT status, count(*) AS documents, round(sum(total), 2) AS total FROM documents GROUP BY status"`,
    `fiscal query "SELECT ncm, round(sum(value), 2) AS value FROM items JOIN documents USING (key, role, owner) WHERE role = 'received' GROUP BY ncm" -o csv`,
    `fiscal query --dir ./cliente-a "SELECT * FROM documents WHERE status = 'canceled'" -o json`,
    `fiscal query --catalog postgres://fiscal@db/fiscal "SELECT profile, count(*) FROM documents GROUP BY profile"`,
    `fiscal query --dir ./cliente-a -- "$(cat canceled.sql)"`,
  ],
  notes: `The tables are documents, items, events and files (docs/catalog.md has each column and ready
queries). Only statements that read rows run: the database is opened read-only, and a statement
that would write or returns no rows (ATTACH, BEGIN, a PRAGMA that sets) is refused (exit 2). The
catalog is brought level with the folder first (unless a pull is running on it: then it is read
as that pull last committed it). A statement that starts with a -- comment goes after --.
Values are the same from SQLite and PostgreSQL: numbers as numbers, and in JSON an integer past
2^53 or a decimal a double cannot hold as a string of its exact digits; a blob as hex.`,
  args: [{ name: 'sql', summary: 'one SQL statement that reads (SELECT, WITH ... SELECT)', required: true }],
  flags: {
    dir: { type: 'dir', value: 'path', default: './fiscal-docs', summary: 'the pull folder' },
    catalog: {
      type: 'text',
      value: 'url',
      summary: 'the shared catalog in PostgreSQL instead (postgres://user@host/db; every profile side by side)',
    },
  },
  load: () => import('./query.js'),
});
