// `fiscal <group> pdf <id>... [--stdin] --dir`: the PDF of each record of a group (boletos,
// receipts, invoices, utility bills), written as <dir>/<id>.pdf, a result row per id. The PdfKind
// of a record group; checking, downloading and the exit codes are those of every `pdf` verb
// (pdf-download.ts).
import type { HttpClient } from '../../api/http.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkPdfKeys, downloadPdfs, type PdfKind } from './pdf-download.js';
import type { RecordIds } from './records-show.js';

interface RecordPdfs extends RecordIds {
  download(http: HttpClient, id: string): Promise<Buffer>;
}

function recordPdfKind(o: RecordPdfs): PdfKind {
  return {
    what: o.what,
    check(id, where) {
      const why = o.problem(id);
      if (why) throw new UsageError(`invalid ${o.what} id "${id}"${where}: ${why}`);
    },
    // `:` and the like are not allowed in every file system; record ids are letters, digits and `_`.
    fileName: (id) => `${id.replace(/[^0-9A-Za-z.-]/g, '_')}.pdf`,
    download: (http, id) => o.download(http, id),
    // A record's own id: boletos and receipts also carry the access_key of their NF-e.
    idField: 'id',
    noun: 'id',
  };
}

/** Checks the ids given as arguments (the verb's check): a UsageError naming the first bad one. */
export function checkPdfIds(args: readonly string[], stdin: boolean, o: RecordPdfs): void {
  checkPdfKeys(recordPdfKind(o), args, stdin);
}

export async function saveRecordPdfs(
  ctx: Context,
  args: readonly string[],
  options: { dir: string; stdin: boolean },
  o: RecordPdfs,
): Promise<void> {
  const kind = recordPdfKind(o);
  checkPdfKeys(kind, args, options.stdin);
  await downloadPdfs(ctx, kind, { keys: [...args], dir: options.dir, stdin: options.stdin });
}
