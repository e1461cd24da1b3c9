// One declaration per verb: its name, summary, examples, arguments and flags, written once as
// plain data. The commander command (here), the zod parsing of its options (verb.ts, loaded with
// the verb), the completions, the man page and the help topics (cli-tree, which walks what this
// builds) all come from it. Only commander here: this module is loaded for --help.
import { Argument, Option, type Command } from 'commander';
import type { Context } from '../../context.js';
import type { ModelCode } from '../../fiscal/access-key.js';
import { flagName, UsageError } from '../../errors.js';
import { suggest, type DynamicValues } from '../../cli-tree/hints.js';

/** Models of access keys a `key` flag accepts (the 21st-22nd digits of the key). */
export type KeyModel = ModelCode;

/**
 * What a value is. Each decides the flag's syntax, its parsing and its completion:
 * - text: any non-empty string; path, dir: a file or folder (completed as such); url: http(s) URL
 * - int: a positive whole number; count: a whole number >= 0; seconds: a positive number; amount: reais (1234.56)
 * - date: YYYY-MM-DD or dd/mm/yyyy, time optional; day: without time; month: YYYY-MM or MM/YYYY
 * - created-to: a date, or `now`
 * - cnpj: a CNPJ; tax-id: a CNPJ or CPF (digits or masked; given back as digits)
 * - expression: a custom-property expression (checked before anything is sent)
 * - pair: `name=value` (commas belong to the value, so a list of pairs is repeated only)
 * - custom: parsed by a zod schema the verb module gives (`parsers`), for values of one verb
 */
type ScalarType =
  | 'text'
  | 'path'
  | 'dir'
  | 'url'
  | 'int'
  | 'count'
  | 'seconds'
  | 'amount'
  | 'date'
  | 'day'
  | 'month'
  | 'created-to'
  | 'cnpj'
  | 'tax-id'
  | 'expression'
  | 'pair'
  | 'custom';

interface FlagBase {
  summary: string;
  /** One letter: `-d`. */
  short?: string;
  /** The value's name in `--flag <name>`; defaults to the type's. */
  value?: string;
  /** Read from this environment variable when the flag is absent (shown in --help). */
  env?: string;
  /** Offered at TAB time: a fixed list, or a list the shell asks `fiscal` for. */
  complete?: readonly string[] | DynamicValues;
  /** Accepted, but kept out of --help, completions and the man page. */
  hidden?: boolean;
  /** The command refuses to run without it (commander's message, exit 2). */
  required?: boolean;
  /** An old spelling: hidden, warned about on use, its value moved to `moveTo` when given. */
  deprecated?: { use: string; moveTo?: string };
}

export interface SwitchFlag extends FlagBase {
  /** `--all`: true when given, false otherwise. */
  type: 'switch';
  /** `--no-<name>` instead of `--<name>`: true unless given. */
  negated?: boolean;
}

interface BoolFlag extends FlagBase {
  /** `--has-cce`, `--has-cce=false`: true, false, or undefined when absent. */
  type: 'bool';
  /** Also `--no-<name>` for false, described by this. */
  negatable?: string;
}

export interface ScalarFlag extends FlagBase {
  type: ScalarType;
  /** Several values: repeated (`--tag a --tag b`) or comma-separated (`--tag a,b`), one style everywhere. */
  list?: boolean;
  default?: string | number;
}

interface ChoiceFlag extends FlagBase {
  type: 'choice';
  choices: readonly string[];
  /** Other words for a choice, e.g. `{ recipient: 'received' }`. Matching ignores case. */
  aliases?: Readonly<Record<string, string>>;
  list?: boolean;
  default?: string;
  /** The value may be left out (`--with-pdf` alone): it is then this choice. */
  preset?: string;
}

interface KeyFlag extends FlagBase {
  /** A 44-digit access key of one of `models`. */
  type: 'key';
  models: readonly KeyModel[];
  list?: boolean;
}

export type FlagSpec = SwitchFlag | BoolFlag | ScalarFlag | ChoiceFlag | KeyFlag;
export type Flags = Readonly<Record<string, FlagSpec>>;

export interface ArgSpec {
  name: string;
  summary: string;
  /** Default true. */
  required?: boolean;
  variadic?: boolean;
  /** Checked and normalised like a flag of that type (default text). */
  type?: Exclude<ScalarType, 'custom'> | 'key';
  models?: readonly KeyModel[];
  /** The only values accepted: commander refuses others (exit 2) and completion offers them. */
  choices?: readonly string[];
  complete?: readonly string[] | DynamicValues;
}

export interface VerbSpec<F extends Flags = Flags> {
  name: string;
  aliases?: readonly string[];
  /** Not for people (what the completion scripts call): kept out of help, completions and the man page. */
  hidden?: boolean;
  /** Lowercase-first, no final period: what `fiscal <group> --help` lists. */
  summary: string;
  /** Full invocations, each shown after `$ `. At least one. */
  examples: readonly string[];
  /** Text after the examples: endpoints, rules, exit codes, pointers to docs. */
  notes?: string;
  args?: readonly ArgSpec[];
  flags: F;
  /** Cross-flag rules checked before the verb runs. */
  exclusive?: readonly (readonly [keyof F & string, keyof F & string])[];
  /** The module that runs it, loaded on use: its default export comes from `verb()` (./verb.ts).
   *  Typed loosely on purpose: the module's type depends on this declaration's. */
  load: () => Promise<unknown>;
  /**
   * What can start while that module loads, from the flags and arguments as given (not yet
   * checked): a thread the verb will likely want (warm-thread.ts). Loaded on use as well. A
   * preparation that fails leaves the verb to do without it.
   */
  prepare?: (ctx: Context, raw: Record<string, unknown>, args: readonly string[]) => Promise<void>;
}

/** What a verb module exports (built by `verb()` in ./verb.ts). */
export interface VerbImpl {
  parse(raw: Record<string, unknown>, args: string[]): { options: unknown; args: string[] };
  run(ctx: Context, options: unknown, args: string[], command: Command): Promise<void>;
}

export interface GroupSpec {
  name: string;
  summary: string;
  examples: readonly string[];
  notes?: string;
  verbs: readonly (VerbSpec<any> | GroupSpec)[];
}

/** Declares a verb; the identity, kept for the types it infers. */
export function defineVerb<const F extends Flags>(spec: VerbSpec<F>): VerbSpec<F> {
  return spec;
}

/** The very verb `spec` under a second name (`fiscal search nfce` is `fiscal nfce search`): one declaration, one module. */
export function aliasOf<F extends Flags>(spec: VerbSpec<F>, name: string): VerbSpec<F> {
  return { ...spec, name };
}

export function defineGroup(spec: GroupSpec): GroupSpec {
  return spec;
}

// ---- the parsed types ----

type ScalarValue<T> = T extends 'int' | 'count' | 'seconds' | 'amount' ? number : T extends 'pair' ? string : string;
type One<S> = S extends SwitchFlag
  ? boolean
  : S extends BoolFlag
    ? boolean | undefined
    : S extends ChoiceFlag
      ? S['choices'][number]
      : S extends KeyFlag
        ? string
        : S extends ScalarFlag
          ? ScalarValue<S['type']>
          : never;
type Value<S> = S extends { list: true } ? One<S>[] : One<S>;
type HasDefault<S> = S extends SwitchFlag
  ? true
  : S extends { default: string | number } | { required: true }
    ? true
    : false;

/** The options a verb's flags parse to (custom flags: the type of the verb's parser). */
export type OptionsOf<F extends Flags, P = {}> = {
  -readonly [K in keyof F]: F[K] extends { type: 'custom' }
    ? K extends keyof P
      ? P[K] extends { _zod: { output: infer O } }
        ? (F[K] extends { list: true } ? O[] : O) | undefined
        : unknown
      : unknown
    : HasDefault<F[K]> extends true
      ? Value<F[K]>
      : Value<F[K]> | undefined;
};

// ---- names ----

export { flagName };

const VALUE_NAMES: Record<string, string> = {
  text: 'value',
  path: 'file',
  dir: 'dir',
  url: 'url',
  int: 'n',
  count: 'n',
  seconds: 'seconds',
  amount: 'reais',
  date: 'date',
  day: 'date',
  month: 'yyyy-mm',
  'created-to': 'date',
  cnpj: 'cnpj',
  'tax-id': 'cnpj',
  expression: 'expression',
  pair: 'name=value',
  custom: 'value',
  choice: 'value',
  key: 'key',
};

/** Repeatable list flags: `--tag a --tag b` and `--tag a,b` both give ['a', 'b']. */
function collectList(value: string, previous: string[] | undefined): string[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // `--owner ''` (an unset shell variable) is kept as an empty value, which the flag's schema
  // refuses naming the flag, instead of vanishing into "no owner".
  return [...(previous ?? []), ...(items.length ? items : [''])];
}

/** Repeatable flags whose values may contain commas (`--prop name=a,b` is one item). */
function collectRaw(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

// ---- building the commander tree ----

const declared = new WeakMap<Command, VerbSpec | GroupSpec>();

/** The declaration a command was built from (undefined for the few built by hand: the root). */
export function declarationOf(command: Command): VerbSpec | GroupSpec | undefined {
  return declared.get(command);
}

function examplesText(examples: readonly string[], notes?: string): string {
  const lines = examples.length ? `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n` : '';
  return notes ? `${lines}\n${notes.trim()}\n` : lines;
}

/** Adds a group, or a verb, declared as above, under `parent`. */
export function register(parent: Command, ctx: Context, spec: VerbSpec<any> | GroupSpec): Command {
  if ('verbs' in spec) {
    const group = parent
      .command(spec.name)
      .description(spec.summary)
      .addHelpText('after', examplesText(spec.examples, spec.notes));
    declared.set(group, spec);
    for (const v of spec.verbs) register(group, ctx, v);
    return group;
  }
  const cmd = parent.command(spec.name, { hidden: spec.hidden ?? false }).description(spec.summary);
  declared.set(cmd, spec);
  for (const a of spec.aliases ?? []) cmd.alias(a);
  for (const a of spec.args ?? []) cmd.addArgument(argument(a));
  for (const [key, flag] of Object.entries(spec.flags as Flags)) {
    if (flag.deprecated) continue;
    cmd.addOption(option(key, flag));
    if (flag.type === 'bool' && flag.negatable)
      cmd.addOption(new Option(flagName(key).replace(/^--/, '--no-'), flag.negatable));
  }
  addDeprecated(cmd, ctx, spec.flags as Flags);
  cmd.addHelpText('after', examplesText(spec.examples, spec.notes));
  cmd.action(async (...params: unknown[]) => {
    const command = params[params.length - 1] as Command;
    for (const [a, b] of spec.exclusive ?? []) {
      const given = (k: string) => command.getOptionValueSource(k) === 'cli';
      if (given(a) && given(b)) throw new UsageError(`use either ${flagName(a)} or ${flagName(b)}`);
    }
    const preparing = spec.prepare?.(ctx, command.opts(), command.args).catch(() => undefined);
    const impl = ((await spec.load()) as { default: VerbImpl }).default;
    await preparing;
    const parsed = impl.parse(command.opts(), command.args);
    // Ctrl-C while its module loaded: a command that has not started has nothing to stop.
    ctx.signal.throwIfAborted();
    await impl.run(ctx, parsed.options, parsed.args, command);
  });
  return cmd;
}

function argument(a: ArgSpec): Argument {
  const required = a.required ?? true;
  const name = `${a.name}${a.variadic ? '...' : ''}`;
  const arg = new Argument(required ? `<${name}>` : `[${name}]`, a.summary);
  if (a.choices) arg.choices(a.choices);
  return a.complete ? suggest(arg, a.complete) : arg;
}

function option(key: string, flag: FlagSpec): Option {
  const long = flagName(key);
  const short = flag.short ? `-${flag.short}, ` : '';
  let o: Option;
  if (flag.type === 'switch') {
    o = new Option(`${short}${flag.negated ? long.replace(/^--/, '--no-') : long}`, flag.summary);
  } else if (flag.type === 'bool') {
    o = new Option(`${short}${long} [bool]`, flag.summary);
  } else {
    const value = flag.value ?? VALUE_NAMES[flag.type] ?? 'value';
    const preset = flag.type === 'choice' ? flag.preset : undefined;
    o = new Option(preset ? `${short}${long} [${value}]` : `${short}${long} <${value}>`, flag.summary);
    if (preset) o.preset(preset);
    const list = 'list' in flag && flag.list;
    if (list) o.argParser(flag.type === 'pair' ? collectRaw : collectList);
    if (flag.type === 'choice' && !list && !flag.aliases) o.choices(flag.choices);
    else if (flag.type === 'choice') suggest(o, flag.choices);
    if ('default' in flag && flag.default !== undefined) o.default(flag.default);
  }
  if (flag.env) o.env(flag.env);
  if (flag.required) o.makeOptionMandatory();
  if (flag.complete) suggest(o, flag.complete);
  if (flag.hidden) o.hideHelp();
  return o;
}

/** Old spellings: hidden, one warning line per use, the value moved to the flag that replaced it. */
function addDeprecated(cmd: Command, ctx: Context, flags: Flags): void {
  const old = Object.entries(flags).filter(([, f]) => f.deprecated);
  if (!old.length) return;
  for (const [key, flag] of old) cmd.addOption(option(key, flag).hideHelp());
  cmd.hook('preAction', (_hooked, action) => {
    if (action !== cmd) return;
    const values = cmd.opts();
    for (const [key, flag] of old) {
      if (values[key] === undefined) continue;
      const { use, moveTo } = flag.deprecated!;
      ctx.log.warn(`${flagName(key)} is deprecated and will be removed; use ${use}`);
      if (moveTo === undefined) continue;
      if (cmd.getOptionValueSource(moveTo) === 'cli')
        throw new UsageError(`use either ${use} or ${flagName(key)} (its old name)`);
      cmd.setOptionValueWithSource(moveTo, values[key], 'cli');
      delete values[key];
    }
  });
}
