// `fiscal search cteos`: `search cte` over POST /v1/dfe/cteos and GET /v1/cte-os/{role}.
import { verbFor } from './cte.js';

export const { parseOptions, run } = verbFor('cteos');
