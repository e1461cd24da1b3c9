// Naming a document the way flagerp and the labels endpoints do (R10, R27): a command-line type
// word becomes the API's doc_type, and the id is checked for that type before anything is sent.
import { accessKeyProblem } from '../../fiscal/access-key.js';
import { FLAG_DOC_TYPES, FLAG_TYPE_ALIASES, type FlagDocType } from '../../fiscal/doc-types.js';
import { nfseIdProblem } from '../../fiscal/nfse-id.js';

/** Type words on the command line, in any case; `cfe` is also read as CF-e SAT. */
const DOC_TYPE_WORDS: Readonly<Record<string, FlagDocType>> = Object.fromEntries([
  ...FLAG_DOC_TYPES.map((t) => [t.toLowerCase(), t]),
  ...Object.entries(FLAG_TYPE_ALIASES).map(([alias, word]) => [alias, word.toUpperCase()]),
]);

export function docTypeOf(word: string): FlagDocType | undefined {
  return DOC_TYPE_WORDS[word.toLowerCase()];
}

/** Why `id` does not name a document of that type; NFS-e ids with or without the owner. */
export function docIdProblem(type: FlagDocType, id: string): string | undefined {
  return type === 'NFSE' ? nfseIdProblem(id) : accessKeyProblem(id);
}
