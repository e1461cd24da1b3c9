// The conventions every command follows, checked on the whole tree as `fiscal` builds it: each
// command comes from a declaration (src/commands/shared/define.ts), so its flags are written once;
// each verb shows how it is run; summaries read alike; multi-value flags have one style; a flag
// name means one thing. A command added by hand, or a flag bolted on after `register`, fails here.
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  declarationOf,
  flagName,
  type Flags,
  type GroupSpec,
  type VerbSpec,
} from '../../src/commands/shared/define.js';
import { createProgram } from '../../src/program.js';
import { createTestContext } from '../helpers/context.js';

const program = createProgram(createTestContext().ctx);

interface Node {
  /** `webhooks endpoints add`; '' for the root. */
  path: string;
  command: Command;
  spec: VerbSpec | GroupSpec | undefined;
}

function walk(command: Command, prefix = ''): Node[] {
  return command.commands.flatMap((c) => {
    const path = `${prefix}${c.name()}`;
    return [{ path, command: c, spec: declarationOf(c) }, ...walk(c, `${path} `)];
  });
}

/** commander's own `help` subcommand (never in `.commands` today, but excluded if it ever is). */
const isImplicitHelp = (n: Node) => n.command.name() === 'help' && n.command.parent !== program && n.spec === undefined;
const nodes = walk(program).filter((n) => !isImplicitHelp(n));
const declared = nodes.filter((n) => n.spec !== undefined);
const verbs = declared.filter((n): n is Node & { spec: VerbSpec } => !('verbs' in n.spec!));

/** Every option of every command, the root's included. */
const options = [{ path: '(root)', command: program }, ...nodes].flatMap((n) =>
  n.command.options.map((o) => ({ path: n.path, option: o })),
);

/** A capitalised word starts it ("List ..."); an acronym (CNPJ, NF-e) may. */
const capitalised = (s: string) => /^[A-Z][a-z]/.test(s);

describe('command tree conventions', () => {
  it('every command is built from a declaration (defineVerb/defineGroup), the root aside', () => {
    const undeclared = nodes.filter((n) => n.spec === undefined).map((n) => n.path);
    expect(
      undeclared,
      `commands not declared with defineVerb/defineGroup and register(): ${undeclared.join(', ')}`,
    ).toEqual([]);
  });

  it('a declared command has exactly the options its declaration lists', () => {
    const extra: string[] = [];
    for (const { path, command, spec } of verbs) {
      const flags = spec.flags as Flags;
      const names = new Set(
        Object.keys(flags).flatMap((k) => {
          const f = flags[k]!;
          const long = flagName(k);
          if (f.type === 'switch' && f.negated) return [long.replace(/^--/, '--no-')];
          if (f.type === 'bool' && f.negatable) return [long, long.replace(/^--/, '--no-')];
          return [long];
        }),
      );
      for (const o of command.options) if (!names.has(o.long!)) extra.push(`${path} ${o.long}`);
    }
    expect(extra, 'options added by hand after register()').toEqual([]);
  });

  it('every verb has an example, and every example is a full `fiscal ...` command line (or a pipeline into one)', () => {
    expect(verbs.length).toBeGreaterThan(0);
    const without = verbs.filter((n) => n.spec.examples.length === 0).map((n) => n.path);
    expect(without, 'verbs without an example').toEqual([]);
    const bad = declared.flatMap((n) =>
      n.spec!.examples.filter((e) => !/^fiscal |\| fiscal /.test(e)).map((e) => `${n.path}: ${e}`),
    );
    expect(bad, 'examples that do not start with "fiscal "').toEqual([]);
  });

  it('summaries start lowercase (acronyms aside) and end without a period', () => {
    const texts = [
      ...declared.map((n) => ({ where: n.path, text: n.spec!.summary })),
      ...nodes.filter((n) => n.spec === undefined).map((n) => ({ where: n.path, text: n.command.description() })),
      ...verbs.flatMap((n) => (n.spec.args ?? []).map((a) => ({ where: `${n.path} <${a.name}>`, text: a.summary }))),
      ...options.map((o) => ({ where: `${o.path} ${o.option.long}`, text: o.option.description })),
    ];
    const bad = texts.filter((t) => capitalised(t.text) || /\.\s*$/.test(t.text)).map((t) => `${t.where}: "${t.text}"`);
    expect(bad).toEqual([]);
  });

  it('no flag is variadic: several values are one list style, repeated or comma-separated (`list: true`)', () => {
    const variadic = options.filter((o) => o.option.variadic).map((o) => `${o.path} ${o.option.flags}`);
    expect(variadic).toEqual([]);
  });

  it('a flag name used in several commands is a switch everywhere, or takes the same value name everywhere', () => {
    const uses = new Map<string, Map<string, string[]>>();
    // Hidden flags are old spellings kept for scripts (`deprecated`): they may differ, which is why they went.
    for (const { path, option } of options.filter((o) => !o.option.hidden)) {
      const shape = valueShape(option);
      const byShape = uses.get(option.long!) ?? new Map<string, string[]>();
      byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
      uses.set(option.long!, byShape);
    }
    const mixed = [...uses]
      .filter(([, byShape]) => byShape.size > 1)
      .map(
        ([name, byShape]) =>
          `${name}: ${[...byShape].map(([shape, paths]) => `${shape} in ${paths.join(', ')}`).join('; ')}`,
      );
    expect(mixed).toEqual([]);
  });

  it('a short flag means the same long flag wherever it is used', () => {
    const longOf = new Map<string, Set<string>>();
    for (const { option } of options)
      if (option.short) longOf.set(option.short, new Set([...(longOf.get(option.short) ?? []), option.long!]));
    const mixed = [...longOf]
      .filter(([, longs]) => longs.size > 1)
      .map(([short, longs]) => `${short}: ${[...longs].join(', ')}`);
    expect(mixed).toEqual([]);
  });
});

/** `switch`, `<value>` or `[value]`: what follows the flag on the command line. */
function valueShape(o: Option): string {
  const m = /([<[])([^>\]]+)[>\]]/.exec(o.flags);
  if (!m) return 'switch';
  // A list flag names its value in the plural (`<roles>`), one value in the singular (`<role>`).
  const name = m[2]!.endsWith('ses')
    ? m[2]!.slice(0, -2)
    : m[2]!.endsWith('s') && !m[2]!.endsWith('us')
      ? m[2]!.slice(0, -1)
      : m[2]!;
  return m[1] === '<' ? `<${name}>` : `[${name}]`;
}
