// `fiscal profile list`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import listVerb from '../../../src/commands/profile/list.js';
import { ConfigError } from '../../../src/errors.js';
import { rejection } from '../../helpers/errors.js';
import { runVerb } from '../../helpers/run-verb.js';
import { createTestContext } from '../../helpers/context.js';
import { addProfile, KEY, records } from './profiles.js';

describe('profile list', () => {
  it('lists profiles as records with the default marked and no keys', async () => {
    const t = createTestContext();
    await addProfile(t, 'work', { baseUrl: 'sandbox' });
    await addProfile(t, 'home');
    await runVerb(listVerb, t.ctx);
    expect(records(t)).toEqual([
      { name: 'home', base_url: 'production', api_id: 'id-home', default: false },
      { name: 'work', base_url: 'sandbox', api_id: 'id-work', default: true },
    ]);
    expect(t.stdout() + t.stderr()).not.toContain(KEY.slice(-8));
  });

  it('prints a table on a terminal and a hint when there are no profiles', async () => {
    const t = createTestContext({ stdoutIsTTY: true });
    await runVerb(listVerb, t.ctx);
    expect(t.stdout()).toBe('');
    expect(t.stderr()).toContain('No profiles. Add one with `fiscal profile add <name>`');
    await addProfile(t, 'work');
    await runVerb(listVerb, t.ctx);
    expect(t.stdout().split('\n')[0]).toMatch(/^NAME\s+BASE URL\s+API ID\s+DEFAULT$/);
    expect(t.stdout()).toMatch(/work\s+production\s+id-work\s+yes/);
  });
});

describe('the configuration file', () => {
  it('reports a corrupt file as a ConfigError naming it, without quoting its content', async () => {
    const t = createTestContext();
    mkdirSync(t.configDir, { recursive: true });
    const path = join(t.configDir, 'config.json');
    writeFileSync(path, `{"profiles": {"work": {"apiKey": "${KEY}"`);
    const error = await rejection(runVerb(listVerb, t.ctx), ConfigError);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(path);
    expect(error.message).toContain('not valid JSON');
    expect([error.message, ...error.details].join('\n')).not.toContain(KEY);
    expect(readFileSync(path, 'utf8')).toContain(KEY); // left as it was, not reset
  });

  it('reports valid JSON of the wrong shape, naming the file and the field', async () => {
    const t = createTestContext();
    mkdirSync(t.configDir, { recursive: true });
    writeFileSync(join(t.configDir, 'config.json'), '{"profiles": {"work": {"apiId": 7}}}');
    await expect(runVerb(listVerb, t.ctx)).rejects.toThrow(/config\.json at profiles\.work\.(apiId|baseUrl)/);
  });
});
