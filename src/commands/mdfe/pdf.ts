// `fiscal mdfe pdf <key>...`: the very verb of `fiscal pdf mdfe` (shared/pdf-verbs.ts), under the type.
import { keyedOrLocal } from '../shared/pdf-local.js';
import { verb } from '../shared/verb.js';
import { pdfVerb } from './index.js';

export default verb(pdfVerb, keyedOrLocal('mdfe'));
