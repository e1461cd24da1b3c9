// `fiscal pdf cteos <key>...`: the DACTe-OS of each key, saved as <dir>/<key>.pdf, or with --local drawn
// from local XML files and folders (pdf/local.ts).
import { keyedOrLocal } from './local.js';
import { verb } from '../shared/verb.js';
import { cteosVerb } from './index.js';

export default verb(cteosVerb, keyedOrLocal('cteos'));
