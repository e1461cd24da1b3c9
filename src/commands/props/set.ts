// `fiscal props set <property> <value> <id>...`: the ids of each type (NF-e, CT-e, CT-e OS access
// keys, NFS-e ids) go to their type's PUT (R28, R37) in its batch size, a row per id. Ids and roles
// are checked before the first request; an id the service refuses fails alone and the run ends
// with exit 7 (PartialError).
import { setProperty, setPropertyRequest } from '../../api/props.js';
import { PROPERTY_NAME, PROPERTY_VALUE_MAX, propertyBatchMax } from '../../api/wire/props.js';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { docType } from '../../fiscal/doc-types.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { readStdinItems } from '../shared/stdin-lines.js';
import { setVerb } from './index.js';
import { propertyTargets, propertyTypeOf, roleOf, type PropertyTarget } from './targets.js';

interface PropsRecord {
  /** The access key, or the R10 id of an NFS-e. */
  access_key: string;
  property: string;
  value: string;
  status: 'ok' | 'error' | 'dry-run';
  message?: string;
}

interface PropsSet {
  property: string;
  value: string;
  targets: PropertyTarget[];
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
  check(o, [property, value, ...ids]) {
    if (!PROPERTY_NAME.test(property!))
      throw new UsageError('<property>: a property name is 1 to 64 letters, digits or _, not starting with a digit');
    if (value!.length > PROPERTY_VALUE_MAX)
      throw new UsageError(`<value>: a value has at most ${PROPERTY_VALUE_MAX} characters`);
    if (ids.length === 0 && !o.stdin)
      throw new UsageError('give at least one access key or NFS-e id, or --stdin to read them from standard input');
    for (const id of ids) roleOf(propertyTypeOf(id.trim()), o.role);
  },
  async run(ctx, o, [property, value, ...args]) {
    const piped = o.stdin ? await readStdinItems(ctx) : [];
    piped.forEach((id) => propertyTypeOf(id, ' (standard input)'));
    const ids = [...new Set([...args.map((k) => k.trim()), ...piped])];
    if (ids.length === 0) throw new UsageError('no access key or NFS-e id on standard input');
    const targets = propertyTargets(ids, o.role);
    await setProperties(ctx, { property: property!, value: value!, targets, dryRun: o.dryRun });
  },
});

async function setProperties(ctx: Context, o: PropsSet): Promise<void> {
  const row = (access_key: string, status: PropsRecord['status'], message?: string): PropsRecord => ({
    access_key,
    property: o.property,
    value: o.value,
    status,
    ...(message ? { message } : {}),
  });
  const writer = createRecordWriter<PropsRecord>(ctx, { columns: COLUMNS });
  const total = o.targets.reduce((n, t) => n + t.ids.length, 0);
  let failed = 0;
  let unknown = 0;
  try {
    for (const target of o.targets) {
      const request = setPropertyRequest(target.type, target.role, o.property);
      if (o.dryRun) {
        for (const id of target.ids) writer.write(row(id, 'dry-run', `${request.method} ${request.path}`));
        continue;
      }
      const http = await ctx.http();
      const max = propertyBatchMax(target.type);
      for (let i = 0; i < target.ids.length; i += max) {
        if (ctx.signal.aborted) throw new InterruptedError('props set stopped');
        const batch = target.ids.slice(i, i + max);
        const { type, role } = target;
        const outcomes = await setProperty(http, { type, role, property: o.property, value: o.value }, batch);
        const byId = new Map(outcomes.map((r) => [r.id, r]));
        for (const id of batch) {
          const outcome = byId.get(id);
          if (outcome?.success) {
            writer.write(row(id, 'ok'));
            continue;
          }
          failed++;
          if (outcome?.code === 404) unknown++;
          const message = outcome?.message ?? 'no result for this id in the answer';
          ctx.io.stderr.write(`fiscal: ${id}: ${message}\n`);
          writer.write(row(id, 'error', message));
        }
      }
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  // Every id unknown in its role: nothing named exists, exit 4 (as xml, pdf and events).
  if (failed > 0 && unknown === total) throw notFound(o);
  if (failed > 0) throw new PartialError(`${failed} of ${total} ids were not set`);
}

function notFound(o: PropsSet): NotFoundError {
  const [first] = o.targets;
  const request = setPropertyRequest(first!.type, first!.role, o.property);
  const what =
    o.targets.length === 1 && first!.ids.length === 1
      ? `${first!.ids[0]} is not ${docType(first!.type).article} ${docType(first!.type).name} of the account in role ${first!.role}`
      : `none of the ${o.targets.reduce((n, t) => n + t.ids.length, 0)} ids is a document of the account in its role (${o.targets.map((t) => `${docType(t.type).name} ${t.role}`).join(', ')})`;
  return new NotFoundError(`${what}; nothing set`, 404, request.method, request.path);
}
