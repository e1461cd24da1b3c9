#!/usr/bin/env -S MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=2 --v8-pool-size=1
// The young generation is kept small (2 MB semi-spaces, not V8's 16 MB): a long pull allocates
// pages that die young in bulk, and this keeps some 15 MB less resident at no measurable cost.
// glibc's malloc gives a block of 128 KB or more its own mapping, returned when freed: left to
// itself it raises that threshold to the largest block freed (a page's answer, some MB), and a
// pull's page-sized buffers then came from the heap and kept 10 to 30 MB of it resident between
// pages (docs/pull.md). Other C libraries ignore the variable.
// One V8 platform thread, not node's four: they run the parallel parts of the collections, and on
// two cores four of them contended with the pull's own two threads (a 20k local pull, 3 runs
// alternated on a quiet machine: 2.65-2.99 s against 3.15-3.31 s, CPU 3.7-4.3 s against 4.2-4.3
// s, peak RSS 168-173 MB against 168-179; `pdf --local` and `report --by ncm` unchanged).
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2));
// A command has closed what it opened when main returns. Were anything left running (a bug: a
// thread, a socket), the process would outlive its answer and a nightly job would never end: it
// ends 10 s later with the command's exit code, saying so. Unreferenced: a clean run exits at once.
setTimeout(() => {
  process.stderr.write(
    'fiscal: the command had ended, but something it started was still running 10 s later; exiting (a bug: please report it)\n',
  );
  process.exit();
}, 10_000).unref();
