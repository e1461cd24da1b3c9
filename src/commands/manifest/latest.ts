// `fiscal manifest latest <key>... [--origin app|api]`: the latest manifestation of each NF-e made
// through the platform or the API (4.10; v2 with --origin). A key without one gets an empty code.
import { z } from 'zod';
import { manifestLatest } from '../../api/manifest.js';
import { MANIFEST_CODES, MANIFEST_ORIGINS, isManifestCode, type ManifestOrigin } from '../../api/wire/manifest.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createRecordWriter, type Column } from '../../output/writer.js';
import { parseWith } from '../options.js';
import { checkNfeKey, readKeys, type KeySources } from './keys.js';

export interface LatestOptions extends KeySources {
  origin?: ManifestOrigin | undefined;
}

interface LatestRow {
  key: string;
  code: string;
  meaning: string;
}

/** Keys per request (a long query string is refused by some proxies). */
const CHUNK = 50;

const schema = z.object({
  keys: z.array(z.string()),
  stdin: z.boolean().optional(),
  file: z.string().min(1).optional(),
  origin: z.enum(MANIFEST_ORIGINS).optional(),
});

const COLUMNS: Column<LatestRow>[] = [
  { header: 'KEY', get: (r) => r.key, truncate: false },
  { header: 'CODE', get: (r) => r.code },
  { header: 'MEANING', get: (r) => r.meaning },
];

export function parseOptions(raw: Record<string, unknown>, args: string[]): LatestOptions {
  const o = parseWith(schema, { ...raw, keys: args.map((a) => a.trim()) });
  if (o.keys.length === 0 && !o.stdin && o.file === undefined) throw new UsageError('give at least one access key, --file <path> or --stdin');
  for (const key of o.keys) checkNfeKey(key);
  return { keys: o.keys, file: o.file, stdin: Boolean(o.stdin), origin: o.origin };
}

export async function run(ctx: Context, options: LatestOptions): Promise<void> {
  const keys = await readKeys(ctx, options);
  const http = await ctx.http();
  const found = new Map<string, string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    for (const item of await manifestLatest(http, keys.slice(i, i + CHUNK), options.origin)) found.set(item.access_key, item.code);
  }
  const writer = createRecordWriter<LatestRow>(ctx, { columns: COLUMNS });
  try {
    for (const key of keys) {
      const code = found.get(key) ?? '';
      writer.write({ key, code, meaning: isManifestCode(code) ? MANIFEST_CODES[code] : code ? 'unknown code' : 'none through the platform or API' });
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
}
