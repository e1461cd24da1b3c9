// `fiscal manifest unaware <key>...`: sends 210220 for each key (./send.ts).
import { unawareVerb } from './index.js';
import { sendVerb } from './send.js';

export default sendVerb(unawareVerb, '210220');
