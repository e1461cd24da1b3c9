// `fiscal ocr upload <pdf|dir|->... --kind --owner`: each PDF sent to the OCR (POST /v1/ocr,
// designed), a row per file with its request id; shared/ocr-upload.ts does the sending.
import { uploadToOcr } from '../shared/ocr-upload.js';
import { verb } from '../shared/verb.js';
import { uploadVerb } from './index.js';

export default verb(uploadVerb, {
  run: (ctx, o, paths) => uploadToOcr(ctx, paths, { kind: o.kind, owner: o.owner, wait: o.wait, dryRun: o.dryRun }),
});
