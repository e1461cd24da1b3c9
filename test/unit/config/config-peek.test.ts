// A profile's `catalog` setting read without the profile store (src/config/peek.ts): the answer
// the store gives for every file it reads as it is, and no answer (the store then reads it and
// says what is wrong) for any other.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { peekProfileCatalog } from '../../../src/config/peek.js';
import { openProfileStore } from '../../../src/config/store.js';
import { tempDir } from '../../helpers/context.js';

const key = { apiId: 'id', apiKey: 'key-0123456789' };

/** The environment of a config folder holding `text` as its file (none when undefined). */
function configEnv(text: string | undefined): Record<string, string> {
  const dir = tempDir('fiscal-peek-');
  mkdirSync(dir, { recursive: true });
  if (text !== undefined) writeFileSync(join(dir, 'config.json'), text);
  return { FISCAL_CONFIG_DIR: dir };
}

describe('peekProfileCatalog', () => {
  it('gives what the store gives for the default profile and a named one', async () => {
    const env = configEnv(
      JSON.stringify({
        defaultProfile: 'work',
        profiles: {
          work: { baseUrl: 'sandbox', ...key, catalog: 'postgres://db/work' },
          home: { baseUrl: 'sandbox', ...key },
        },
      }),
    );
    const store = await openProfileStore(env);
    expect(peekProfileCatalog(env, undefined)).toEqual({ catalog: store.get(store.defaultProfile()!)!.catalog });
    expect(peekProfileCatalog(env, undefined)).toEqual({ catalog: 'postgres://db/work' });
    expect(peekProfileCatalog(env, 'home')).toEqual({ catalog: undefined });
    expect(peekProfileCatalog(env, 'nobody')).toEqual({ catalog: undefined });
  });

  it('no file, an empty one, no default profile: no catalog setting', () => {
    expect(peekProfileCatalog(configEnv(undefined), undefined)).toEqual({ catalog: undefined });
    expect(peekProfileCatalog(configEnv(' \n'), undefined)).toEqual({ catalog: undefined });
    const env = configEnv(JSON.stringify({ profiles: { work: { baseUrl: 'sandbox', ...key, catalog: 'x' } } }));
    expect(peekProfileCatalog(env, undefined)).toEqual({ catalog: undefined });
  });

  it.each([
    ['not JSON', '{"profiles": '],
    ['an array', '[]'],
    ['a profile without its key', JSON.stringify({ profiles: { work: { baseUrl: 'sandbox', apiId: 'id' } } })],
    ['a catalog that is not text', JSON.stringify({ profiles: { work: { baseUrl: 'x', ...key, catalog: 1 } } })],
    ['a default that is not text', JSON.stringify({ defaultProfile: 3, profiles: {} })],
  ])('%s: left to the store, which refuses it', async (_what, text) => {
    const env = configEnv(text);
    expect(peekProfileCatalog(env, 'work')).toBeUndefined();
    await expect(
      (async () => {
        const store = await openProfileStore(env);
        store.get('work');
        store.defaultProfile();
      })(),
    ).rejects.toThrow(/configuration file/);
  });
});
