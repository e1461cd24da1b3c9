// Lists that many generated documents have in common (roles, CFOPs, autXML, an empty xPed list)
// are made once and shared. They describe an invoice's content, which never changes, and with
// 100k documents per account one array less per document is memory and time the garbage
// collector does not spend. Shared lists are frozen: code that tried to change one in place
// would fail loudly instead of changing every document that shares it.
import type { NfeRole } from '../../api/wire/nfe.js';
import type { Party } from '../model.js';
import type { RoleOf } from '../model-docs.js';
import { taxIdOf } from './parties.js';

/** Freezes a list to be shared; typed as the model's mutable arrays, which it never mutates. */
export function frozen<T>(items: T[]): T[] {
  return Object.freeze(items) as T[];
}

export const NO_STRINGS: string[] = frozen([]);

type RoleEntry = { owner: string; role: NfeRole };

const ROLE_ORDER: readonly NfeRole[] = ['emitted', 'received', 'transporter', 'authorized'];

export interface DocParties {
  emitter: Party;
  receiver: Party;
  transporter: Party | undefined;
  authorized: string[];
}

/**
 * The roles of an account's companies in a document, one shared frozen list per combination.
 * Callers add bits with `bit(party, role)`; a party that is not an owner adds nothing.
 */
export class RoleLists<R extends string> {
  private readonly index = new Map<string, number>();
  private readonly lists = new Map<number, RoleOf<R>[]>();

  constructor(
    private readonly owners: readonly Party[],
    private readonly order: readonly R[],
  ) {
    owners.forEach((o, i) => this.index.set(taxIdOf(o), i));
  }

  bit(party: Party | string | undefined, role: R): number {
    if (party === undefined) return 0;
    const i = this.index.get(typeof party === 'string' ? party : taxIdOf(party));
    return i === undefined ? 0 : 1 << (i * this.order.length + this.order.indexOf(role));
  }

  of(mask: number): RoleOf<R>[] {
    let list = this.lists.get(mask);
    if (!list) {
      const out: RoleOf<R>[] = [];
      this.owners.forEach((owner, i) => {
        this.order.forEach((role, r) => {
          if (mask & (1 << (i * this.order.length + r))) out.push(Object.freeze({ owner: taxIdOf(owner), role }));
        });
      });
      list = frozen(out);
      this.lists.set(mask, list);
    }
    return list;
  }
}

/** The NF-e roles of an account's companies in a document (bit layout: owner * 4 + role). */
export class NfeRoleLists {
  private readonly lists: RoleLists<NfeRole>;

  constructor(owners: readonly Party[]) {
    this.lists = new RoleLists(owners, ROLE_ORDER);
  }

  of(p: DocParties): RoleEntry[] {
    let mask =
      this.lists.bit(p.emitter, 'emitted') |
      this.lists.bit(p.receiver, 'received') |
      this.lists.bit(p.transporter, 'transporter');
    for (const id of p.authorized) mask |= this.lists.bit(id, 'authorized');
    return this.lists.of(mask);
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
