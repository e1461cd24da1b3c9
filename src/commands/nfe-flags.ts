// The NF-e filter flags, shared by `search nfe` and `pull nfe` so the two accept the same words.
// Only commander here: this module is loaded for --help.
import { Option, type Command } from 'commander';
import type { Context } from '../context.js';
import { addDeprecatedFlags } from './deprecated.js';
import { COMMON_FLAGS as C, collectRaw, listOption as list } from './filter-flags.js';

export { collectList, collectRaw } from './filter-flags.js';

const FLAGS = {
  owner: C.owner,
  emitter: C.emitter,
  receiver: () => list('--receiver <cnpj>', 'receiver CNPJ/CPF (repeatable)'),
  transporter: () => list('--transporter <cnpj>', 'transporter CNPJ/CPF (repeatable)'),
  from: C.from,
  to: C.to,
  createdFrom: C.createdFrom,
  createdTo: C.createdTo,
  status: C.status,
  key: C.key,
  number: () => new Option('--number <n>', 'invoice number or range (100..200)'),
  cfop: C.cfop,
  tag: C.tag,
  tagsAll: () => list('--tags-all <tag>', 'tags, all of (repeatable)'),
  origin: C.origin,
  fin: () => list('--fin <purpose>', 'finNFe: 1-6 or normal, complementary, adjustment, return, credit, debit'),
  hasCce: C.hasCce,
  hasEvent: () => new Option('--has-event [bool]', 'has events'),
  hasManifestation: () => new Option('--has-manifestation [bool]', 'has a recipient manifestation'),
  hasXped: () => new Option('--has-xped [bool]', 'has an xPed (purchase order)'),
  xped: () => list('--xped <xped>', 'xPed values (repeatable)'),
  prop: () => new Option('--prop <name=value>', 'custom property equals value (repeatable; same name: any of)').argParser(collectRaw),
  filter: C.filter,
  where: () => new Option('--where <name=value>', 'custom property equals value, composed into --filter (repeatable)').argParser(collectRaw),
  whereMissing: () => new Option('--where-missing <name>', 'custom property not set, composed into --filter (repeatable)').argParser(collectRaw),
  api: () => new Option('--api <version>', 'force an endpoint').choices(['v1', 'v2']),
} as const;

export type NfeFlag = keyof typeof FLAGS;
export const ALL_NFE_FLAGS = Object.keys(FLAGS) as NfeFlag[];

export function addNfeFlags(command: Command, ctx: Context, names: readonly NfeFlag[] = ALL_NFE_FLAGS): Command {
  for (const name of names) command.addOption(FLAGS[name]());
  if (!names.includes('prop')) return command;
  // The name every other search gives this filter.
  return addDeprecatedFlags(command, ctx, [{ option: new Option('--custom <name=value>').argParser(collectRaw), use: '--prop', moveTo: 'prop' }]);
}
