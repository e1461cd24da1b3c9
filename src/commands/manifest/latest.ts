// `fiscal manifest latest <key>... [--origin app|api]`: the latest manifestation of each NF-e made
// through the platform or the API (4.10; v2 with --origin). A key without one gets an empty code.
import { manifestLatest } from '../../api/manifest.js';
import { MANIFEST_CODES, isManifestCode, type ManifestOrigin } from '../../api/wire/manifest.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { verb } from '../shared/verb.js';
import { latestVerb } from './index.js';
import { checkNfeKey, readKeys, type KeySources } from './keys.js';

interface LatestOptions extends KeySources {
  origin?: ManifestOrigin | undefined;
}

interface LatestRow {
  key: string;
  code: string;
  meaning: string;
}

/** Keys per request (a long query string is refused by some proxies). */
const CHUNK = 50;

const COLUMNS: Column<LatestRow>[] = [
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'CODE', get: (r) => r.code },
  { header: 'MEANING', get: (r) => r.meaning },
];

export default verb(latestVerb, {
  check(o, keys) {
    if (keys.length === 0 && !o.stdin && o.file === undefined)
      throw new UsageError('give at least one access key, --file <path> or --stdin');
    for (const key of keys) checkNfeKey(key.trim());
  },
  run: (ctx, o, keys) =>
    showLatest(ctx, { keys: keys.map((k) => k.trim()), file: o.file, stdin: o.stdin, origin: o.origin }),
});

async function showLatest(ctx: Context, options: LatestOptions): Promise<void> {
  const keys = await readKeys(ctx, options);
  const http = await ctx.http();
  const found = new Map<string, string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    for (const item of await manifestLatest(http, keys.slice(i, i + CHUNK), options.origin))
      found.set(item.access_key, item.code);
  }
  const writer = createRecordWriter<LatestRow>(ctx, { columns: COLUMNS });
  try {
    for (const key of keys) {
      const code = found.get(key) ?? '';
      writer.write({
        key,
        code,
        meaning: isManifestCode(code)
          ? MANIFEST_CODES[code]
          : code
            ? 'unknown code'
            : 'none through the platform or API',
      });
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
