// Name parts for companies and people. Names stay under the 60 characters of xNome and use only
// characters the NF-e schemas accept (Latin-1, no leading or trailing space).
import type { Rng } from './random.js';

const SURNAMES = [
  'Andrade',
  'Oliveira',
  'Costa',
  'Pereira',
  'Almeida',
  'Ferreira',
  'Rodrigues',
  'Souza',
  'Carvalho',
  'Gomes',
  'Martins',
  'Araújo',
  'Ribeiro',
  'Barbosa',
  'Teixeira',
  'Moreira',
  'Cardoso',
  'Rocha',
  'Dias',
  'Nunes',
  'Mendes',
  'Freitas',
  'Lopes',
  'Vieira',
  'Monteiro',
  'Cavalcanti',
  'Pacheco',
  'Fonseca',
  'Batista',
  'Campos',
] as const;

const FIRST_NAMES = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Francisca',
  'Antônio',
  'Juliana',
  'Carlos',
  'Fernanda',
  'Paulo',
  'Patrícia',
  'Lucas',
  'Aline',
  'Marcos',
  'Camila',
  'Rafael',
  'Beatriz',
  'Gustavo',
  'Larissa',
  'Rodrigo',
] as const;

/** What a company does: the long form goes in xNome, the short one in xFant. */
const ACTIVITIES = [
  ['Distribuidora de Alimentos', 'Alimentos'],
  ['Comércio de Ferragens', 'Ferragens'],
  ['Indústria Metalúrgica', 'Metalúrgica'],
  ['Materiais de Construção', 'Construção'],
  ['Papelaria e Informática', 'Papelaria'],
  ['Indústria Têxtil', 'Têxtil'],
  ['Autopeças', 'Autopeças'],
  ['Comércio de Eletrônicos', 'Eletrônicos'],
  ['Embalagens', 'Embalagens'],
  ['Indústria de Móveis', 'Móveis'],
  ['Atacadista de Bebidas', 'Bebidas'],
  ['Produtos de Limpeza', 'Limpeza'],
] as const;

const SUFFIXES = ['Ltda', 'Ltda', 'Ltda', 'S.A.', 'EIRELI', 'ME', 'EPP'] as const;

export interface CompanyName {
  name: string;
  tradingName: string;
}

/** A trading or industrial company, e.g. "Costa Comércio de Ferragens Ltda" / "Costa Ferragens". */
export function companyName(rng: Rng): CompanyName {
  const surname = rng.pick(SURNAMES);
  const [activity, short] = rng.pick(ACTIVITIES);
  const joined = rng.chance(0.25) ? `${surname} & ${rng.pick(SURNAMES)}` : surname;
  return { name: `${joined} ${activity} ${rng.pick(SUFFIXES)}`, tradingName: `${surname} ${short}` };
}

export function carrierName(rng: Rng): CompanyName {
  const surname = rng.pick(SURNAMES);
  const kind = rng.pick(['Transportes', 'Logística', 'Transportadora'] as const);
  return { name: `${kind} ${surname} Ltda`, tradingName: `${surname} ${kind === 'Logística' ? 'Log' : 'Transportes'}` };
}

export function accountingFirmName(rng: Rng): CompanyName {
  const surname = rng.pick(SURNAMES);
  return { name: `${surname} Assessoria Contábil Ltda`, tradingName: `${surname} Contabilidade` };
}

export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;
}

/** Account names: the customer of the service, usually a group owning several companies. */
export function accountName(rng: Rng): string {
  return `${rng.pick(['Grupo', 'Rede', 'Holding', 'Organização'] as const)} ${rng.pick(SURNAMES)}`;
}
