// `fiscal init`: a new user's first profile (the walkthrough is shared with `profile add`).
import { UsageError } from '../../errors.js';
import { firstProfile } from '../shared/first-profile.js';
import {
  CREDENTIAL_PARSERS,
  newProfileNameProblem,
  profileBaseUrl,
  refuseKeyFlag,
} from '../shared/profile-credentials.js';
import { verb } from '../shared/verb.js';
import { init } from './index.js';

export default verb(init, {
  parsers: CREDENTIAL_PARSERS,
  check(o) {
    refuseKeyFlag(o.apiKey, 'printf %s "$KEY" | fiscal init --api-key-stdin ...');
    const problem = o.name === undefined ? undefined : newProfileNameProblem(o.name);
    if (problem) throw new UsageError(`--name: ${problem}`);
  },
  // --skip-check is --no-verify's old name.
  run: (ctx, o) =>
    firstProfile(ctx, { ...o, verify: o.verify && !o.skipCheck, baseUrl: profileBaseUrl(ctx, o.baseUrl) }),
});
