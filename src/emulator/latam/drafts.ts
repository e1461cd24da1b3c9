// Synthetic LATAM documents: what each one says (parties with valid tax ids, date, lines), drawn
// from the account's own random stream so that no other generated data changes.
import type { LatamCountry } from '../../api/wire/latam.js';
import { nitCheckDigit, rfcCheckDigit, rucCheckDigit, rutCheckDigit } from '../../fiscal/latam/tax-ids.js';
import type { Rng } from '../data/random.js';

interface DraftParty {
  taxId: string;
  /** Colombia: the NIT's verification digit, written apart. */
  dv?: string;
  name: string;
}

interface DraftLine {
  description: string;
  quantity: number;
  unitPrice: number;
}

export interface Draft {
  country: LatamCountry;
  issuer: DraftParty;
  receiver: DraftParty;
  /** Local date and time of issue, `YYYY-MM-DDThh:mm:ss` (no offset). */
  issuedAt: string;
  number: number;
  lines: DraftLine[];
  /** 32 hex digits for ids the issuer does not choose (UUID). */
  nonce: string;
}

const NAMES: Record<LatamCountry, { companies: string[]; products: string[] }> = {
  MX: {
    companies: [
      'Comercializadora del Bajío SA de CV',
      'Servicios Logísticos Anáhuac SA de CV',
      'Tecnología Regia SAPI de CV',
      'Alimentos Tapatíos SA de CV',
    ],
    products: [
      'Consultoría en sistemas',
      'Tarimas de madera',
      'Servicio de transporte',
      'Licencia de software',
      'Café de Chiapas 1 kg',
    ],
  },
  CL: {
    companies: ['Comercial Andes SpA', 'Transportes Biobío Ltda.', 'Viña Colchagua S.A.', 'Servicios Atacama SpA'],
    products: [
      'Vino reserva 750 ml',
      'Flete Santiago-Concepción',
      'Cobre en cátodos (kg)',
      'Mantención de equipos',
      'Salmón congelado (kg)',
    ],
  },
  CO: {
    companies: [
      'Alimentos del Valle S.A.S.',
      'Textiles Antioquia S.A.',
      'Logística Caribe S.A.S.',
      'Flores de la Sabana Ltda.',
    ],
    products: [
      'Caja de café tostado',
      'Rollo de tela índigo',
      'Servicio de bodegaje',
      'Ramo de rosas (docena)',
      'Panela orgánica (kg)',
    ],
  },
  PE: {
    companies: [
      'Textiles del Sur S.A.C.',
      'Agroexportadora Ica S.A.',
      'Minera Cajamarca S.A.A.',
      'Servicios Callao E.I.R.L.',
    ],
    products: [
      'Tela de algodón pima (metro)',
      'Espárragos frescos (kg)',
      'Alquiler de maquinaria',
      'Quinua orgánica (kg)',
      'Servicio de estiba',
    ],
  },
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function party(rng: Rng, country: LatamCountry, name: string): DraftParty {
  switch (country) {
    case 'MX': {
      const head =
        Array.from({ length: 3 }, () => rng.pick([...LETTERS])).join('') +
        `${rng.int(80, 99)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}` +
        rng.pick([...LETTERS]) +
        rng.int(1, 9);
      return { taxId: head + rfcCheckDigit(head), name };
    }
    case 'CL': {
      const body = String(rng.int(76_000_000, 78_999_999));
      return { taxId: `${body}-${rutCheckDigit(body)}`, name };
    }
    case 'CO': {
      const nit = String(rng.int(800_000_000, 901_999_999));
      return { taxId: nit, dv: nitCheckDigit(nit), name };
    }
    case 'PE': {
      const head = `20${rng.digits(8)}`;
      return { taxId: head + rucCheckDigit(head), name };
    }
  }
}

/** `count` drafts of one country, issued in the 90 days up to `todayMs` (a UTC midnight), oldest first. */
export function draftsOf(rng: Rng, country: LatamCountry, count: number, todayMs: number): Draft[] {
  const names = NAMES[country];
  // Two issuers and two receivers per country, so that filtering by issuer means something.
  const parties = rng.shuffle(names.companies).map((name) => party(rng, country, name));
  const issuers = parties.slice(0, 2);
  const receivers = parties.slice(2);
  const firstNumber = rng.int(100, 90_000);
  const drafts: Draft[] = [];
  for (let i = 0; i < count; i++) {
    const ms = todayMs - rng.int(1, 90) * 86_400_000 + rng.int(8 * 3600, 18 * 3600) * 1000;
    drafts.push({
      country,
      issuer: rng.pick(issuers),
      receiver: rng.pick(receivers),
      issuedAt: new Date(ms).toISOString().slice(0, 19),
      // Consecutive: an issuer's numbers never repeat, and neither do the ids made of them.
      number: firstNumber + i,
      lines: Array.from({ length: rng.int(1, 3) }, () => ({
        description: rng.pick(names.products),
        quantity: rng.int(1, 20),
        unitPrice: country === 'CL' || country === 'CO' ? rng.int(10, 900) * 100 : rng.int(100, 90_000) / 100,
      })),
      nonce: rng.hex(32),
    });
  }
  return drafts.sort((a, b) => (a.issuedAt < b.issuedAt ? -1 : a.issuedAt > b.issuedAt ? 1 : 0));
}
