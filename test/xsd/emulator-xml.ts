// Validates the emulator's generated XML against the official schemas kept in ../shared/xsd: NF-e
// (PL_010_V1.30-RTC, the tax reform's: a note of 2026 carries IBS and CBS), and CT-e, CT-e OS, MDF-e, NFC-e, NFS-e with their events. Used by
// test/emulator/data/xsd.test.ts, xsd-docs.test.ts and by the script validate-emulator-xml.mjs.
import fs from 'node:fs';
import path from 'node:path';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { docEventXml, docXml, eventXml, generateDataset, nfeXml } from '../../src/emulator/data/dataset.js';
import { DOC_TYPES, docIdOf, type DocLists, type DocType, type DocTypes } from '../../src/emulator/doc-index.js';
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

/** The NF-e schemas' folder: PL_010, the tax reform's (its IBS and CBS groups are optional). */
const NFE_XSD = 'nfe-PL_010_V1.30-RTC';

/** ../shared/xsd/<NFE_XSD> next to the repository, or undefined when it is not there. */
export function nfeXsdDir(repoRoot: string): string | undefined {
  const dir = path.resolve(repoRoot, '..', 'shared', 'xsd', NFE_XSD);
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
    for (const f of fs.readdirSync(dir))
      if (f.endsWith('.xsd')) buffers[path.join(dir, f)] = fs.readFileSync(path.join(dir, f));
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
      if (e instanceof XmlValidateError)
        return e.details
          .map((d) => d.message.trim())
          .slice(0, 3)
          .join(' | ');
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
export const DOC_XSD_DIRS = [
  'cte-PL_CTe_400_RTC',
  'mdfe-PL_MDFe_300a',
  NFE_XSD,
  'nfse-ABRASF-2.04',
  'nfse-ABRASF-nfselib-variants',
  'nfse-nacional-v1.00',
] as const;

/** ../shared/xsd next to the repository when every folder of DOC_XSD_DIRS is there, else undefined. */
export function sharedXsdRoot(repoRoot: string): string | undefined {
  const root = path.resolve(repoRoot, '..', 'shared', 'xsd');
  return DOC_XSD_DIRS.every((d) => fs.existsSync(path.join(root, d))) ? root : undefined;
}

/** Folders whose schemas libxml2 can already resolve includes from (one provider per folder). */
const providedDirs = new Set<string>();

/**
 * Compiled schemas of the folders of DOC_XSD_DIRS, named by their path under the root
 * (`cte-PL_CTe_400_RTC/procCTe_v4.00.xsd`). Like NfeSchemas, `check` answers the first errors.
 */
export class DocSchemas {
  private readonly byFolder = new Map<string, NfeSchemas>();

  constructor(private readonly root: string) {
    for (const d of DOC_XSD_DIRS) {
      const dir = path.join(root, d);
      if (providedDirs.has(dir)) continue;
      const buffers: Record<string, Uint8Array> = {};
      for (const f of fs.readdirSync(dir))
        if (f.endsWith('.xsd')) buffers[path.join(dir, f)] = fs.readFileSync(path.join(dir, f));
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

// ---- Every generated type and its events, for the script: which schema checks what. ----

export const CTE_NS = 'http://www.portalfiscal.inf.br/cte';
export const MDFE_NS = 'http://www.portalfiscal.inf.br/mdfe';

/** An element the envelope schema skips (xs:any processContents="skip"), checked on its own. */
export interface SchemaPart {
  schema: string;
  tag: string;
  ns: string;
}

interface TypeSchemas<T extends DocType> {
  label: string;
  schema: string;
  /** The modal part of a document, when it has one to check. */
  part?: (doc: DocTypes[T]) => SchemaPart | undefined;
  eventSchema: string;
  /** The details of each event type, checked on their own. */
  eventParts?: Record<string, SchemaPart>;
}

const cteEventParts: Record<string, SchemaPart> = {
  '110111': { schema: 'cte-PL_CTe_400_RTC/evCancCTe_v4.00.xsd', tag: 'evCancCTe', ns: CTE_NS },
  '110110': { schema: 'cte-PL_CTe_400_RTC/evCCeCTe_v4.00.xsd', tag: 'evCCeCTe', ns: CTE_NS },
  '610110': { schema: 'cte-PL_CTe_400_RTC/evPrestDesacordo_v4.00.xsd', tag: 'evPrestDesacordo', ns: CTE_NS },
};

/** The same pairs of schemas as test/emulator/data/xsd-docs.test.ts. */
/** The types with official schemas (../shared/xsd). */
export const TYPE_SCHEMAS: { [T in DocType]?: TypeSchemas<T> } = {
  cte: {
    label: 'CT-e',
    schema: 'cte-PL_CTe_400_RTC/procCTe_v4.00.xsd',
    // A complementary CT-e has no infModal.
    part: (d) =>
      d.cteType === '1'
        ? undefined
        : { schema: 'cte-PL_CTe_400_RTC/cteModalRodoviario_v4.00.xsd', tag: 'rodo', ns: CTE_NS },
    eventSchema: 'cte-PL_CTe_400_RTC/procEventoCTe_v4.00.xsd',
    eventParts: cteEventParts,
  },
  cteos: {
    label: 'CT-e OS',
    schema: 'cte-PL_CTe_400_RTC/procCTeOS_v4.00.xsd',
    part: () => ({ schema: 'cte-PL_CTe_400_RTC/cteModalRodoviarioOS_v4.00.xsd', tag: 'rodoOS', ns: CTE_NS }),
    eventSchema: 'cte-PL_CTe_400_RTC/procEventoCTe_v4.00.xsd',
    eventParts: cteEventParts,
  },
  mdfe: {
    label: 'MDF-e',
    schema: 'mdfe-PL_MDFe_300a/procMDFe_v3.00.xsd',
    part: () => ({ schema: 'mdfe-PL_MDFe_300a/mdfeModalRodoviario_v3.00.xsd', tag: 'rodo', ns: MDFE_NS }),
    eventSchema: 'mdfe-PL_MDFe_300a/procEventoMDFe_v3.00.xsd',
    eventParts: {
      '110111': { schema: 'mdfe-PL_MDFe_300a/evCancMDFe_v3.00.xsd', tag: 'evCancMDFe', ns: MDFE_NS },
      '110112': { schema: 'mdfe-PL_MDFe_300a/evEncMDFe_v3.00.xsd', tag: 'evEncMDFe', ns: MDFE_NS },
    },
  },
  nfce: {
    label: 'NFC-e',
    schema: `${NFE_XSD}/procNFe_v4.00.xsd`,
    eventSchema: `${NFE_XSD}/procEventoCancNFe_v1.00.xsd`,
  },
  nfse: {
    label: 'NFS-e',
    schema: 'nfse-ABRASF-nfselib-variants/nfse_v2_02.xsd',
    eventSchema: 'nfse-ABRASF-2.04/nfse_v2-04.xsd',
  },
};

export interface TypeReport {
  label: string;
  docs: number;
  invalidDocs: number;
  events: number;
  invalidEvents: number;
  eventsByType: Record<string, number>;
  failures: Failure[];
}

/** Checks every document of `list` (all of one type) and every event of those documents. */
export function validateType<T extends DocType>(
  schemas: DocSchemas,
  type: T,
  list: readonly DocTypes[T][],
): TypeReport {
  const spec = TYPE_SCHEMAS[type] as TypeSchemas<T>;
  const report: TypeReport = {
    label: spec.label,
    docs: 0,
    invalidDocs: 0,
    events: 0,
    invalidEvents: 0,
    eventsByType: {},
    failures: [],
  };
  /** The first problem of `xml` against its schema and its skipped part, recorded; true when valid. */
  const check = (what: string, schema: string, xml: string, part: SchemaPart | undefined): boolean => {
    let why = schemas.check(schema, xml);
    let against = schema;
    if (why === undefined && part)
      [why, against] = [schemas.checkFragment(part.schema, xml, part.tag, part.ns), part.schema];
    if (why !== undefined) report.failures.push({ what, schema: against, why });
    return why === undefined;
  };
  for (const doc of list) {
    const id = docIdOf(doc);
    report.docs++;
    if (!check(`${spec.label} ${id}`, spec.schema, docXml(type, doc), spec.part?.(doc))) report.invalidDocs++;
    for (const event of doc.events) {
      report.events++;
      report.eventsByType[event.type] = (report.eventsByType[event.type] ?? 0) + 1;
      const what = `${spec.label} event ${event.type}/${event.seq} of ${id}`;
      const part = spec.eventParts ? spec.eventParts[event.type] : undefined;
      if (spec.eventParts && !part) {
        report.failures.push({ what, schema: '(none)', why: `no schema known for event type ${event.type}` });
        report.invalidEvents++;
      } else if (!check(what, spec.eventSchema, docEventXml(type, doc, event), part)) report.invalidEvents++;
    }
  }
  return report;
}

/** The script's run for the other types: a dataset of `docs` per account and type, validated whole. */
export function validateGeneratedTypes(root: string, seed: number, docs: number): TypeReport[] {
  const schemas = new DocSchemas(root);
  try {
    const dataset = generateDataset({ seed, docs: 0, otherDocs: docs, now: new Date('2026-03-15T12:00:00Z') });
    const lists = dataset.docs as DocLists;
    return DOC_TYPES.filter((type) => TYPE_SCHEMAS[type]).map((type) =>
      validateType(schemas, type, lists[type] as DocTypes[typeof type][]),
    );
  } finally {
    schemas.close();
  }
}
