// `fiscal profile show`.
import { describe, expect, it } from 'vitest';
import showVerb from '../../../src/commands/profile/show.js';
import { runVerb } from '../../helpers/run-verb.js';
import { createTestContext, runMain } from '../../helpers/context.js';
import { addProfile, KEY, records } from './profiles.js';

describe('profile show', () => {
  it('shows one profile with the key masked to its last 4 characters', async () => {
    const t = createTestContext({ globals: { output: 'json' } });
    await addProfile(t, 'work');
    await runVerb(showVerb, t.ctx, {}, ['work']);
    expect(JSON.parse(t.stdout())).toEqual([
      { name: 'work', base_url: 'production', api_id: 'id-work', api_key: `****${KEY.slice(-4)}`, default: true },
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

  it('names its JSON as profile current names its settings', async () => {
    const t = createTestContext({ globals: { output: 'json' } });
    await addProfile(t, 'work');
    await runVerb(showVerb, t.ctx, {}, ['work']);
    const shown = Object.keys((JSON.parse(t.stdout()) as Array<Record<string, unknown>>)[0]!);
    const current = await runMain(['--profile', 'work', 'profile', 'current', '-o', 'json'], t.ctx.env);
    const settings = (JSON.parse(current.stdout) as Array<{ setting: string }>).map((r) => r.setting);
    for (const s of settings.filter((x) => x !== 'profile')) expect(shown).toContain(s);
  });
});
