// `fiscal labels remove --label <l>... <id>...`: POST /v1/labels/remove (./change.ts).
import { changeVerb } from './change.js';
import { removeVerb } from './index.js';

export default changeVerb(removeVerb, 'remove');
