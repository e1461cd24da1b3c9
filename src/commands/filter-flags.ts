// The filter flags every document search shares (`search nfe`, `search cte`, `pull nfe`...), so
// that the same word means the same filter everywhere. Only commander here: loaded for --help.
import { Option } from 'commander';

/** Repeatable list flags: `--tag a --tag b` and `--tag a,b` both give ['a', 'b']. */
export function collectList(value: string, previous: string[] | undefined): string[] {
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  return [...(previous ?? []), ...items];
}

/** Repeatable flags whose values may contain commas (`--custom name=a,b` is one item). */
export function collectRaw(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export const listOption = (flags: string, description: string) => new Option(flags, description).argParser(collectList);

export const COMMON_FLAGS = {
  owner: () => listOption('--owner <cnpj>', 'owner CNPJ/CPF (repeatable or comma-separated)'),
  emitter: () => listOption('--emitter <cnpj>', 'emitter CNPJ/CPF (repeatable)'),
  from: () => new Option('--from <date>', 'emitted on or after (YYYY-MM-DD or dd/mm/yyyy, a time hh:mm:ss optional)'),
  to: () => new Option('--to <date>', 'emitted on or before'),
  createdFrom: () => new Option('--created-from <date>', 'received by the service on or after'),
  createdTo: () => new Option('--created-to <date>', 'received by the service on or before (a date, or now)'),
  status: () => new Option('--status <status>', 'document status').choices(['authorized', 'canceled']),
  key: () => listOption('--key <key>', 'access key (44 digits; repeatable)'),
  cfop: () => listOption('--cfop <cfop>', 'CFOP codes, any of (repeatable)'),
  tag: () => listOption('--tag <tag>', 'tags, any of (repeatable)'),
  origin: () => listOption('--origin <origin>', 'origins, any of: sefaz, upload, upload_api, email, ... (repeatable)'),
  hasCce: () => new Option('--has-cce [bool]', 'has a correction letter (CC-e); --has-cce=false for none'),
  filter: () => new Option('--filter <expression>', "custom-property expression, e.g. '(AND (= status done) (NOT_EXISTS erp_id))'"),
} as const;
