// The CT-e and CT-e OS filter flags of `search cte` / `search cteos` (and a later `pull cte`).
// Only commander here: this module is loaded for --help.
import { Option, type Command } from 'commander';
import { suggest } from '../cli-tree/hints.js';
import type { Context } from '../context.js';
import { addDeprecatedFlags } from './deprecated.js';
import { COMMON_FLAGS as C, collectRaw, listOption as list } from './filter-flags.js';

export type CteKind = 'cte' | 'cteos';

const ROLE_HELP: Record<CteKind, string> = {
  cte: 'owner role(s): taker, not-taker, authorized (comma-separated)',
  cteos: 'owner role(s): taker, not-taker (comma-separated)',
};

const FLAGS = {
  role: (kind: CteKind) => suggest(list('--role <roles>', ROLE_HELP[kind]), kind === 'cte' ? ['taker', 'not-taker', 'authorized'] : ['taker', 'not-taker']),
  owner: C.owner,
  emitter: C.emitter,
  from: C.from,
  to: C.to,
  createdFrom: C.createdFrom,
  createdTo: C.createdTo,
  status: C.status,
  key: C.key,
  cteType: () => list('--cte-type <type>', 'tpCTe: 0 normal, 1 complementary, 3 substitute (names accepted; repeatable)'),
  nfe: () => list('--nfe <key>', 'related NF-e access key (repeatable)'),
  cfop: C.cfop,
  tag: C.tag,
  origin: C.origin,
  hasCce: C.hasCce,
  hasManifestation: () => new Option('--has-manifestation [bool]', "has the taker's disagreement event (610110)"),
  prop: () => new Option('--prop <name=value>', 'custom property equals value (repeatable; same name: any of)').argParser(collectRaw),
  filter: C.filter,
  fields: () => list('--fields <fields>', 'fields to return (comma-separated, e.g. AccessKey,Taker,Xml)'),
  limit: () => new Option('--limit <n>', 'at most this many documents (default 50)'),
  all: () => new Option('--all', 'every matching document (streams)'),
  api: () => new Option('--api <endpoint>', 'force an endpoint: dfe (POST /v1/dfe/...) or v1 (GET role listing)').choices(['dfe', 'v1']),
} as const;

export function addCteFlags(command: Command, ctx: Context, kind: CteKind): Command {
  for (const make of Object.values(FLAGS)) command.addOption((make as (k: CteKind) => Option)(kind));
  // --taker is a CNPJ in search nfse and --type a document type elsewhere: the old spellings here.
  return addDeprecatedFlags(command, ctx, [
    { option: new Option('--taker'), use: '--role taker' },
    { option: new Option('--not-taker'), use: kind === 'cte' ? '--role not-taker,authorized' : '--role not-taker' },
    { option: list('--type <type>', ''), use: '--cte-type', moveTo: 'cteType' },
  ]);
}
