// `fiscal flag`: the declaration only; the verb module loads on use.
import { FLAG_TYPE_HELP, FLAG_TYPE_WORDS } from '../../fiscal/doc-types.js';
import { defineVerb } from '../shared/define.js';

export const flag = defineVerb({
  name: 'flag',
  summary: 'attach ERP metadata flags (key=value) to a document of any type',
  examples: [
    'fiscal flag nfe 35260112345678000195550010000012341000012343 --owner 12345678000195 --set erp_id=884 --set exported=true',
    'fiscal flag nfse 12345678000195:2026-01-15:123 --owner 98765432000198 --set erp_id=885 --dry-run',
  ],
  notes: `Sends POST /v1/dfe/flagerp. An NFS-e is named <emitter_cnpj>:<yyyy-mm-dd>:<number>; the full id
<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number> also works and gives the owner. Everything is checked
before sending (exit 2 naming each missing or bad part); a document the account does not hold is
exit 4. See docs/flag.md.`,
  // Optional here so that every missing part is reported at once (the verb's check).
  args: [
    {
      name: 'type',
      summary: FLAG_TYPE_HELP,
      required: false,
      complete: FLAG_TYPE_WORDS,
    },
    { name: 'id', summary: 'access key, or the NFS-e id', required: false },
  ],
  flags: {
    // Text, not tax-id: the owner of a full NFS-e id may stand in for it, and problems come together.
    owner: { type: 'text', value: 'cnpj', summary: 'CNPJ/CPF of the owner of the document in the account' },
    set: { type: 'pair', list: true, value: 'key=value', summary: 'a flag to set (repeatable)' },
    dryRun: { type: 'switch', summary: 'show what would be sent, send nothing' },
  },
  load: () => import('./flag.js'),
});
