// The run side of a declared verb: the zod schema of its options derived from its declaration
// (define.ts), so a flag is written once. Loaded with the verb, never for --help.
import type { Command } from 'commander';
import * as z from 'zod';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { pastedAccessKey } from '../../fiscal/access-key.js';
import { settleOutput } from '../../output/pending.js';
import { refuseBinaryOnTerminal } from '../../output/terminal.js';
import {
  flagName,
  type ArgSpec,
  type FlagSpec,
  type Flags,
  type OptionsOf,
  type VerbImpl,
  type VerbSpec,
} from './define.js';
import { accessKey, bool, cnpj, createdTo, date, day, month, propertyExpression, taxId } from './values.js';

type Parsers<F extends Flags> = Partial<Record<keyof F, z.ZodType>>;

interface VerbBody<F extends Flags, P extends Parsers<F>> {
  /** Zod schemas of the verb's `custom` flags (one value each; a list flag gets an array). */
  parsers?: P;
  /** Rules across flags and arguments; throw UsageError. */
  check?(options: OptionsOf<F, P>, args: string[]): void;
  run(ctx: Context, options: OptionsOf<F, P>, args: string[], command: Command): Promise<void>;
}

/** What a verb module exports by default: `export default verb(listVerb, { run... })`. */
export function verb<const F extends Flags, const P extends Parsers<F> = {}>(
  spec: VerbSpec<F>,
  body: VerbBody<F, P>,
): Omit<VerbImpl, 'parse'> & {
  /** Parses raw commander values as `run` receives them (tests use it to check a flag alone). */
  parse(raw: Record<string, unknown>, args: string[]): { options: OptionsOf<F, P>; args: string[] };
} {
  const schema = optionsSchema(spec.flags, body.parsers ?? {});
  return {
    parse(raw, args) {
      const options = parseWith(schema, raw) as OptionsOf<F, P>;
      const parsedArgs = parseArgs(spec.args ?? [], args);
      body.check?.(options, parsedArgs);
      return { options, args: parsedArgs };
    },
    run: async (ctx, options, args, command) => {
      refuseBinaryOnTerminal(ctx);
      try {
        await body.run(ctx, options as OptionsOf<F, P>, args, command);
      } finally {
        // An xlsx is made whole after the last record: the command is done when it is written.
        await settleOutput(ctx.io.stdout);
      }
    },
  };
}

function optionsSchema(flags: Flags, parsers: Partial<Record<string, z.ZodType>>): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, flag] of Object.entries(flags)) {
    if (flag.deprecated?.moveTo) continue;
    shape[key] = flagSchema(key, flag, parsers[key]);
  }
  // Commander may leave keys of hidden, deprecated flags the verb does not read: ignored.
  return z.object(shape);
}

function flagSchema(key: string, flag: FlagSpec, custom: z.ZodType | undefined): z.ZodType {
  if (flag.type === 'switch') return z.boolean().default(!!flag.negated);
  if (flag.type === 'bool') return bool.optional();
  const one = valueSchema(flag, custom, key);
  const list = 'list' in flag && flag.list;
  // A default from the declaration is already in the raw value (commander applies it).
  return (list ? z.array(one) : one).optional();
}

/** In our words, not the validation library's ("Invalid input: expected number, received NaN"). */
const NUMBER = { error: 'expected a number' };

/**
 * Decimal digits as a number, a decimal fraction too (so that .int() names it); anything else is
 * left a string, which z.number() refuses: Number() would take 1e2 and 0x10.
 */
const decimal = (v: unknown) => (typeof v === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(v) ? Number(v) : v);

function valueSchema(
  flag: Exclude<FlagSpec, { type: 'switch' | 'bool' }> | ArgSpec,
  custom: z.ZodType | undefined,
  key: string,
): z.ZodType {
  const type = flag.type ?? 'text';
  switch (type) {
    case 'custom':
      if (!custom) throw new Error(`flag ${flagName(key)} is declared custom but its verb gives no parser`);
      return custom;
    case 'choice': {
      const f = flag as Extract<FlagSpec, { type: 'choice' }>;
      return choice(f.choices, f.aliases ?? {});
    }
    case 'key':
      return accessKey((flag as { models: readonly string[] }).models as never);
    case 'int':
      return z.preprocess(
        decimal,
        z.number(NUMBER).int('expected a whole number').positive('expected a positive number'),
      );
    case 'count':
      return z.preprocess(decimal, z.number(NUMBER).int('expected a whole number').min(0, 'expected 0 or more'));
    case 'seconds':
      return z.preprocess(decimal, z.number(NUMBER).positive('expected a positive number of seconds'));
    case 'amount':
      return z
        .string()
        .regex(/^\d+(?:[.,]\d{1,2})?$/, 'expected an amount in reais like 1234.56')
        .transform((v) => Number(v.replace(',', '.')));
    case 'date':
      return date;
    case 'day':
      return day;
    case 'month':
      return month;
    case 'created-to':
      return createdTo;
    case 'cnpj':
      return cnpj;
    case 'tax-id':
      return taxId;
    case 'expression':
      return propertyExpression;
    case 'url':
      return z
        .string()
        .url('expected an http(s) URL')
        .refine((v) => /^https?:/i.test(v), 'expected an http(s) URL');
    default:
      return z.string().trim().min(1, 'expected a value');
  }
}

/** Values of one of `choices`, case-insensitive, given back as spelled there (aliases mapped). */
function choice(choices: readonly string[], aliases: Readonly<Record<string, string>>): z.ZodType<string> {
  return z.string().transform((v, ctx) => {
    const lower = v.trim().toLowerCase();
    const found =
      choices.find((c) => c.toLowerCase() === lower) ??
      Object.entries(aliases).find(([a]) => a.toLowerCase() === lower)?.[1];
    if (found === undefined) ctx.addIssue({ code: 'custom', message: `"${v}" is not one of ${choices.join(', ')}` });
    return found ?? z.NEVER;
  });
}

function parseArgs(specs: readonly ArgSpec[], raw: string[]): string[] {
  // A key pasted as a DANFe prints it (or as an XML Id) is that key, whatever the argument.
  const args = raw.map(pastedAccessKey);
  if (!specs.some((a) => a.type && a.type !== 'text')) return args;
  return args.map((value, i) => {
    const spec = specs[Math.min(i, specs.length - 1)]!;
    if (!spec.type || spec.type === 'text') return value;
    const result = valueSchema(spec, undefined, spec.name).safeParse(value);
    if (result.success) return String(result.data);
    throw new UsageError(`<${spec.name}>: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  });
}

/** Raw values -> typed options; the first problem names its flag (exit 2), the others follow. */
function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  // A value can fail two checks that say the same thing (a URL: not a URL, not http): said once.
  const messages = [
    ...new Set(
      result.error.issues.map((issue) => {
        const key = issue.path.find((p): p is string => typeof p === 'string');
        // The library's own wording for a value of the wrong kind, said in ours.
        // (A fraction where a whole number goes is of the type zod names `int`.)
        const message =
          issue.code === 'invalid_type'
            ? `expected a ${issue.expected === 'int' ? 'whole number' : issue.expected}`
            : issue.message;
        return key ? `${flagName(key)}: ${message}` : message;
      }),
    ),
  ];
  throw new UsageError(messages[0] ?? 'invalid options', { details: messages.slice(1) });
}
