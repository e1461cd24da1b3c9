// The emulator's generated CT-e, CT-e OS, MDF-e, NFC-e and NFS-e XML, and their events, against
// the official schemas in ../shared/xsd. Parts the envelope schemas skip (infModal, detEvento:
// xs:any processContents="skip") are checked on their own against the modal and event schemas.
// Without the schemas (a checkout on its own) the same XML is checked for well-formedness and its
// root, so the suite never passes by skipping.
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { generateWorlds, type AccountWorld } from '../../../src/emulator/data/accounts.js';
import { cteEventProcXml, cteEventXml, type CteEventArgs } from '../../../src/emulator/data/cte-events-xml.js';
import { cteXml } from '../../../src/emulator/data/cte-xml.js';
import { generateCtes } from '../../../src/emulator/data/cte.js';
import { cteOsXml } from '../../../src/emulator/data/cteos-xml.js';
import { generateCteOs } from '../../../src/emulator/data/cteos.js';
import { mdfeEventProcXml, mdfeEventXml } from '../../../src/emulator/data/mdfe-events-xml.js';
import { mdfeXml } from '../../../src/emulator/data/mdfe-xml.js';
import { generateMdfes } from '../../../src/emulator/data/mdfe.js';
import { nfceEventXml, nfceXml } from '../../../src/emulator/data/nfce-xml.js';
import { generateNfces } from '../../../src/emulator/data/nfce.js';
import { nfseEventXml, nfseXml } from '../../../src/emulator/data/nfse-xml.js';
import { generateNfses } from '../../../src/emulator/data/nfse.js';
import { layoutOf, NFSE_LAYOUTS, nfseOriginalXml, type NfseLayout } from '../../../src/emulator/data/nfse-layouts.js';
import type { DocEvent } from '../../../src/emulator/model-docs.js';
import { DocSchemas, sharedXsdRoot, validateType } from '../../xsd/emulator-xml.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const xsdRoot = sharedXsdRoot(repoRoot);
const schemas = xsdRoot ? new DocSchemas(xsdRoot) : undefined;
afterAll(() => schemas?.close());

const NOW_MS = Date.parse('2026-03-15T12:00:00Z');
const CTE_NS = 'http://www.portalfiscal.inf.br/cte';
const MDFE_NS = 'http://www.portalfiscal.inf.br/mdfe';
/** Documents validated per type (from the three accounts), and the pool their events come from. */
const DOCS = 51;
const POOL = 600;
const worlds = generateWorlds(11);

/**
 * Documents of one type: the first DOCS of the accounts, and DOCS more that have events, plus
 * the first with each event type the others lack; and the whole pool they come from.
 */
function sample<T extends { events: DocEvent[] }>(
  gen: (w: AccountWorld, s: number, c: number, n: number) => T[],
): { docs: T[]; evented: T[]; pool: T[] } {
  const all = worlds.map((w) => gen(w, 11, POOL, NOW_MS));
  const docs = all.flatMap((list) => list.slice(0, DOCS / worlds.length));
  const seen = new Set<string>();
  const evented: T[] = [];
  for (const d of all.flat()) {
    if (!d.events.length || (evented.length >= DOCS && d.events.every((e) => seen.has(e.type)))) continue;
    evented.push(d);
    for (const e of d.events) seen.add(e.type);
  }
  return { docs, evented, pool: all.flat() };
}

/**
 * Five documents of the pool that carry the tax reform's IBS and CBS (2026, a normal regime),
 * checked as `like` is; none of the sample's `docs` does (they are the oldest).
 */
function reformChecks<T extends { accessKey: string }>(
  pool: readonly T[],
  xmlOf: (d: T) => string,
  like: Check,
): Check[] {
  const found: Check[] = [];
  for (const d of pool) {
    const xml = xmlOf(d);
    if (xml.includes('<IBSCBS>'))
      found.push({ ...like, what: like.what.replace(/\S+$/, `${d.accessKey} (IBS and CBS)`), xml });
    if (found.length === 5) break;
  }
  expect(found).toHaveLength(5);
  return found;
}

interface Check {
  what: string;
  xml: string;
  schema: string;
  root: string;
  /** An element the envelope skips, checked on its own. */
  part?: { schema: string; tag: string; ns: string };
}

/** Validates every check (or, without the schemas, parses it); answers the failures. */
function run(checks: Check[]): { what: string; why: string }[] {
  const failures: { what: string; why: string }[] = [];
  const parser = new XMLParser({ ignoreAttributes: false });
  for (const c of checks) {
    const fail = (why: string | undefined) => why !== undefined && failures.push({ what: c.what, why });
    if (!schemas) {
      const valid = XMLValidator.validate(c.xml);
      fail(valid === true ? undefined : JSON.stringify(valid));
      fail(parser.parse(c.xml)[c.root] ? undefined : `root is not <${c.root}>`);
      continue;
    }
    fail(schemas.check(c.schema, c.xml));
    if (c.part) fail(schemas.checkFragment(c.part.schema, c.xml, c.part.tag, c.part.ns));
  }
  return failures;
}

const LAYOUT_SCHEMAS: Record<NfseLayout, { schema: string; root: string }> = {
  'abrasf-2.02': { schema: 'nfse-ABRASF-nfselib-variants/nfse_v2_02.xsd', root: 'CompNfse' },
  'abrasf-2.04': { schema: 'nfse-ABRASF-2.04/nfse_v2-04.xsd', root: 'CompNfse' },
  'nacional-1.00': { schema: 'nfse-nacional-v1.00/NFSe_v1.00.xsd', root: 'NFSe' },
};

const CTE_EVENTS: Record<string, [string, string]> = {
  '110111': ['cte-PL_CTe_400_RTC/evCancCTe_v4.00.xsd', 'evCancCTe'],
  '110110': ['cte-PL_CTe_400_RTC/evCCeCTe_v4.00.xsd', 'evCCeCTe'],
  '610110': ['cte-PL_CTe_400_RTC/evPrestDesacordo_v4.00.xsd', 'evPrestDesacordo'],
  '610111': ['cte-PL_CTe_400_RTC/evCancPrestDesacordo_v4.00.xsd', 'evCancPrestDesacordo'],
};
const MDFE_EVENTS: Record<string, [string, string]> = {
  '110111': ['mdfe-PL_MDFe_300a/evCancMDFe_v3.00.xsd', 'evCancMDFe'],
  '110112': ['mdfe-PL_MDFe_300a/evEncMDFe_v3.00.xsd', 'evEncMDFe'],
};
const cteEventCheck = (what: string, type: string, xml: string): Check => ({
  what,
  xml,
  schema: 'cte-PL_CTe_400_RTC/procEventoCTe_v4.00.xsd',
  root: 'procEventoCTe',
  part: { schema: CTE_EVENTS[type]![0], tag: CTE_EVENTS[type]![1], ns: CTE_NS },
});

describe('emulator XML of the other documents and the official schemas', () => {
  it('R7: CT-e cteProc validates against procCTe_v4.00.xsd (rodo against the modal schema); 110111, 110110, 610110 events too', () => {
    const { docs, evented, pool } = sample(generateCtes);
    const checks: Check[] = docs.map((d) => ({
      what: `CT-e ${d.accessKey}`,
      xml: cteXml(d),
      schema: 'cte-PL_CTe_400_RTC/procCTe_v4.00.xsd',
      root: 'cteProc',
      part:
        d.cteType === '1'
          ? undefined
          : { schema: 'cte-PL_CTe_400_RTC/cteModalRodoviario_v4.00.xsd', tag: 'rodo', ns: CTE_NS },
    }));
    const events = evented.flatMap((d) =>
      d.events.map((e) => cteEventCheck(`CT-e event ${e.type} of ${d.accessKey}`, e.type, cteEventXml(d, e))),
    );
    const base = {
      accessKey: docs[0]!.accessKey,
      seq: 2,
      date: '2026-03-10T15:04:05Z',
      author: docs[0]!.emitter.cnpj!,
    };
    const requested: CteEventArgs[] = [
      { ...base, type: '110111', text: 'Cancelado a pedido do cliente & <sem> carga' },
      { ...base, type: '110110', correction: { group: 'rem', field: 'xNome', value: 'Razao & Cia <Ltda>' } },
      { ...base, type: '610110', author: '52998224725', text: 'Frete cobrado em desacordo com o contrato' },
      { ...base, type: '610111', author: '52998224725', canceledProtocol: '135260000000001' },
    ];
    const extra = requested.map((a) => cteEventCheck(`requested ${a.type}`, a.type, cteEventProcXml(a)));
    expect(new Set(events.map((c) => c.part!.tag))).toEqual(new Set(['evCancCTe', 'evCCeCTe', 'evPrestDesacordo']));
    expect(new Set(docs.map((d) => d.cteType)).size).toBeGreaterThan(1);
    expect(checks.length).toBe(DOCS);
    expect(events.length).toBeGreaterThanOrEqual(DOCS);
    // And CT-e with the tax reform's IBS and CBS (2026, a normal regime): the sample's are older.
    const reform = reformChecks(pool, cteXml, checks[0]!);
    expect(run([...checks, ...reform, ...events, ...extra])).toEqual([]);
  });

  it('R7: CT-e OS cteOSProc validates against procCTeOS_v4.00.xsd (rodoOS against the modal schema); 110111 events too', () => {
    const { docs, evented, pool } = sample(generateCteOs);
    const checks: Check[] = docs.map((d) => ({
      what: `CT-e OS ${d.accessKey}`,
      xml: cteOsXml(d),
      schema: 'cte-PL_CTe_400_RTC/procCTeOS_v4.00.xsd',
      root: 'cteOSProc',
      part: { schema: 'cte-PL_CTe_400_RTC/cteModalRodoviarioOS_v4.00.xsd', tag: 'rodoOS', ns: CTE_NS },
    }));
    const events = evented.flatMap((d) =>
      d.events.map((e) => cteEventCheck(`CT-e OS event ${e.type} of ${d.accessKey}`, e.type, cteEventXml(d, e))),
    );
    expect(events.length).toBeGreaterThan(20);
    const reform = reformChecks(pool, cteOsXml, checks[0]!);
    expect(run([...checks, ...reform, ...events])).toEqual([]);
  });

  it('R7: MDF-e mdfeProc validates against procMDFe_v3.00.xsd (rodo against the modal schema); 110112 and 110111 events too', () => {
    const { docs, evented } = sample(generateMdfes);
    const checks: Check[] = docs.map((d) => ({
      what: `MDF-e ${d.accessKey}`,
      xml: mdfeXml(d),
      schema: 'mdfe-PL_MDFe_300a/procMDFe_v3.00.xsd',
      root: 'mdfeProc',
      part: { schema: 'mdfe-PL_MDFe_300a/mdfeModalRodoviario_v3.00.xsd', tag: 'rodo', ns: MDFE_NS },
    }));
    const eventCheck = (what: string, type: string, xml: string): Check => ({
      what,
      xml,
      schema: 'mdfe-PL_MDFe_300a/procEventoMDFe_v3.00.xsd',
      root: 'procEventoMDFe',
      part: { schema: MDFE_EVENTS[type]![0], tag: MDFE_EVENTS[type]![1], ns: MDFE_NS },
    });
    const events = evented.flatMap((d) =>
      d.events.map((e) => eventCheck(`MDF-e event ${e.type} of ${d.accessKey}`, e.type, mdfeEventXml(d, e))),
    );
    const base = {
      accessKey: docs[0]!.accessKey,
      seq: 1,
      date: '2026-03-10T15:04:05Z',
      author: docs[0]!.emitter.cnpj!,
    };
    const extra = [
      eventCheck(
        'requested 110111',
        '110111',
        mdfeEventProcXml({ ...base, type: '110111', justification: 'Viagem desfeita & <refeita> depois' }),
      ),
      eventCheck(
        'requested 110112',
        '110112',
        mdfeEventProcXml({ ...base, type: '110112', closedAt: { cuf: '35', city: '3550308' } }),
      ),
    ];
    expect(new Set(docs.map((d) => d.emitterType))).toEqual(new Set(['1', '2']));
    expect(events.length).toBeGreaterThanOrEqual(DOCS);
    expect(run([...checks, ...events, ...extra])).toEqual([]);
  });

  it('R7: NFC-e nfeProc (model 65, infNFeSupl) validates against procNFe_v4.00.xsd; 110111 against procEventoCancNFe', () => {
    const { docs, evented, pool } = sample(generateNfces);
    const checks: Check[] = docs.map((d) => ({
      what: `NFC-e ${d.accessKey}`,
      xml: nfceXml(d),
      schema: 'nfe-PL_010_V1.30-RTC/procNFe_v4.00.xsd',
      root: 'nfeProc',
    }));
    const events = evented.flatMap((d) =>
      d.events.map((e) => ({
        what: `NFC-e event ${e.type} of ${d.accessKey}`,
        xml: nfceEventXml(d, e),
        schema: 'nfe-PL_010_V1.30-RTC/procEventoCancNFe_v1.00.xsd',
        root: 'procEventoNFe',
      })),
    );
    expect(events.length).toBeGreaterThan(10);
    // And notes with the tax reform's IBS and CBS (2026, a normal regime; most NFC-e are of the Simples).
    const reform = reformChecks(pool, nfceXml, checks[0]!);
    expect(run([...checks, ...reform, ...events])).toEqual([]);
  });

  it('R10, R33: NFS-e listings carry CompNfse 2.02 (nfse_v2_02.xsd), cancelled ones with NfseCancelamento; 101101 as CancelarNfseResposta', () => {
    const { docs, evented } = sample(generateNfses);
    const checks: Check[] = [...docs, ...evented].map((d) => ({
      what: `NFS-e ${d.id}`,
      xml: nfseXml(d),
      schema: 'nfse-ABRASF-nfselib-variants/nfse_v2_02.xsd',
      root: 'CompNfse',
    }));
    const events = evented.flatMap((d) =>
      d.events.map((e) => ({
        what: `NFS-e event ${e.type} of ${d.id}`,
        xml: nfseEventXml(d, e),
        schema: 'nfse-ABRASF-2.04/nfse_v2-04.xsd',
        root: 'CancelarNfseResposta',
      })),
    );
    expect(new Set(docs.flatMap((d) => d.roles.map((r) => r.role)))).toEqual(
      new Set(['emitted', 'received', 'intermediate']),
    );
    expect(events.length).toBeGreaterThan(20);
    expect(run([...checks, ...events])).toEqual([]);
  });

  it('R33: NFS-e as issued come in every layout (ABRASF 2.02, 2.04, national 1.00), each valid against its schema', () => {
    const { docs, evented } = sample(generateNfses);
    const checks: Check[] = [...docs, ...evented].map((d) => ({
      what: `NFS-e ${d.id} (${layoutOf(d)})`,
      xml: nfseOriginalXml(d),
      ...LAYOUT_SCHEMAS[layoutOf(d)],
    }));
    expect(new Set(checks.map((c) => c.schema)).size).toBe(NFSE_LAYOUTS.length);
    expect(run(checks)).toEqual([]);
  });

  it.runIf(schemas)('the validator does reject: each type with an element out of place fails', () => {
    const cte = generateCtes(worlds[0]!, 11, 1, NOW_MS)[0]!;
    const mdfe = generateMdfes(worlds[0]!, 11, 1, NOW_MS)[0]!;
    const nfse = generateNfses(worlds[0]!, 11, 1, NOW_MS)[0]!;
    const broken = [
      {
        schema: 'cte-PL_CTe_400_RTC/procCTe_v4.00.xsd',
        xml: cteXml(cte).replace('<mod>57</mod>', '').replace('<natOp>', '<mod>57</mod><natOp>'),
      },
      { schema: 'cte-PL_CTe_400_RTC/procCTe_v4.00.xsd', xml: cteXml(cte).replace('<mod>57</mod>', '<mod>67</mod>') },
      { schema: 'mdfe-PL_MDFe_300a/procMDFe_v3.00.xsd', xml: mdfeXml(mdfe).replace(/<tot>/, '<tot><qMDFe>x</qMDFe>') },
      {
        schema: 'nfse-ABRASF-nfselib-variants/nfse_v2_02.xsd',
        xml: nfseXml(nfse).replace('<IssRetido>', '<IssRetido>3</IssRetido><IssRetido>'),
      },
    ];
    for (const b of broken) expect(schemas!.check(b.schema, b.xml)).toBeDefined();
    expect(
      schemas!.checkFragment(
        'cte-PL_CTe_400_RTC/cteModalRodoviario_v4.00.xsd',
        '<rodo><RNTRC>123</RNTRC></rodo>',
        'rodo',
        CTE_NS,
      ),
    ).toBeDefined();
  });

  it.runIf(schemas)(
    "the script's per-type count: validateType counts each invalid document and event and names it",
    () => {
      const [good, bad] = generateCtes(worlds[0]!, 11, 2, NOW_MS).map((d) => ({ ...d, events: [...d.events] }));
      bad!.xml = cteXml(bad!).replace('<mod>57</mod>', '<mod>67</mod>');
      bad!.events.push({ type: '999999', seq: 1, createdAt: bad!.emissionDate });
      const report = validateType(schemas!, 'cte', [good!, bad!]);
      expect(report).toMatchObject({ label: 'CT-e', docs: 2, invalidDocs: 1, invalidEvents: 1 });
      expect(report.failures.map((f) => f.what)).toEqual([
        `CT-e ${bad!.accessKey}`,
        `CT-e event 999999/1 of ${bad!.accessKey}`,
      ]);
    },
  );
});
