// `fiscal profile use`.
import { describe, expect, it } from 'vitest';
import useVerb from '../../../src/commands/profile/use.js';
import { UsageError } from '../../../src/errors.js';
import { rejection } from '../../helpers/errors.js';
import { runVerb } from '../../helpers/run-verb.js';
import { createTestContext } from '../../helpers/context.js';
import { addProfile } from './profiles.js';

describe('profile use', () => {
  it('switches the default, and refuses unknown names listing the known ones', async () => {
    const t = createTestContext();
    await addProfile(t, 'work');
    await addProfile(t, 'home');
    await runVerb(useVerb, t.ctx, {}, ['home']);
    expect((await t.ctx.config()).defaultProfile()).toBe('home');
    await expect(runVerb(useVerb, t.ctx, {}, ['nope'])).rejects.toThrow(/no profile named "nope"/);
    const error = await rejection(runVerb(useVerb, t.ctx, {}, ['nope']), UsageError);
    expect(error.details.join('\n')).toContain('home, work');
  });
});
