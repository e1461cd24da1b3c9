// `fiscal manifest confirm <key>...`: sends 210200 for each key (./send.ts).
import { confirmVerb } from './index.js';
import { sendVerb } from './send.js';

export default sendVerb(confirmVerb, '210200');
