// `fiscal profile remove`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import removeVerb from '../../../src/commands/profile/remove.js';
import { UsageError } from '../../../src/errors.js';
import { runVerb } from '../../helpers/run-verb.js';
import { createTestContext } from '../../helpers/context.js';
import { addProfile, KEY } from './profiles.js';

describe('profile remove', () => {
  it('removes a profile and clears the default when it was the default', async () => {
    const t = createTestContext();
    await addProfile(t, 'work');
    await runVerb(removeVerb, t.ctx, {}, ['work']);
    const store = await t.ctx.config();
    expect(store.get('work')).toBeUndefined();
    expect(store.defaultProfile()).toBeUndefined();
    expect(readFileSync(store.path, 'utf8')).not.toContain(KEY);
    expect(t.stderr()).toContain('no default profile now');
    await expect(runVerb(removeVerb, t.ctx, {}, ['work'])).rejects.toThrow(UsageError);
  });
});
