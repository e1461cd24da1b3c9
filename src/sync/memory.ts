// Keeping a long pull's memory flat. A pull allocates a few MB per page that die at once: the
// answer and its decoded documents (read into buffers used again: answerBuffers in
// src/api/http-body.ts, PageSlabs in src/api/binary-fields.ts), the strings parsed from it, the
// buffers the file-writing thread hands back beyond those it keeps. Those outside the young
// generation V8 lets pile up to well over 100 MB before a full collection. A full collection every
// few MB of documents (some 10 ms with a pull's small live set, a few percent of the run) keeps
// the peak near the live set instead.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
