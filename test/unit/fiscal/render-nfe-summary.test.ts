// The DANFe's own summary of an nfeProc (nfe-data.ts) says what the shared readers' summary says of
// what drawing reads (kind, model, key, canceled, protocol), for every real sample and the
// emulator's notes under each protocol status; and it leaves to the shared readers any file of
// another shape (events in the nfeProc, another wrapper, two NF-e).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDataset, nfeXml } from '../../../src/emulator/data/dataset.js';
import { readDocuments } from '../../../src/fiscal/readers/index.js';
import { decodeXml } from '../../../src/fiscal/readers/xml.js';
import { nfeProcSummary } from '../../../src/fiscal/render/nfe-data.js';
import { parseLight } from '../../../src/fiscal/render/xml-light.js';
import type { Node } from '../../../src/fiscal/readers/common.js';

const SAMPLES = join(process.cwd(), '..', 'shared', 'samples');

/** The fast summary of `xml`, or undefined where it leaves the file to the shared readers. */
function fast(xml: string) {
  const parsed = parseLight(xml)!;
  return nfeProcSummary(parsed.root, parsed.tree[parsed.root] as Node);
}

/** What drawing reads of the shared readers' summary of the file's document of that kind. */
function shared(xml: string, kind: string) {
  const doc = readDocuments(Buffer.from(xml), 'test').find((d) => d.kind === kind)!;
  return { kind: doc.kind, model: doc.model, key: doc.key, canceled: doc.canceled, protocol: doc.protocol };
}

const drawn = (s: NonNullable<ReturnType<typeof fast>>) => ({
  kind: s.kind,
  model: s.model,
  key: s.key,
  canceled: s.canceled,
  protocol: s.protocol,
});

describe('nfeProcSummary', () => {
  it("says what the shared readers say of the emulator's notes, under each protocol status", () => {
    const data = generateDataset({ seed: 9, docs: 40, accounts: 1, now: new Date('2026-06-15T12:00:00-03:00') });
    let canceled = 0;
    for (const note of data.nfes.slice(0, 20))
      for (const status of ['100', '101', '135', '155', '110']) {
        const xml = nfeXml(note).replace(/(<protNFe[^]*?<cStat>)\d+/, `$1${status}`);
        const summary = fast(xml);
        expect(summary, status).toBeDefined();
        expect(drawn(summary!)).toEqual(shared(xml, summary!.kind));
        if (summary!.canceled) canceled++;
      }
    expect(canceled).toBe(60);
  });

  it.runIf(existsSync(join(SAMPLES, 'MANIFEST.tsv')))(
    'says what the shared readers say of every real nfeProc it reads, and leaves the others',
    () => {
      const files = readdirSync(SAMPLES, { recursive: true, encoding: 'utf8' }).filter((f) => /\.xml$/i.test(f));
      let read = 0;
      for (const file of files) {
        const { text } = decodeXml(readFileSync(join(SAMPLES, file)));
        if (!parseLight(text)) continue;
        const summary = fast(text);
        if (!summary) continue;
        expect(drawn(summary), file).toEqual(shared(text, summary.kind));
        read++;
      }
      expect(read).toBeGreaterThan(3);
    },
  );

  it('leaves to the shared readers an nfeProc with events, two NF-e, or another wrapper', () => {
    const data = generateDataset({ seed: 9, docs: 10, accounts: 1, now: new Date('2026-06-15T12:00:00-03:00') });
    const xml = nfeXml(data.nfes[0]!);
    expect(fast(xml)).toBeDefined();
    const withEvent = xml.replace('</nfeProc>', '<procEventoNFe versao="1.00"></procEventoNFe></nfeProc>');
    expect(fast(withEvent)).toBeUndefined();
    const nfe = /<NFe[^]*<\/NFe>/.exec(xml)![0];
    expect(fast(xml.replace(nfe, nfe + nfe))).toBeUndefined();
    expect(fast(`<enviNFe versao="4.00"><idLote>1</idLote>${nfe}</enviNFe>`)).toBeUndefined();
  });
});
