// `fiscal invoices upload <pdf|dir|->... --owner`: `fiscal ocr upload --kind invoice`.
import { uploadToOcr } from '../shared/ocr-upload.js';
import { verb } from '../shared/verb.js';
import { uploadVerb } from './index.js';

export default verb(uploadVerb, {
  run: (ctx, o, paths) => uploadToOcr(ctx, paths, { kind: 'invoice', owner: o.owner, wait: o.wait, dryRun: o.dryRun }),
});
