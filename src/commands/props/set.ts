// `fiscal props set <property> <value> <key>...` (R28): PUT /v1/nfe/{role}/{property} in batches,
// a row per key. Keys are checked before the first request; a key the service refuses fails alone
// and the run ends with exit 7 (PartialError).
import { setNfeProperty, setPropertyRequest } from '../../api/props.js';
import type { NfeRole } from '../../api/wire/nfe.js';
import { PROPERTY_BATCH_MAX, PROPERTY_NAME, PROPERTY_VALUE_MAX } from '../../api/wire/props.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { accessKeyProblem, badAccessKey } from '../../fiscal/access-key.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { readStdinItems } from '../shared/stdin-lines.js';
import { setVerb } from './index.js';

interface PropsRecord {
  access_key: string;
  property: string;
  value: string;
  status: 'ok' | 'error' | 'dry-run';
  message?: string;
}

interface PropsSet {
  property: string;
  value: string;
  keys: string[];
  role: NfeRole;
  dryRun: boolean;
}

const COLUMNS: Column<PropsRecord>[] = [
  { header: 'KEY', key: 'access_key', get: (r) => r.access_key, truncate: false },
  { header: 'PROPERTY', get: (r) => r.property },
  { header: 'VALUE', get: (r) => r.value, width: 40 },
  { header: 'STATUS', get: (r) => r.status },
  { header: 'MESSAGE', get: (r) => r.message, width: 60 },
];

export default verb(setVerb, {
  check(o, [property, value, ...keys]) {
    if (!PROPERTY_NAME.test(property!))
      throw new UsageError('<property>: a property name is 1 to 64 letters, digits or _, not starting with a digit');
    if (value!.length > PROPERTY_VALUE_MAX)
      throw new UsageError(`<value>: a value has at most ${PROPERTY_VALUE_MAX} characters`);
    if (keys.length === 0 && !o.stdin)
      throw new UsageError('give at least one access key, or --stdin to read them from standard input');
    for (const key of keys) checkKey(key.trim(), '');
  },
  async run(ctx, o, [property, value, ...args]) {
    const piped = o.stdin ? await readStdinItems(ctx) : [];
    piped.forEach((key) => checkKey(key, ' (standard input)'));
    const keys = [...new Set([...args.map((k) => k.trim()), ...piped])];
    if (keys.length === 0) throw new UsageError('no access key on standard input');
    await setProperty(ctx, { property: property!, value: value!, keys, role: o.role, dryRun: o.dryRun });
  },
});

function checkKey(key: string, where: string): void {
  const why = accessKeyProblem(key);
  if (why) throw new UsageError(badAccessKey(key, why, where));
}

async function setProperty(ctx: Context, o: PropsSet): Promise<void> {
  const { keys } = o;
  const request = setPropertyRequest(o.role, o.property);
  const row = (access_key: string, status: PropsRecord['status'], message?: string): PropsRecord => ({
    access_key,
    property: o.property,
    value: o.value,
    status,
    ...(message ? { message } : {}),
  });
  const writer = createRecordWriter<PropsRecord>(ctx, { columns: COLUMNS });
  let failed = 0;
  let unknown = 0;
  try {
    if (o.dryRun) {
      for (const key of keys) writer.write(row(key, 'dry-run', `${request.method} ${request.path}`));
      return;
    }
    const http = await ctx.http();
    for (let i = 0; i < keys.length; i += PROPERTY_BATCH_MAX) {
      if (ctx.signal.aborted) throw new InterruptedError('props set stopped');
      const batch = keys.slice(i, i + PROPERTY_BATCH_MAX);
      const results = new Map(
        (
          await setNfeProperty(
            http,
            o.role,
            o.property,
            batch.map((access_key) => ({ access_key, value: o.value })),
          )
        ).map((r) => [r.access_key, r]),
      );
      for (const key of batch) {
        const result = results.get(key);
        if (result?.success) writer.write(row(key, 'ok'));
        else {
          failed++;
          if (result?.code === 404) unknown++;
          ctx.io.stderr.write(`fiscal: ${key}: ${result?.message ?? 'no result for this key in the answer'}\n`);
          writer.write(row(key, 'error', result?.message ?? 'no result for this key in the answer'));
        }
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  // Every key unknown in this role: nothing named exists, exit 4 (as xml, pdf and events).
  if (failed > 0 && unknown === keys.length) {
    const what = keys.length === 1 ? `${keys[0]} is not` : `none of the ${keys.length} keys is`;
    throw new NotFoundError(
      `${what} an NF-e of the account in role ${o.role}; nothing set`,
      404,
      request.method,
      request.path,
    );
  }
  if (failed > 0) throw new PartialError(`${failed} of ${keys.length} keys were not set`);
}
