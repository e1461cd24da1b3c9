// `fiscal manifest aware <key>...`: sends 210210 for each key (./send.ts).
import { awareVerb } from './index.js';
import { sendVerb } from './send.js';

export default sendVerb(awareVerb, '210210');
