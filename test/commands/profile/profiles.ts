// What the profile verb tests share: a key, adding a profile the way a script does, reading records.
import addVerb from '../../../src/commands/profile/add.js';
import { createTestContext, type TestContext } from '../../helpers/context.js';
import { runVerb } from '../../helpers/run-verb.js';

export const KEY = 'sk_live_9f8e7d6c5b4a3210';

export async function addProfile(
  t: TestContext,
  name: string,
  argv: Record<string, unknown> = {},
  key = KEY,
): Promise<void> {
  const child = createTestContext({ env: { ...t.ctx.env }, stdin: `${key}\n` });
  await runVerb(addVerb, child.ctx, { apiId: `id-${name}`, apiKeyStdin: true, verify: false, ...argv }, [name]);
}

export function records(t: TestContext): Array<Record<string, unknown>> {
  return t
    .stdout()
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
