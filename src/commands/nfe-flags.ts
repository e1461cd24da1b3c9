// The NF-e filter flags, shared by `search nfe` and `pull nfe` so the two accept the same words.
// Only commander here: this module is loaded for --help.
import { Option, type Command } from 'commander';

/** Repeatable list flags: `--tag a --tag b` and `--tag a,b` both give ['a', 'b']. */
export function collectList(value: string, previous: string[] | undefined): string[] {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  return [...(previous ?? []), ...items];
}

/** Repeatable flags whose values may contain commas (`--custom name=a,b` is one item). */
export function collectRaw(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

const list = (flags: string, description: string) => new Option(flags, description).argParser(collectList);

const FLAGS = {
  owner: () => list('--owner <cnpj>', 'owner CNPJ/CPF (repeatable or comma-separated)'),
  emitter: () => list('--emitter <cnpj>', 'emitter CNPJ/CPF (repeatable)'),
  receiver: () => list('--receiver <cnpj>', 'receiver CNPJ/CPF (repeatable)'),
  transporter: () => list('--transporter <cnpj>', 'transporter CNPJ/CPF (repeatable)'),
  from: () => new Option('--from <date>', 'emitted on or after (YYYY-MM-DD or "YYYY-MM-DD hh:mm:ss")'),
  to: () => new Option('--to <date>', 'emitted on or before'),
  createdFrom: () => new Option('--created-from <date>', 'received by the service on or after'),
  createdTo: () => new Option('--created-to <date>', 'received by the service on or before'),
  status: () => new Option('--status <status>', 'document status').choices(['authorized', 'canceled']),
  key: () => list('--key <key>', 'access key (44 digits; repeatable)'),
  number: () => new Option('--number <n>', 'invoice number or range (100..200)'),
  cfop: () => list('--cfop <cfop>', 'CFOP codes, any of (repeatable)'),
  tag: () => list('--tag <tag>', 'tags, any of (repeatable)'),
  tagsAll: () => list('--tags-all <tag>', 'tags, all of (repeatable)'),
  origin: () => list('--origin <origin>', 'origins, any of: sefaz, upload, upload_api, email, ... (repeatable)'),
  fin: () => list('--fin <purpose>', 'finNFe: 1-6 or normal, complementary, adjustment, return, credit, debit'),
  hasCce: () => new Option('--has-cce [bool]', 'has a correction letter (CC-e); --has-cce=false for none'),
  hasEvent: () => new Option('--has-event [bool]', 'has events'),
  hasManifestation: () => new Option('--has-manifestation [bool]', 'has a recipient manifestation'),
  hasXped: () => new Option('--has-xped [bool]', 'has an xPed (purchase order)'),
  xped: () => list('--xped <xped>', 'xPed values (repeatable)'),
  custom: () => new Option('--custom <name=value>', 'custom property equals value (repeatable; same name: any of)').argParser(collectRaw),
  filter: () => new Option('--filter <expression>', "custom-property expression, e.g. '(AND (= status done) (NOT_EXISTS erp_id))'"),
  api: () => new Option('--api <version>', 'force an endpoint').choices(['v1', 'v2']),
} as const;

export type NfeFlag = keyof typeof FLAGS;
export const ALL_NFE_FLAGS = Object.keys(FLAGS) as NfeFlag[];

export function addNfeFlags(command: Command, names: readonly NfeFlag[] = ALL_NFE_FLAGS): Command {
  for (const name of names) command.addOption(FLAGS[name]());
  return command;
}
