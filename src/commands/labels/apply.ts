// `fiscal labels apply --label <l>... <id>...`: POST /v1/labels/apply (./change.ts).
import { changeVerb } from './change.js';
import { applyVerb } from './index.js';

export default changeVerb(applyVerb, 'apply');
