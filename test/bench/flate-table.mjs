// Prints the byte code of src/fiscal/render/flate.ts (its LENGTHS) from what pages hold: the
// bytes of the page content streams of 300 emulator DANFe (portrait, canceled and not) and of
// every sample of ../shared/samples drawn as its type, counted, each count raised by one, then
// coded by a Huffman code of at most 15 bits. Run again when the operators a page writes change
// (the code stays valid for any bytes; only the size of the pages follows it).
import { readdirSync, readFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('../../', import.meta.url));
const dir = join(here, 'node_modules', '.cache', `fiscal-flate-table-${process.pid}`);
mkdirSync(dir, { recursive: true });
const entry = join(dir, 'entry.ts');
writeFileSync(
  entry,
  [
    `export { renderPdf } from ${JSON.stringify(join(here, 'src/fiscal/render/index.ts'))};`,
    `export { huffmanLengths } from ${JSON.stringify(join(here, 'src/fiscal/render/flate.ts'))};`,
    `export { generateDataset, nfeXml } from ${JSON.stringify(join(here, 'src/emulator/data/dataset.ts'))};`,
  ].join('\n'),
);
const out = join(dir, 'entry.mjs');
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: out,
  logLevel: 'warning',
});
const r = await import(pathToFileURL(out).href);
rmSync(dir, { recursive: true, force: true });

const counts = new Array(257).fill(1);
/** Counts the bytes of each page's content stream (a form's, drawn once per process, aside). */
function count(pdf) {
  const text = pdf.toString('latin1');
  const object = /\d+ 0 obj\n(<<[\s\S]*?>>)\nstream\n/g;
  for (let m = object.exec(text); m; m = object.exec(text)) {
    if (m[1].includes('/XObject') || !m[1].includes('/FlateDecode')) continue;
    const start = m.index + m[0].length;
    const length = Number(/\/Length (\d+)/.exec(m[1])[1]);
    for (const byte of inflateSync(pdf.subarray(start, start + length))) counts[byte]++;
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
