// The texts of `fiscal help <topic>`, in one place: the man page prints the same ones.
import { EXIT_CODE_HELP } from '../errors.js';
import { wrapWords as wrap } from '../output/terminal.js';

export interface Topic {
  name: string;
  /** One line, for the topic list. */
  summary: string;
  /** Heading of the man page section. */
  title: string;
  intro: string;
  /** Term and its explanation, shown as an aligned list. */
  items: ReadonlyArray<readonly [string, string]>;
  outro?: string;
}

export const TOPICS: readonly Topic[] = [
  {
    name: 'exit-codes',
    summary: 'what each exit code means, for scripts and cron',
    title: 'EXIT STATUS',
    intro: 'Every command ends with one of these codes; errors are explained on stderr.',
    items: EXIT_CODE_HELP.map(([code, what]) => [String(code), what] as const),
    outro:
      'Commands that handle many items (pdf, manifest, upload, props, labels) go on past a failed item and end with 7.',
  },
  {
    name: 'environment',
    summary: 'the environment variables fiscal reads',
    title: 'ENVIRONMENT',
    intro:
      'Flags win over the environment, the environment over the profile, the profile over the defaults; but an explicit ' +
      '--profile wins over FISCAL_BASE_URL, FISCAL_API_ID and FISCAL_API_KEY (a notice names them). `fiscal profile current` shows where each setting comes from.',
    items: [
      ['FISCAL_BASE_URL', 'API base URL: production, sandbox or an http(s) URL (like --base-url)'],
      ['FISCAL_API_ID', 'API id; with FISCAL_API_KEY no profile file is read (for CI)'],
      ['FISCAL_API_KEY', 'API key; never printed, redacted in every trace line'],
      ['FISCAL_PROFILE', 'profile to use (like --profile); "emulator" runs a local emulator'],
      ['FISCAL_PRODUCTION_URL', 'the address the name "production" stands for (default https://api.arquivei.com.br)'],
      ['FISCAL_SANDBOX_URL', 'the address the name "sandbox" stands for (default https://sandbox-api.arquivei.com.br)'],
      [
        'FISCAL_WEBHOOK_SECRET',
        'signing secret `fiscal webhooks listen` checks notifications with (instead of --secret); never printed',
      ],
      [
        'FISCAL_CATALOG',
        'a shared catalog in PostgreSQL (like pull --catalog; here the URL may hold the password, never printed)',
      ],
      ['FISCAL_LOCALE', 'money and dates for people in tables and CSV (like --locale): pt-BR or en (the default)'],
      [
        'FISCAL_CONFIG_DIR',
        'folder of the profile file config.json (default $XDG_CONFIG_HOME/fiscal, else ~/.config/fiscal)',
      ],
      ['XDG_CONFIG_HOME', 'base of the default profile folder'],
      ['HOME', 'base of the default profile folder when XDG_CONFIG_HOME is unset'],
      ['NO_COLOR', 'any non-empty value turns colors off (like --no-color)'],
      [
        'COLUMNS',
        'width of tables and help text when the terminal does not report one; a number of at least 20 (default 80 on a terminal, 100 when piped)',
      ],
    ],
  },
  {
    name: 'output',
    summary: 'output formats, and what goes to stdout and stderr',
    title: 'OUTPUT',
    intro:
      'Results go to stdout, one record per document or item; progress, warnings and errors go to stderr, ' +
      'so a pipe or a redirect gets only the results. -o (--output) chooses the format:',
    items: [
      ['table', 'aligned columns, the default on a terminal; long cells are shortened, access keys never'],
      ['ndjson', 'one JSON object per line, the default when stdout is piped or redirected; streams'],
      ['json', 'one JSON array of every record; streams'],
      [
        'csv',
        'a header line of names for programs (trade_name, request_id), then one row per record, quoted where needed',
      ],
    ],
    outro:
      'JSON and NDJSON records keep the API field names; table and CSV show chosen columns. --quiet keeps ' +
      'only results and errors; --verbose traces HTTP requests on stderr with credentials redacted; ' +
      'progress spinners show only when stderr is a terminal. Closing the pipe early (| head) is not an error. ' +
      'A command that fails before its first record writes nothing on stdout.',
  },
  {
    name: 'filters',
    summary: 'search and pull filters: dates, lists, --filter and --where expressions',
    title: 'FILTERS',
    intro:
      'search and pull narrow documents with flags; all of them are checked before anything is sent (exit 2 naming the flag).',
    items: [
      [
        '--from, --to',
        'emission date: YYYY-MM-DD or "YYYY-MM-DD hh:mm:ss", Brasilia time (UTC-3); a bare --to date includes that whole day',
      ],
      [
        '--created-from, --created-to',
        'when the service received the document, same formats; --created-to also takes now',
      ],
      ['lists', 'repeatable flags take several values: --tag a --tag b, or --tag a,b; any of them matches'],
      ['--role', 'the role of the account in the documents, e.g. received, emitted (comma-separated)'],
      ['--owner, --emitter', 'CNPJ or CPF, check digits verified'],
      [
        '--filter EXPR',
        'custom-property expression in prefix form: (= prop value), (NOT_EXISTS prop) (also spelled _not_exists), (AND e1 e2 ...), (OR e1 e2 ...)',
      ],
      ['--where NAME=VALUE', 'shorthand composed into --filter: (= NAME VALUE), repeatable, joined with AND'],
      ['--where-missing NAME', 'shorthand for (NOT_EXISTS NAME); --where and --filter cannot be given together'],
      ['--has-cce[=false]', 'yes/no flags: alone means true, =false asks for documents without'],
    ],
    outro:
      'Example: fiscal search nfe --role received --from 2026-01-01 --where status=done --where-missing erp_id. ' +
      'A --filter (or --where) is answered from the v1 role listing; see docs/search.md for which flags each endpoint takes.',
  },
];

export function findTopic(name: string): Topic | undefined {
  return TOPICS.find((t) => t.name === name);
}

/** A topic as `fiscal help <topic>` prints it. */
export function topicText(topic: Topic, width = 100): string {
  const termWidth = Math.min(24, Math.max(...topic.items.map(([term]) => term.length)) + 2);
  const items = topic.items.map(([term, text]) => {
    const pad = term.length >= termWidth ? `\n${' '.repeat(termWidth + 2)}` : ' '.repeat(termWidth - term.length);
    return `  ${term}${pad}${wrap(text, width - termWidth - 2).join(`\n${' '.repeat(termWidth + 2)}`)}`;
  });
  const para = (s: string) => wrap(s, width).join('\n');
  return [
    `${topic.title}\n`,
    para(topic.intro),
    '',
    ...items,
    ...(topic.outro ? ['', para(topic.outro)] : []),
    '',
  ].join('\n');
}
