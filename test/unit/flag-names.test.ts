// One meaning per flag name across the command tree: a name is a switch everywhere or takes a
// value everywhere, unless listed below with the reason; the flags renamed for it mean one thing.
// Renamed flags keep their old spelling hidden, with a warning (test/commands/deprecated-flags.test.ts; declared with `deprecated` in src/commands/shared/define.ts).
import { describe, expect, it } from 'vitest';
import { currentTree } from '../helpers/cli-tree.js';
import { flagInventory, inventoryText } from '../helpers/flag-inventory.js';

const inventory = flagInventory(currentTree());

/** Deliberate: one name, several value kinds, and why. */
const KIND_EXCEPTIONS: Record<string, string> = {};

describe('flag names', () => {
  it('prints the inventory when asked (FLAG_INVENTORY=1)', () => {
    const text = inventoryText(inventory);
    if (process.env.FLAG_INVENTORY) process.stdout.write(`${text}\n`);
    expect(text).toMatch(/^--owner\n/m);
    expect(inventory.size).toBeGreaterThan(100);
  });

  it('a name is a switch in every command or takes a value in every command', () => {
    const mixed = [...inventory]
      .filter(([name]) => !(name in KIND_EXCEPTIONS))
      .filter(([, uses]) => new Set(uses.map((u) => (u.value === 'required' ? 'value' : 'switch'))).size > 1)
      .map(
        ([name, uses]) =>
          `${name}: ${uses.map((u) => `${u.command} (${u.value === 'required' ? `<${u.valueName}>` : 'switch'})`).join(', ')}`,
      );
    expect(mixed).toEqual([]);
  });

  it('the renamed flags name one thing each', () => {
    const commands = (name: string) => (inventory.get(name) ?? []).map((u) => u.command);
    // --taker is a party's CNPJ/CPF, --type a document type, --dir a folder, --prop a custom property.
    expect((inventory.get('--taker') ?? []).every((u) => u.value === 'required' && /CNPJ/.test(u.description))).toBe(
      true,
    );
    expect((inventory.get('--type') ?? []).every((u) => /document type|kinds/.test(u.description))).toBe(true);
    expect(commands('--save')).toEqual([]);
    expect(commands('--custom')).toEqual([]);
    expect(commands('--dir')).toEqual(expect.arrayContaining(['events', 'nfce events', 'pull nfe']));
    expect(commands('--prop')).toEqual(expect.arrayContaining(['search nfe', 'search cte', 'search nfse']));
    expect(commands('--wait').some((c) => c.startsWith('pull'))).toBe(false);
    expect(commands('--lock-wait')).toContain('pull nfe');
    expect(commands('--max')).toEqual(['webhooks listen']);
    expect(commands('--min-amount').sort()).toEqual(['boletos list', 'receipts list', 'utilities list']);
  });

  it('exceptions name flags that exist and give a reason', () => {
    for (const [name, reason] of Object.entries(KIND_EXCEPTIONS)) {
      expect(inventory.has(name), name).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
  });
});
