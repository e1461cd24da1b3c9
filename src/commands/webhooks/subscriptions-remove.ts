// `fiscal webhooks subscriptions remove <id>...`: one DELETE per id, a row each (./remove.ts).
import { verb } from '../shared/verb.js';
import { subscriptionsRemoveVerb } from './index.js';
import { removeBody } from './remove.js';

export default verb(subscriptionsRemoveVerb, removeBody('subscription'));
