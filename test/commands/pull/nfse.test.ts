// `fiscal pull nfse`: the declared flags parse as the listing needs them, and one small run (./other-type.ts).
import { describePull } from './other-type.js';

describePull('nfse', 'received', 'taker');
