// `fiscal manifest not-performed <key>...`: sends 210240 for each key (./send.ts).
import { notPerformedVerb } from './index.js';
import { sendVerb } from './send.js';

export default sendVerb(notPerformedVerb, '210240');
