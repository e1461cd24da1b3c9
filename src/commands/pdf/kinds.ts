// What differs between `fiscal pdf nfe|cte|cteos|mdfe|nfse`: how a key (or NFS-e id) is checked,
// which endpoint serves its PDF, and the file it is saved as. Everything else is download.ts.
import { cteDacte, cteOsDacte, mdfeDamdfe, nfeDanfe, nfseDanfse, nfseManualPdf } from '../../api/pdf.js';
import type { HttpClient } from '../../api/http.js';
import type { NfsePdfRole } from '../../api/wire/pdf.js';
import { UsageError } from '../../errors.js';
import { accessKeyProblem, MODELS, parseAccessKey, type ModelCode } from '../../fiscal/access-key.js';
import { nfseIdProblem } from '../../fiscal/nfse-id.js';

export type PdfType = 'nfe' | 'cte' | 'cteos' | 'mdfe' | 'nfse';

/** `--manual --role <role>`: the OCR original of an NFS-e rather than its DANFSe. */
export interface ManualOption {
  role: NfsePdfRole;
}

export interface PdfKind {
  /** What one PDF is called in messages: DANFe, DACTe... */
  what: string;
  /** Throws a UsageError naming `value` (and `where` it came from) when it cannot be asked for. */
  check(value: string, where: string): void;
  fileName(value: string, manual?: ManualOption): string;
  download(http: HttpClient, value: string, manual?: ManualOption): Promise<Buffer>;
  /** The field of a piped NDJSON record that holds the value, when the usual ones (access_key...) would be wrong. */
  idField?: string;
}

function keyed(model: ModelCode, what: string, download: (http: HttpClient, key: string) => Promise<Buffer>): PdfKind {
  return {
    what,
    check(key, where) {
      const problem = accessKeyProblem(key);
      if (problem) throw new UsageError(`invalid access key "${key}"${where}: ${problem}`);
      const actual = parseAccessKey(key).model as ModelCode;
      if (actual !== model) {
        throw new UsageError(`"${key}"${where} is a key of model ${actual} (${MODELS[actual] ?? 'unknown'}), not ${NAMES[model]} (${model})`);
      }
    },
    fileName: (key) => `${key}.pdf`,
    download: (http, key) => download(http, key),
  };
}

const NAMES: Record<ModelCode, string> = {
  '55': 'an NF-e', '57': 'a CT-e', '58': 'an MDF-e', '59': 'a CF-e', '65': 'an NFC-e', '67': 'a CT-e OS',
};

const NFSE: PdfKind = {
  what: 'DANFSe',
  check(id, where) {
    const problem = nfseIdProblem(id);
    if (problem) throw new UsageError(`invalid NFS-e id "${id}"${where}: ${problem}`);
  },
  // `:` is not allowed in Windows file names; the id's parts are digits and dashes otherwise.
  fileName: (id, manual) => `${id.replace(/[^0-9A-Za-z.-]/g, '_')}${manual ? '-original' : ''}.pdf`,
  download: (http, id, manual) => (manual ? nfseManualPdf(http, manual.role, id) : nfseDanfse(http, id)),
};

export const PDF_KINDS: Record<PdfType, PdfKind> = {
  nfe: keyed('55', 'DANFe', nfeDanfe),
  cte: keyed('57', 'DACTe', cteDacte),
  cteos: keyed('67', 'DACTe-OS', cteOsDacte),
  mdfe: keyed('58', 'DAMDFe', mdfeDamdfe),
  nfse: NFSE,
};

/** The PDF of a record of a designed group (receipt, invoice, utility bill...), saved as `<id>.pdf`. */
export function recordPdfKind(what: string, problem: (id: string) => string | undefined, download: (http: HttpClient, id: string) => Promise<Buffer>): PdfKind {
  return {
    what,
    check(id, where) {
      const why = problem(id);
      if (why) throw new UsageError(`invalid ${what} id "${id}"${where}: ${why}`);
    },
    fileName: (id) => `${id.replace(/[^0-9A-Za-z.-]/g, '_')}.pdf`,
    download,
    // A record's own id: boletos and receipts also carry the access_key of their NF-e.
    idField: 'id',
  };
}
