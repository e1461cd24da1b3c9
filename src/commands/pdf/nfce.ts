// `fiscal pdf nfce --local <files or folders>`: the DANFCe of each NFC-e XML, drawn here
// (pdf/local.ts); the service has no NFC-e PDF to download.
import { UsageError } from '../../errors.js';
import { checkLocalPaths, renderLocalPdfs } from './local.js';
import { verb } from '../shared/verb.js';
import { nfceVerb } from './index.js';

export default verb(nfceVerb, {
  check(o, files) {
    if (!o.local)
      throw new UsageError('the service has no NFC-e PDF: draw it from the XML with --local <files or folders>');
    checkLocalPaths(files, o.stdin);
  },
  run: (ctx, o, files) => renderLocalPdfs(ctx, 'nfce', { paths: files, dir: o.dir }),
});
