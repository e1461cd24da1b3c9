// Which elements the readers always read as lists: kept apart from the parser (xml.ts), so that
// what builds the same tree without it does not load it.
/** Elements that repeat: always arrays, so a list of one looks like a list of many. */
const REPEATED = new Set([
  'det',
  'dup',
  'detPag',
  'MP',
  'autXML',
  'NFref',
  'vol',
  'obsCont',
  'obsFisco',
  'procRef',
  'Comp',
  'infQ',
  'infMunCarrega',
  'infPercurso',
  'infMunDescarga',
  'infCTe',
  'infMDFeTransp',
  'infNF',
  'infOutros',
  'lacres',
  'CompNfse',
  'ComplNfse',
]);
/** infNFe is the NF-e itself in an NF-e, but a repeated reference inside CT-e and MDF-e lists. */
const REPEATED_UNDER = /(?:^|\.)(?:infDoc|infMunDescarga)\.infNFe$/;

/**
 * Whether `name` under `parent` (its name, or its path: `a.b.parent`) is always read as a list,
 * by the readers' parser (xml.ts) and the trees built without it (render/xml-light.ts, the
 * catalog's lean tree).
 */
export function isRepeated(name: string, parent: string): boolean {
  return REPEATED.has(name) || REPEATED_UNDER.test(`${parent}.${name}`);
}

/**
 * isRepeated by parent name, then name, remembered: a tree built without the parser meets a few
 * dozen names some hundreds of times, and the test builds a string and runs a regex each time.
 */
export function isRepeatedUnder(name: string, parent: string): boolean {
  let names = UNDER.get(parent);
  if (!names) UNDER.set(parent, (names = new Map()));
  let answer = names.get(name);
  if (answer === undefined) names.set(name, (answer = isRepeated(name, parent)));
  return answer;
}

const UNDER = new Map<string, Map<string, boolean>>();
