// The NF-e flags are declared in ./shared/document-flags.ts. What is left here is the list parser
// the areas not yet declared with defineVerb (events, inspect, ocr) import from this path; this
// file goes when they are.
export { collectList, collectRaw } from './shared/define.js';
