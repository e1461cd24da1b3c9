// Moved to ./shared: kept until the last verb is declared with defineVerb, then removed.
export { flagName } from './shared/define.js';
export { parseWith } from './shared/verb.js';
