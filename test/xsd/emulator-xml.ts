// Validates the emulator's generated XML against the official NF-e schemas (PL_009_V4) kept in
// ../shared/xsd. Used by test/emulator/xsd.test.ts and by the script validate-emulator-xml.mjs.
import fs from 'node:fs';
import path from 'node:path';
import {
  XmlBufferInputProvider, XmlDocument, XmlValidateError, XsdValidator, xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { eventXml, generateDataset, nfeXml } from '../../src/emulator/data/dataset.js';
import type { Dataset } from '../../src/emulator/model.js';

export const NFE_SCHEMA = 'procNFe_v4.00.xsd';
/** The generic event schema: any detEvento. */
export const ANY_EVENT_SCHEMA = 'procEventoNFe_v1.00.xsd';
/** The schema that checks each event type's details. */
export const EVENT_SCHEMAS: Record<string, string> = {
  '110111': 'procEventoCancNFe_v1.00.xsd',
  '110110': 'procCCeNFe_v1.00.xsd',
  '210200': 'procConfRecebtoNFe_v1.00.xsd',
  '210210': 'procConfRecebtoNFe_v1.00.xsd',
  '210220': 'procConfRecebtoNFe_v1.00.xsd',
  '210240': 'procConfRecebtoNFe_v1.00.xsd',
};

/** ../shared/xsd/nfe-PL_009_V4 next to the repository, or undefined when it is not there. */
export function nfeXsdDir(repoRoot: string): string | undefined {
  const dir = path.resolve(repoRoot, '..', 'shared', 'xsd', 'nfe-PL_009_V4');
  return fs.existsSync(path.join(dir, NFE_SCHEMA)) ? dir : undefined;
}

let registered = false;

/** Compiled schemas of one folder; `check` answers the first errors of a document, if any. */
export class NfeSchemas {
  private readonly validators = new Map<string, { doc: XmlDocument; validator: XsdValidator }>();

  constructor(private readonly dir: string) {
    if (registered) return;
    // libxml2 resolves xs:include/xs:import through this provider: every schema of the folder.
    const buffers: Record<string, Uint8Array> = {};
    for (const f of fs.readdirSync(dir)) if (f.endsWith('.xsd')) buffers[path.join(dir, f)] = fs.readFileSync(path.join(dir, f));
    xmlRegisterInputProvider(new XmlBufferInputProvider(buffers));
    registered = true;
  }

  private validator(schema: string): XsdValidator {
    let entry = this.validators.get(schema);
    if (!entry) {
      const file = path.join(this.dir, schema);
      const doc = XmlDocument.fromBuffer(fs.readFileSync(file), { url: file });
      entry = { doc, validator: XsdValidator.fromDoc(doc) };
      this.validators.set(schema, entry);
    }
    return entry.validator;
  }

  /** Undefined when `xml` is valid against `schema`, else its first errors. */
  check(schema: string, xml: string): string | undefined {
    const validator = this.validator(schema);
    let doc: XmlDocument | undefined;
    try {
      doc = XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'));
      validator.validate(doc);
      return undefined;
    } catch (e) {
      if (e instanceof XmlValidateError) return e.details.map((d) => d.message.trim()).slice(0, 3).join(' | ');
      return e instanceof Error ? e.message : String(e);
    } finally {
      doc?.dispose();
    }
  }

  close(): void {
    for (const { doc, validator } of this.validators.values()) {
      validator.dispose();
      doc.dispose();
    }
    this.validators.clear();
  }
}

export interface Failure {
  what: string;
  schema: string;
  why: string;
}

export interface Report {
  docs: number;
  events: number;
  eventsByType: Record<string, number>;
  failures: Failure[];
}

/** Checks every document and every event of `dataset` (at most `limit` documents). */
export function validateDataset(schemas: NfeSchemas, dataset: Dataset, limit = Infinity): Report {
  const report: Report = { docs: 0, events: 0, eventsByType: {}, failures: [] };
  const fail = (what: string, schema: string, why: string | undefined) => {
    if (why !== undefined) report.failures.push({ what, schema, why });
  };
  for (const doc of dataset.nfes.slice(0, limit)) {
    report.docs++;
    fail(`NF-e ${doc.accessKey}`, NFE_SCHEMA, schemas.check(NFE_SCHEMA, nfeXml(doc)));
    for (const event of doc.events) {
      report.events++;
      report.eventsByType[event.type] = (report.eventsByType[event.type] ?? 0) + 1;
      const xml = eventXml(doc, event);
      const what = `event ${event.type}/${event.seq} of ${doc.accessKey}`;
      fail(what, ANY_EVENT_SCHEMA, schemas.check(ANY_EVENT_SCHEMA, xml));
      const specific = EVENT_SCHEMAS[event.type];
      if (specific) fail(what, specific, schemas.check(specific, xml));
      else fail(what, '(none)', `no schema known for event type ${event.type}`);
    }
  }
  return report;
}

/** The script's run: a dataset of `docs` per account, validated whole. */
export function validateGenerated(dir: string, seed: number, docs: number): Report {
  const schemas = new NfeSchemas(dir);
  try {
    return validateDataset(schemas, generateDataset({ seed, docs, now: new Date('2026-03-15T12:00:00Z') }));
  } finally {
    schemas.close();
  }
}

// ---- Other document types (CT-e, CT-e OS, MDF-e, NFC-e, NFS-e): schemas of several folders. ----

/** The schema folders under ../shared/xsd that the other document types validate against. */
export const DOC_XSD_DIRS = ['cte-PL_CTe_400', 'mdfe-PL_MDFe_300a', 'nfe-PL_009_V4', 'nfse-ABRASF-2.04'] as const;

/** ../shared/xsd next to the repository when every folder of DOC_XSD_DIRS is there, else undefined. */
export function sharedXsdRoot(repoRoot: string): string | undefined {
  const root = path.resolve(repoRoot, '..', 'shared', 'xsd');
  return DOC_XSD_DIRS.every((d) => fs.existsSync(path.join(root, d))) ? root : undefined;
}

/** Folders whose schemas libxml2 can already resolve includes from (one provider per folder). */
const providedDirs = new Set<string>();

/**
 * Compiled schemas of the folders of DOC_XSD_DIRS, named by their path under the root
 * (`cte-PL_CTe_400/procCTe_v4.00.xsd`). Like NfeSchemas, `check` answers the first errors.
 */
export class DocSchemas {
  private readonly byFolder = new Map<string, NfeSchemas>();

  constructor(private readonly root: string) {
    for (const d of DOC_XSD_DIRS) {
      const dir = path.join(root, d);
      if (providedDirs.has(dir)) continue;
      const buffers: Record<string, Uint8Array> = {};
      for (const f of fs.readdirSync(dir)) if (f.endsWith('.xsd')) buffers[path.join(dir, f)] = fs.readFileSync(path.join(dir, f));
      xmlRegisterInputProvider(new XmlBufferInputProvider(buffers));
      providedDirs.add(dir);
    }
  }

  /** Undefined when `xml` is valid against `schema` (`<folder>/<file>.xsd`), else its first errors. */
  check(schema: string, xml: string): string | undefined {
    const [folder, file] = schema.split('/') as [string, string];
    let schemas = this.byFolder.get(folder);
    if (!schemas) this.byFolder.set(folder, (schemas = new NfeSchemas(path.join(this.root, folder))));
    return schemas.check(file, xml);
  }

  /**
   * Checks the first `<tag>` element of `xml` on its own against `schema`: for the parts the
   * envelope schemas skip (infModal and detEvento hold `xs:any processContents="skip"`).
   */
  checkFragment(schema: string, xml: string, tag: string, namespace: string): string | undefined {
    const part = fragmentOf(xml, tag);
    if (part === undefined) return `no <${tag}> in the document`;
    const rooted = part.startsWith(`<${tag} xmlns=`) ? part : part.replace(`<${tag}`, `<${tag} xmlns="${namespace}"`);
    return this.check(schema, rooted);
  }

  close(): void {
    for (const s of this.byFolder.values()) s.close();
    this.byFolder.clear();
  }
}

/** The text of the first `<tag ...>...</tag>` element of `xml` (no nesting of the same tag). */
export function fragmentOf(xml: string, tag: string): string | undefined {
  const start = xml.search(new RegExp(`<${tag}[ >]`));
  const end = xml.indexOf(`</${tag}>`, start);
  return start < 0 || end < 0 ? undefined : xml.slice(start, end + tag.length + 3);
}
