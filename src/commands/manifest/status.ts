// `fiscal manifest status <key|request_id>...`: where manifestation requests stand (4.14). An
// argument of 64 characters is a request id, anything else must be an NF-e key (R7). A key or id
// the service knows nothing of gets a row saying so; rows that could not be answered (that one, or
// 403/404 from the service) end the run with 7, or 4 when no value was known, as every command of
// many items does.
import { manifestStatus } from '../../api/manifest.js';
import { MANIFEST_STATUS_PATH, REQUEST_ID_LENGTH } from '../../api/wire/manifest.js';
import type { Context } from '../../context.js';
import { NotFoundError, PartialError, UsageError } from '../../errors.js';
import { createRecordWriter } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { statusVerb } from './index.js';
import { checkNfeKey, readKeys, type KeySources } from './keys.js';
import { ROW_COLUMNS, rowOfStatus, type ManifestRow } from './outcome.js';

export default verb(statusVerb, {
  check(o, values) {
    if (values.length === 0 && !o.stdin && o.file === undefined)
      throw new UsageError('give at least one access key or request id, --file <path> or --stdin');
    for (const value of values) checkKeyOrId(value.trim(), '');
  },
  run: (ctx, o, values) => showStatus(ctx, { keys: values.map((v) => v.trim()), file: o.file, stdin: o.stdin }),
});

function isRequestId(value: string): boolean {
  return value.length === REQUEST_ID_LENGTH;
}

function checkKeyOrId(value: string, where: string): void {
  if (!isRequestId(value)) checkNfeKey(value, where);
}

async function showStatus(ctx: Context, options: KeySources): Promise<void> {
  const values = await readKeys(ctx, options, checkKeyOrId);
  const requestIds = values.filter(isRequestId);
  const accessKeys = values.filter((v) => !isRequestId(v));
  const http = await ctx.http();
  const items = await manifestStatus(http, { accessKeys, requestIds });
  const writer = createRecordWriter<ManifestRow>(ctx, { columns: ROW_COLUMNS });
  const rows = items.map(rowOfStatus);
  const answered = new Set(items.flatMap((i) => [i.access_key, i.request_id]));
  const unknown = values.filter((v) => !answered.has(v));
  for (const value of unknown) {
    const row: ManifestRow = {
      key: isRequestId(value) ? '' : value,
      code: '',
      status: 'error',
      message: 'no manifestation request known for it',
    };
    if (isRequestId(value)) row.request_id = value;
    rows.push(row);
  }
  try {
    for (const row of rows) writer.write(row);
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  // Pending and rejected are answers to the question; an error row is a value left unanswered.
  const failed = rows.filter((r) => r.status === 'error');
  // Named one by one where the closing message does not name it (a single value's does).
  if (values.length > 1)
    for (const row of failed)
      ctx.io.stderr.write(`fiscal: ${row.key || row.request_id}: ${row.message ?? row.status}\n`);
  if (unknown.length === values.length)
    throw new NotFoundError(
      values.length === 1
        ? `no manifestation request known for ${values[0]}`
        : `none of the ${values.length} keys and request ids was known`,
      404,
      'GET',
      MANIFEST_STATUS_PATH,
    );
  if (failed.length > 0) throw new PartialError(`${failed.length} of ${values.length} could not be answered`);
}
