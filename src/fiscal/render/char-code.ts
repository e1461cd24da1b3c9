// A character's code, for the drawing's loops over the characters of a line (its width, its
// literal, its words). The strings drawn are of half a dozen kinds inside V8 (literals, slices of
// the XML, concatenations, numbers printed), each kind a map of its own: a loop's
// `text.charCodeAt(i)` that has met more than four of them looks the method up generically (V8's
// megamorphic load), and the optimising compiler then keeps that look-up and a call in the loop,
// for every character, even where it knows `text` is a string. Called on the method itself, the
// look-up is of constants the compiler folds, and it reads the character in place: some 40 ms
// less of CPU over the 2,786 DANFes of a fresh drawing thread (docs/bench.md, issue 24, branch
// danfe-f). The method is named here, not kept in a variable of the module: the build makes a
// module's `const` a `var`, which the compiler does not take for a constant.

/** `text.charCodeAt(i)`, read in place whatever kind of string `text` is (see above). */
export function codeAt(text: string, i: number): number {
  return String.prototype.charCodeAt.call(text, i);
}
