// `fiscal profile show`.
import { describe, expect, it } from 'vitest';
import showVerb from '../../../src/commands/profile/show.js';
import { runVerb } from '../../helpers/run-verb.js';
import { createTestContext } from '../../helpers/context.js';
import { addProfile, KEY, records } from './profiles.js';

describe('profile show', () => {
  it('shows one profile with the key masked to its last 4 characters', async () => {
    const t = createTestContext({ globals: { output: 'json' } });
    await addProfile(t, 'work');
    await runVerb(showVerb, t.ctx, {}, ['work']);
    expect(JSON.parse(t.stdout())).toEqual([
      { name: 'work', baseUrl: 'production', apiId: 'id-work', apiKey: `****${KEY.slice(-4)}`, default: true },
    ]);
    expect(t.stdout() + t.stderr()).not.toContain(KEY);
  });

  it('shows the profile the run would use when none is named', async () => {
    const t = createTestContext({ env: { FISCAL_PROFILE: 'home' } });
    await addProfile(t, 'work');
    await addProfile(t, 'home');
    await runVerb(showVerb, t.ctx, {}, []);
    expect(records(t)[0]?.name).toBe('home');
  });
});
