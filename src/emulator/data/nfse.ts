// NFS-e (ABRASF 2.04) metadata of one account: services its companies buy (received), sell
// (emitted) or broker (intermediate), with ISS and the federal taxes the taker withholds, all in
// cents so that the values the XML writes add up. Ids follow R10. No XML here (see nfse-xml.ts).
import type { Party } from '../model.js';
import type { DocEvent, NfseRole, StoredNfse, Withholding } from '../model-docs.js';
import type { AccountWorld } from './accounts.js';
import { money } from './amounts.js';
import { DAY, DocStream, inOrder, RoleLists } from './doc-stream.js';
import { addressOf, taxIdOf } from './parties.js';
import { weights, type Rng } from './random.js';
import { brt, brtDate } from './xml-util.js';

type Scenario = 'received' | 'emitted' | 'intra' | 'intermediate';
const SCENARIOS = weights<Scenario>([
  ['received', 55],
  ['emitted', 30],
  ['intra', 8],
  ['intermediate', 7],
]);
const ROLE_ORDER: readonly NfseRole[] = ['emitted', 'received', 'intermediate'];
// ocr and manual: notes the customer sent in as PDF, read by OCR; only they have an original PDF.
const ORIGINS = weights([
  ['nacional', 55],
  ['prefeitura', 20],
  ['upload', 15],
  ['email', 10],
  ['ocr', 7],
  ['manual', 3],
]);
/** ISS rates in hundredths of a percent: 2% is the legal floor, 5% the ceiling. */
const ISS_RATES = weights([
  [200, 30],
  [250, 5],
  [300, 15],
  [400, 10],
  [500, 40],
]);

interface Service {
  /** ItemListaServico (LC 116/2003). */
  item: string;
  cnae: string;
  description: string;
}

const ACCOUNTING: Service = {
  item: '17.19',
  cnae: '6920601',
  description: 'Servicos de contabilidade e escrituracao fiscal',
};
const SERVICES: readonly Service[] = [
  {
    item: '01.07',
    cnae: '6209100',
    description: 'Suporte tecnico em informatica, instalacao e configuracao de sistemas',
  },
  { item: '14.01', cnae: '3314710', description: 'Manutencao preventiva e corretiva de maquinas e equipamentos' },
  { item: '17.01', cnae: '7020400', description: 'Consultoria em gestao empresarial' },
  { item: '07.10', cnae: '8121400', description: 'Limpeza e conservacao de imoveis' },
  { item: '11.02', cnae: '8011101', description: 'Vigilancia e seguranca patrimonial' },
  { item: '01.05', cnae: '6203100', description: 'Licenciamento de uso de programa de computador' },
  { item: '17.06', cnae: '7311400', description: 'Servicos de propaganda e publicidade' },
];
const BY_ITEM = new Map([ACCOUNTING, ...SERVICES].map((s) => [s.item, s]));

export function serviceOf(item: string): Service {
  const s = BY_ITEM.get(item);
  if (!s) throw new Error(`no service ${item}`);
  return s;
}

/** Federal taxes withheld, in cents: IR 1.5%; CSRF = PIS 0.65% + COFINS 3% + CSLL 1%. */
export function withheldTaxes(
  serviceCents: number,
  w: Withholding,
): { pis: number; cofins: number; csll: number; ir: number } {
  const csrf = w === 'csrf' || w === 'ir-csrf';
  const rate = (hundredths: number) => Math.round((serviceCents * hundredths) / 10_000);
  return {
    pis: csrf ? rate(65) : 0,
    cofins: csrf ? rate(300) : 0,
    csll: csrf ? rate(100) : 0,
    ir: w === 'ir' || w === 'ir-csrf' ? rate(150) : 0,
  };
}

/** Withholding applies between companies, CSRF above R$ 215.05 and IR when it reaches R$ 10. */
function withholdingFor(rng: Rng, taker: Party | undefined, serviceCents: number): Withholding {
  if (!taker?.cnpj) return 'none';
  const r = rng.next();
  const ir = (r < 0.15 || (r >= 0.3 && r < 0.4)) && serviceCents * 0.015 >= 1000;
  const csrf = r >= 0.15 && r < 0.4 && serviceCents > 21_505;
  return ir && csrf ? 'ir-csrf' : ir ? 'ir' : csrf ? 'csrf' : 'none';
}

/** R10: `<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>`, the id of an NFS-e as `owner` sees it. */
export const nfseId = (owner: string, doc: Pick<StoredNfse, 'documentId'>): string => `${owner}:${doc.documentId}`;

interface Deal {
  emitter: Party;
  taker?: Party;
  intermediary?: Party;
}

class NfseStream extends DocStream {
  private readonly roles: RoleLists<NfseRole>;
  /** The account's companies that buy services (all but the accounting firm, which sells them). */
  private readonly buyers: Party[];

  constructor(
    private readonly w: AccountWorld,
    seed: number,
    count: number,
    nowMs: number,
  ) {
    super('nfse', w, seed, count, nowMs);
    this.roles = new RoleLists(w.owners, ROLE_ORDER);
    this.buyers = w.owners.filter((o) => o !== w.accountant);
  }

  private deal(): Deal {
    const { rng, w, buyers } = this;
    switch (rng.weighted(SCENARIOS)) {
      case 'received':
        return { emitter: rng.pick(w.suppliers), taker: rng.pick(buyers) };
      case 'emitted': {
        const emitter = rng.chance(0.3) ? w.accountant : rng.pick(w.traders);
        const taker = rng.pick(w.customers);
        // People often give no CPF for a service: the NFS-e then names no taker.
        return { emitter, taker: taker.cpf && rng.chance(0.3) ? undefined : taker };
      }
      case 'intra':
        return { emitter: w.accountant, taker: rng.pick(buyers) };
      default:
        return { emitter: rng.pick(w.suppliers), taker: rng.pick(w.customers), intermediary: rng.pick(w.traders) };
    }
  }

  doc(i: number): StoredNfse {
    const { rng, w } = this;
    const createdMs = this.createdMs(i);
    const emissionMs = this.emissionMs(createdMs);
    const d = this.deal();
    const service = d.emitter === w.accountant ? ACCOUNTING : rng.pick(SERVICES);
    const serviceCents = Math.round(10 ** (4.5 + rng.next() * 2.5));
    const rate = rng.weighted(ISS_RATES);
    const issCents = Math.round((serviceCents * rate) / 10_000);
    const issWithheld = d.taker?.cnpj !== undefined && rng.chance(0.25);
    const withholding = withholdingFor(rng, d.taker, serviceCents);
    const t = withheldTaxes(serviceCents, withholding);
    const federal = t.pis + t.cofins + t.csll + t.ir;
    const emission = brt(emissionMs);
    // The competence is the month the service was rendered: mostly that of the emission.
    const competence = (rng.chance(0.2) ? brtDate(emissionMs - rng.int(1, 25) * DAY) : emission).slice(0, 7);
    const number = String(this.numbers.take(d.emitter));
    const documentId = `${taxIdOf(d.emitter)}:${emission.slice(0, 10)}:${number}`;
    const roles = this.roles.of(
      this.roles.bit(d.emitter, 'emitted') |
        this.roles.bit(d.taker, 'received') |
        this.roles.bit(d.intermediary, 'intermediate'),
    );
    const events: DocEvent[] = [];
    if (rng.chance(0.05))
      events.push({ type: '101101', seq: 1, createdAt: brt(this.later(emissionMs, 60, 20 * 1440)) });
    return {
      accountId: w.account.id,
      position: this.nextPosition(),
      id: nfseId(roles[0]!.owner, { documentId }),
      documentId,
      number,
      emissionDate: emission,
      createdAt: brt(createdMs),
      competence,
      emitter: d.emitter,
      taker: d.taker,
      intermediary: d.intermediary,
      roles,
      isCanceled: events.length > 0,
      serviceCode: service.item,
      cnae: service.cnae,
      cityCode: addressOf(d.emitter).city.code,
      serviceValue: money(serviceCents),
      issRate: money(rate),
      issValue: money(issCents),
      issWithheld,
      withholding,
      federalWithheld: money(federal),
      netValue: money(serviceCents - federal - (issWithheld ? issCents : 0)),
      events,
      ...this.apiFields(ORIGINS),
    };
  }
}

/** `count` NFS-e of the account of `w`, in stream order (position and createdAt increasing). */
export function generateNfses(w: AccountWorld, seed: number, count: number, nowMs: number): StoredNfse[] {
  const stream = new NfseStream(w, seed, count, nowMs);
  return inOrder(count, (i) => stream.doc(i));
}
