// `fiscal xml <type> <key>...` (also `fiscal <type> xml` of the type groups): the XML of documents by
// access key, read from the type's v1 listing with the access key filter (kinds.ts).
//
// Every key is checked before the first request (R7: 44 digits, check digit, the type's model).
// One key without --dir: its XML goes to stdout. Otherwise each XML is written as <dir>/<key>.xml,
// replaced atomically, one result row per key. A key the account does not hold is reported on
// stderr and the others go on: exit 4 when none was found, 7 when some were.
import { join } from 'node:path';
import type { Context } from '../../context.js';
import { InterruptedError, NotFoundError, PartialError, UsageError } from '../../errors.js';
import { accessKeyProblem, badAccessKey, MODELS, parseAccessKey, type ModelCode } from '../../fiscal/access-key.js';
import { createRecordWriter } from '../../output/writer.js';
import { ensureFolder, saveFile, savedColumns, type SaveOutcome } from '../shared/saved-files.js';
import { verb } from '../shared/verb.js';
import { readStdinItems } from '../shared/stdin-lines.js';
import { byType, typesWith } from '../../fiscal/doc-types.js';
import { TYPE_XML_VERBS, xmlVerb, type GroupedType } from './index.js';
import { XML_KINDS, fetchXmls, type XmlKind, type XmlType } from './kinds.js';

interface XmlOptions {
  type: XmlType;
  keys: string[];
  /** Undefined: one key goes to stdout; several to the current folder. */
  dir?: string | undefined;
  stdin: boolean;
}

interface XmlRecord extends SaveOutcome {
  key: string;
}

/** `fiscal xml <type> <key>...`: the type is the first argument (commander checks it is one of XML_TYPES). */
export default verb(xmlVerb, {
  check(o, [type, ...keys]) {
    checkKeys(type as XmlType, keys, o.stdin);
  },
  run: (ctx, o, [type, ...keys]) => run(ctx, { type: type as XmlType, keys, dir: o.dir, stdin: o.stdin }),
});

/** `fiscal <type> xml`: the type is the group's; the keys were checked for its model as they were read. */
export const typeXmlVerbs = byType((type) => typeVerb(type, TYPE_XML_VERBS[type]), typesWith('group'));

function typeVerb(type: GroupedType, spec: (typeof TYPE_XML_VERBS)[GroupedType]) {
  return verb(spec, {
    check: (o, keys) => checkKeys(type, keys, o.stdin),
    run: (ctx, o, keys) => run(ctx, { type, keys, dir: o.dir, stdin: o.stdin }),
  });
}

function checkKeys(type: XmlType, keys: string[], stdin: boolean): void {
  if (keys.length === 0 && !stdin)
    throw new UsageError('give at least one access key, or --stdin to read them from standard input');
  for (const key of keys) checkKey(XML_KINDS[type], key.trim(), '');
}

function checkKey(kind: XmlKind, key: string, where: string): void {
  const problem = accessKeyProblem(key);
  if (problem) throw new UsageError(badAccessKey(key, problem, where));
  const actual = parseAccessKey(key).model as ModelCode;
  if (actual !== kind.model)
    throw new UsageError(
      `"${key}"${where} is a key of model ${actual} (${MODELS[actual] ?? 'unknown'}), not ${kind.name} (${kind.model})`,
    );
}

async function run(ctx: Context, o: XmlOptions): Promise<void> {
  const kind = XML_KINDS[o.type];
  const piped = o.stdin ? await readStdinItems(ctx) : [];
  piped.forEach((key) => checkKey(kind, key, ' (standard input)'));
  const keys = [...new Set([...o.keys.map((k) => k.trim()), ...piped])];
  if (keys.length === 0) throw new UsageError('no key on standard input');
  const http = await ctx.http();
  const found = await fetchXmls(http, kind, keys, ctx.signal);
  if (keys.length === 1 && o.dir === undefined) {
    const xml = found.get(keys[0]!);
    if (!xml)
      throw new NotFoundError(
        `no ${kind.name} with access key ${keys[0]} among the account's documents`,
        404,
        'GET',
        '',
      );
    ctx.io.stdout.write(xml);
    return;
  }
  const dir = o.dir ?? '.';
  await ensureFolder(dir);
  const writer = createRecordWriter<XmlRecord>(ctx, { columns: savedColumns('KEY', (r) => r.key) });
  let missing = 0;
  try {
    for (const key of keys) {
      if (ctx.signal.aborted) throw new InterruptedError('xml stopped');
      const xml = found.get(key);
      if (!xml) {
        missing++;
        ctx.io.stderr.write(`fiscal: ${key}: not found among the account's ${kind.name}\n`);
        writer.write({ key, status: 'error', message: 'not found' });
        continue;
      }
      const file = join(dir, `${key}.xml`);
      await saveFile(file, xml);
      writer.write({ key, status: 'ok', bytes: xml.length, file });
    }
  } catch (error) {
    writer.fail();
    throw error;
  } finally {
    writer.end();
  }
  if (missing === 0) return;
  const summary = `${missing} of ${keys.length} ${kind.name} not found`;
  if (missing === keys.length) throw new NotFoundError(summary, 404, 'GET', '');
  throw new PartialError(summary);
}
