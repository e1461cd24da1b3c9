// `fiscal webhooks endpoints remove <id>...`: one DELETE per id, a row each (./remove.ts).
import { verb } from '../shared/verb.js';
import { endpointsRemoveVerb } from './index.js';
import { removeBody } from './remove.js';

export default verb(endpointsRemoveVerb, removeBody('endpoint'));
