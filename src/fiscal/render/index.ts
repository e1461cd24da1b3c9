// The auxiliary documents drawn from a fiscal XML alone (DANFe, DANFCe, DACTe, DACTe-OS, DAMDFe,
// DANFSe), chosen per document type through one map: the one place a type names its renderer, one
// for each type of the registry with a PDF (its name is the registry's). Each renderer's module
// (and with it the fonts' data and bwip-js) is loaded on first use, so nothing here weighs on a command
// that draws nothing.
import type { PdfDocType } from '../doc-types.js';
import type { DocumentKind } from '../readers/index.js';
import type { RenderOptions } from './options.js';

export type { RenderOptions } from './options.js';

export { RenderError } from './xml-tree.js';

/** Bytes (or text) of one XML file in, the PDF out; a RenderError when the XML is not of that type. */
type Renderer = (xml: Uint8Array | string, options?: RenderOptions) => Promise<Buffer>;

export type RenderType = PdfDocType;

interface RenderEntry {
  /** The reader kinds whose XML this renderer draws (an NFS-e may also be read as a DPS). */
  kinds: readonly DocumentKind[];
  load: () => Promise<Renderer>;
}

export const RENDERERS: Readonly<Record<RenderType, RenderEntry>> = {
  nfe: { kinds: ['nfe'], load: async () => (await import('./danfe.js')).renderDanfe },
  nfce: { kinds: ['nfce'], load: async () => (await import('./danfce.js')).renderDanfce },
  cte: { kinds: ['cte'], load: async () => (await import('./dacte.js')).renderDacte },
  cteos: { kinds: ['cteos'], load: async () => (await import('./dacte.js')).renderDacteOs },
  mdfe: { kinds: ['mdfe'], load: async () => (await import('./damdfe.js')).renderDamdfe },
  nfse: { kinds: ['nfse', 'dps'], load: async () => (await import('./danfse.js')).renderDanfse },
};

export const RENDER_TYPES = Object.keys(RENDERERS) as RenderType[];

/**
 * The renderers loaded, by type: a dynamic import() of a module already loaded still goes through
 * the module loader, some 30 us a document drawn.
 */
const loaded = new Map<RenderType, Renderer>();

/** The PDF of `xml` drawn as a document of `type`. */
export async function renderPdf(type: RenderType, xml: Uint8Array | string, options?: RenderOptions): Promise<Buffer> {
  let render = loaded.get(type);
  if (!render) loaded.set(type, (render = await RENDERERS[type].load()));
  return render(xml, options);
}
