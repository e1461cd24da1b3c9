// Every long flag name of the command tree -> the commands that have it and what it takes there:
// the inventory the one-meaning-per-name checks read. Print it with
// `npx vitest run --config test/vitest.config.ts test/unit/flag-names.test.ts` and FLAG_INVENTORY=1.
import { allSpecs, type CommandSpec, type OptionSpec } from '../../src/cli-tree/spec.js';

export interface FlagUse {
  command: string;
  /** `none` a switch, `optional` a switch that may take `=value`, `required` a value. */
  value: OptionSpec['value'];
  valueName: string;
  description: string;
}

export function flagInventory(root: CommandSpec): Map<string, FlagUse[]> {
  const byName = new Map<string, FlagUse[]>();
  for (const s of allSpecs(root)) {
    for (const o of s.options) {
      if (!o.long) continue;
      const use = {
        command: s.path.join(' ') || '(every command)',
        value: o.value,
        valueName: (o.valueName ?? '').replace(/\.\.\.$/, ''),
        description: o.description,
      };
      byName.set(o.long, [...(byName.get(o.long) ?? []), use]);
    }
  }
  return byName;
}

/** The inventory as text: a name, then a line per meaning with its commands. */
export function inventoryText(inventory: Map<string, FlagUse[]>): string {
  return [...inventory]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, uses]) => {
      const meanings = new Map<string, string[]>();
      for (const u of uses) {
        const key = `${u.value === 'none' ? '' : ` <${u.valueName}>`}  ${u.description}`;
        meanings.set(key, [...(meanings.get(key) ?? []), u.command]);
      }
      return [name, ...[...meanings].map(([m, cmds]) => `  ${m.trim()}  [${cmds.join('; ')}]`)].join('\n');
    })
    .join('\n');
}
