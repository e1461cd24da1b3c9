// Lists that many generated documents have in common (roles, CFOPs, autXML, an empty xPed list)
// are made once and shared. They describe an invoice's content, which never changes, and with
// 100k documents per account one array less per document is memory and time the garbage
// collector does not spend. Shared lists are frozen: code that tried to change one in place
// would fail loudly instead of changing every document that shares it.
import type { NfeRole } from '../../api/wire/nfe.js';
import type { Party } from '../model.js';

/** Freezes a list to be shared; typed as the model's mutable arrays, which it never mutates. */
export function frozen<T>(items: T[]): T[] {
  return Object.freeze(items) as T[];
}

export const NO_STRINGS: string[] = frozen([]);

export type RoleEntry = { owner: string; role: NfeRole };

const ROLE_ORDER: readonly NfeRole[] = ['emitted', 'received', 'transporter', 'authorized'];

export interface DocParties {
  emitter: Party;
  receiver: Party;
  transporter: Party | undefined;
  authorized: string[];
}

/** The roles of an account's companies in a document, one shared list per combination. */
export class RoleLists {
  private readonly lists = new Map<number, RoleEntry[]>();

  constructor(private readonly owners: readonly Party[]) {}

  of(p: DocParties): RoleEntry[] {
    // Bit 4*i+r: owner i has role r. A number is a cheap key; building a string per document is not.
    let mask = 0;
    this.owners.forEach((owner, i) => {
      const id = owner.cnpj;
      if (p.emitter.cnpj === id) mask |= 1 << (4 * i);
      if (p.receiver.cnpj === id) mask |= 1 << (4 * i + 1);
      if (p.transporter?.cnpj === id) mask |= 1 << (4 * i + 2);
      if (id !== undefined && p.authorized.includes(id)) mask |= 1 << (4 * i + 3);
    });
    let list = this.lists.get(mask);
    if (!list) {
      list = frozen(this.entries(mask));
      this.lists.set(mask, list);
    }
    return list;
  }

  private entries(mask: number): RoleEntry[] {
    const out: RoleEntry[] = [];
    this.owners.forEach((owner, i) => {
      ROLE_ORDER.forEach((role, r) => {
        if (mask & (1 << (4 * i + r))) out.push(Object.freeze({ owner: owner.cnpj!, role }));
      });
    });
    return out;
  }
}

/** CFOP lists, one per combination: almost every invoice has one of a dozen. */
export class CfopLists {
  private readonly lists = new Map<string, Map<string, string[]>>();

  of(primary: string, second = ''): string[] {
    let bySecond = this.lists.get(primary);
    if (!bySecond) this.lists.set(primary, (bySecond = new Map()));
    let list = bySecond.get(second);
    if (!list) bySecond.set(second, (list = frozen(second ? [primary, second] : [primary])));
    return list;
  }
}
