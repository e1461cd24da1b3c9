// `fiscal search cteos`: `search cte` over POST /v1/dfe/cteos and GET /v1/cte-os/{role}.
export { cteosVerb as default } from './cte.js';
