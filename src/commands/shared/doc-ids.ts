// Naming a document the way flagerp and the labels endpoints do (R10, R27): a command-line type
// word becomes the API's doc_type, and the id is checked for that type before anything is sent.
import { FLAG_DOC_TYPES, type FlagDocType } from '../../api/wire/flag.js';
import { accessKeyProblem } from '../../fiscal/access-key.js';
import { nfseIdProblem } from '../../fiscal/nfse-id.js';

/** Type words on the command line, lower case; `cfe` is also read as CF-e SAT. */
const DOC_TYPE_WORDS: Record<string, FlagDocType> = {
  nfe: 'NFE',
  nfse: 'NFSE',
  cte: 'CTE',
  cteos: 'CTEOS',
  'cte-os': 'CTEOS',
  cfesat: 'CFESAT',
  cfe: 'CFESAT',
  nfce: 'NFCE',
};
export const DOC_TYPE_HELP = 'nfe, nfse, cte, cteos, cfesat or nfce';

export function docTypeOf(word: string): FlagDocType | undefined {
  const upper = word.toUpperCase();
  return (
    DOC_TYPE_WORDS[word.toLowerCase()] ??
    ((FLAG_DOC_TYPES as readonly string[]).includes(upper) ? (upper as FlagDocType) : undefined)
  );
}

/** Why `id` does not name a document of that type; NFS-e ids with or without the owner. */
export function docIdProblem(type: FlagDocType, id: string): string | undefined {
  return type === 'NFSE' ? nfseIdProblem(id) : accessKeyProblem(id);
}
