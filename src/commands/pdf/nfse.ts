// `fiscal pdf nfse <id>...`: the DANFSe of each NFS-e by R10 id, or with --manual --role the
// original PDF read by OCR, saved as <dir>/<id with ":" as "_">.pdf (shared/pdf-download.ts).
import { UsageError } from '../../errors.js';
import { checkPdfKeys, downloadPdfs, PDF_KINDS } from '../shared/pdf-download.js';
import { checkLocalPaths, renderLocalPdfs } from './local.js';
import { verb } from '../shared/verb.js';
import { nfseVerb } from './index.js';

const ROLES = nfseVerb.flags.role.choices.join(', ');

export default verb(nfseVerb, {
  check(o, keys) {
    if (o.local) {
      if (o.manual) throw new UsageError('--manual fetches the original from the service; it does not go with --local');
      return checkLocalPaths(keys, o.stdin);
    }
    if (o.manual && !o.role)
      throw new UsageError(`--manual needs --role (${ROLES}): the role the account's company has in the note`);
    if (o.role && !o.manual) throw new UsageError('--role only applies with --manual');
    checkPdfKeys(PDF_KINDS.nfse, keys, o.stdin);
  },
  run: (ctx, o, keys) =>
    o.local
      ? renderLocalPdfs(ctx, 'nfse', { paths: keys, dir: o.dir })
      : downloadPdfs(ctx, PDF_KINDS.nfse, {
          keys,
          dir: o.dir ?? '.',
          stdin: o.stdin,
          ...(o.manual && o.role && { manual: { role: o.role } }),
        }),
});
