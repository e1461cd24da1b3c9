// Prints the byte code of src/fiscal/render/flate.ts (its LENGTHS) from what pages hold: the
// bytes of the content of the pages that draw a layout's form (the values alone), of 300 emulator
// DANFe (canceled and not) and of every sample of ../shared/samples drawn as its type, counted,
// each count raised by one, then coded by a Huffman code of at most 15 bits. Run again when the operators a page writes change
// (the code stays valid for any bytes; only the size of the pages follows it).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { bundleExports } from './bundle.mjs';

const here = fileURLToPath(new URL('../../', import.meta.url));
const r = await bundleExports(here, {
  'src/fiscal/render/index.ts': ['renderPdf'],
  'src/fiscal/render/flate.ts': ['huffmanLengths'],
  'src/emulator/data/dataset.ts': ['generateDataset', 'nfeXml'],
});
r.cleanup();

const counts = new Array(257).fill(1);
/** Counts the bytes of the content of each page that draws a layout's form (the pages flate.ts codes). */
function count(pdf) {
  const text = pdf.toString('latin1');
  const objects = new Map();
  const object = /(\d+) 0 obj\n(<<[\s\S]*?>>)\n(stream\n|endobj)/g;
  for (let m = object.exec(text); m; m = object.exec(text))
    objects.set(m[1], { dictionary: m[2], start: m[3] === 'endobj' ? -1 : m.index + m[0].length });
  for (const { dictionary } of objects.values()) {
    if (!dictionary.includes('/Type /Page\n')) continue;
    const resources = objects.get(/\/Resources (\d+) 0 R/.exec(dictionary)[1]);
    if (!resources.dictionary.includes('/XObject')) continue;
    const content = objects.get(/\/Contents (\d+) 0 R/.exec(dictionary)[1]);
    const length = Number(/\/Length (\d+)/.exec(content.dictionary)[1]);
    for (const byte of inflateSync(pdf.subarray(content.start, content.start + length))) counts[byte]++;
  }
}

const data = r.generateDataset({ seed: 1, docs: 300, accounts: 1, now: new Date('2026-06-15T12:00:00-03:00') });
for (const [i, nfe] of data.nfes.entries()) count(await r.renderPdf('nfe', r.nfeXml(nfe), { canceled: i % 10 === 0 }));
const samples = join(here, '..', 'shared', 'samples');
const TYPES = { nfe: ['nfe'], nfce: ['nfce'], cte: ['cte', 'cteos'], mdfe: ['mdfe'], nfse: ['nfse'] };
for (const [folder, types] of Object.entries(TYPES))
  for (const file of readdirSync(join(samples, folder)).filter((f) => f.endsWith('.xml')))
    for (const type of types) {
      const pdf = await r.renderPdf(type, readFileSync(join(samples, folder, file))).catch(() => undefined);
      if (pdf) count(pdf);
    }
counts[256] = 1;
const lengths = r.huffmanLengths(counts, 15);
console.log(lengths.map((l) => l.toString(36)).join(''));
