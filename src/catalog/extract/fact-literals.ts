// The objects of a walked note's amounts (its totals, each item and the item's taxes), each made
// at one site (nfe-walk-facts.ts). A field's first values (undefined in every note so far, or only
// fractions) made V8 keep it as one kind of value, and the first note with a whole number there (a
// discount of 5) threw away the optimized facts and item of the catalog's thread, compiled again
// at some 100 ms each on the process's one compiling thread (docs/bench.md, branch pull-cpu3): the
// sites are given undefined, a whole number and a fraction at load (warm, below).
import type { ItemFacts, Totals } from '../facts.js';

type Amount = number | undefined;
type Text = string | undefined;

export function totalsOf(
  total: Amount,
  products: Amount,
  discount: Amount,
  freight: Amount,
  icms: Amount,
  icms_st: Amount,
  ipi: Amount,
  pis: Amount,
  cofins: Amount,
  iss: Amount,
  ibs: Amount,
  cbs: Amount,
): Totals {
  return { total, products, discount, freight, icms, icms_st, ipi, pis, cofins, iss, ibs, cbs };
}

export function itemTaxesOf(
  icms: Amount,
  icms_st: Amount,
  ipi: Amount,
  pis: Amount,
  cofins: Amount,
  ibs: Amount,
  cbs: Amount,
): ItemFacts['taxes'] {
  return { icms, icms_st, ipi, pis, cofins, ibs, cbs };
}

export function itemOf(
  number: number,
  productCode: Text,
  description: Text,
  ncm: Text,
  cest: Text,
  cfop: Text,
  unit: Text,
  quantity: Amount,
  unitPrice: Amount,
  value: Amount,
  discount: Amount,
  taxes: ItemFacts['taxes'],
): ItemFacts {
  return { number, productCode, description, ncm, cest, cfop, unit, quantity, unitPrice, value, discount, taxes };
}

/**
 * Each site given each kind of amount, enough times for V8 to keep the site's shape (it does so
 * only once a function ran for a while: before, each object's shape is left to die with it).
 */
function warm(): void {
  for (let i = 0; i < 300; i++) {
    const a = [undefined, 1, 0.5][i % 3];
    totalsOf(a, a, a, a, a, a, a, a, a, a, a, a);
    itemOf(
      1,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      a,
      a,
      a,
      a,
      itemTaxesOf(a, a, a, a, a, a, a),
    );
  }
}
warm();
