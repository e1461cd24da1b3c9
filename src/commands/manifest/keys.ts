// Where `fiscal manifest` gets its keys: arguments, a file (--file) and standard input (--stdin),
// one per line or the NDJSON of `fiscal search nfe` (AccessKey / key). Every key is checked (R7,
// model 55) before anything is sent, so one typo stops the run with exit 2 naming it.
import { readFile } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { accessKeyProblem, badAccessKey, parseAccessKey } from '../../fiscal/access-key.js';
import { itemOfLine } from '../shared/stdin-lines.js';

export interface KeySources {
  keys: string[];
  file?: string | undefined;
  stdin: boolean;
}

/** Throws a UsageError unless `key` is a valid NF-e access key; `where` says where it was read. */
export function checkNfeKey(key: string, where = ''): void {
  const problem = accessKeyProblem(key);
  if (problem) throw new UsageError(badAccessKey(key, problem, where));
  const model = parseAccessKey(key).model;
  if (model !== '55')
    throw new UsageError(`"${key}"${where} is a key of model ${model}; only NF-e (model 55) can be manifested`);
}

/** The keys of every source, checked, in order, each once. */
export async function readKeys(
  ctx: Context,
  sources: KeySources,
  check: (value: string, where: string) => void = checkNfeKey,
): Promise<string[]> {
  const keys: string[] = [];
  sources.keys.forEach((key) => {
    check(key, '');
    keys.push(key);
  });
  if (sources.file !== undefined) keys.push(...linesOf(await readSource(sources.file), `file ${sources.file}`, check));
  if (sources.stdin) {
    if (ctx.io.stdinIsTTY) throw new UsageError('--stdin reads piped keys, but standard input is a terminal');
    let input = '';
    for await (const chunk of ctx.io.stdin)
      input += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    keys.push(...linesOf(input, 'standard input', check));
  }
  return [...new Set(keys)];
}

async function readSource(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--file: cannot read ${path}: ${(error as Error).message}`);
  }
}

function linesOf(text: string, source: string, check: (value: string, where: string) => void): string[] {
  const keys: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const key = itemOfLine(line);
    if (key === undefined) return;
    check(key, ` (${source}, line ${i + 1})`);
    keys.push(key);
  });
  return keys;
}
