// Brazilian states and cities for addresses: real IBGE codes (cUF, cMun) and CEP prefixes, so
// that generated documents look like the real ones a client will meet.
import { weights } from './random.js';

export interface City {
  name: string;
  /** IBGE municipality code (cMun, 7 digits). */
  code: string;
  /** First five CEP digits of a central street. */
  cep: string;
}

export interface State {
  uf: string;
  /** Telephone area code of the capital. */
  ddd: string;
  /** IBGE code of the state (cUF). */
  cuf: string;
  /** Digits of a state registration (IE) in this state; each state has its own length. */
  ieLength: number;
  /** How often external parties sit in this state (rough share of economic activity). */
  weight: number;
  cities: City[];
}

const city = (name: string, code: string, cep: string): City => ({ name, code, cep });

export const STATES: readonly State[] = [
  {
    uf: 'SP',
    ddd: '11',
    cuf: '35',
    ieLength: 12,
    weight: 30,
    cities: [
      city('São Paulo', '3550308', '01310'),
      city('Campinas', '3509502', '13010'),
      city('Santos', '3548500', '11010'),
      city('Ribeirão Preto', '3543402', '14010'),
      city('Sorocaba', '3552205', '18010'),
    ],
  },
  {
    uf: 'RJ',
    ddd: '21',
    cuf: '33',
    ieLength: 8,
    weight: 8,
    cities: [city('Rio de Janeiro', '3304557', '20040'), city('Niterói', '3303302', '24020')],
  },
  {
    uf: 'MG',
    ddd: '31',
    cuf: '31',
    ieLength: 13,
    weight: 10,
    cities: [
      city('Belo Horizonte', '3106200', '30130'),
      city('Uberlândia', '3170206', '38400'),
      city('Contagem', '3118601', '32010'),
    ],
  },
  {
    uf: 'PR',
    ddd: '41',
    cuf: '41',
    ieLength: 10,
    weight: 8,
    cities: [
      city('Curitiba', '4106902', '80010'),
      city('Londrina', '4113700', '86010'),
      city('Maringá', '4115200', '87013'),
    ],
  },
  {
    uf: 'SC',
    ddd: '48',
    cuf: '42',
    ieLength: 9,
    weight: 6,
    cities: [
      city('Florianópolis', '4205407', '88010'),
      city('Joinville', '4209102', '89201'),
      city('Blumenau', '4202404', '89010'),
    ],
  },
  {
    uf: 'RS',
    ddd: '51',
    cuf: '43',
    ieLength: 10,
    weight: 7,
    cities: [city('Porto Alegre', '4314902', '90010'), city('Caxias do Sul', '4305108', '95020')],
  },
  {
    uf: 'BA',
    ddd: '71',
    cuf: '29',
    ieLength: 9,
    weight: 5,
    cities: [city('Salvador', '2927408', '40010'), city('Feira de Santana', '2910800', '44001')],
  },
  { uf: 'PE', ddd: '81', cuf: '26', ieLength: 9, weight: 4, cities: [city('Recife', '2611606', '50010')] },
  { uf: 'CE', ddd: '85', cuf: '23', ieLength: 9, weight: 3, cities: [city('Fortaleza', '2304400', '60010')] },
  {
    uf: 'GO',
    ddd: '62',
    cuf: '52',
    ieLength: 9,
    weight: 4,
    cities: [city('Goiânia', '5208707', '74003'), city('Anápolis', '5201108', '75020')],
  },
  { uf: 'DF', ddd: '61', cuf: '53', ieLength: 13, weight: 3, cities: [city('Brasília', '5300108', '70040')] },
  {
    uf: 'ES',
    ddd: '27',
    cuf: '32',
    ieLength: 9,
    weight: 3,
    cities: [city('Vitória', '3205309', '29010'), city('Serra', '3205002', '29160')],
  },
  { uf: 'AM', ddd: '92', cuf: '13', ieLength: 9, weight: 2, cities: [city('Manaus', '1302603', '69005')] },
  { uf: 'PA', ddd: '91', cuf: '15', ieLength: 9, weight: 2, cities: [city('Belém', '1501402', '66010')] },
  { uf: 'MT', ddd: '65', cuf: '51', ieLength: 11, weight: 2, cities: [city('Cuiabá', '5103403', '78005')] },
  { uf: 'MS', ddd: '67', cuf: '50', ieLength: 9, weight: 2, cities: [city('Campo Grande', '5002704', '79002')] },
];

const BY_UF = new Map(STATES.map((s) => [s.uf, s]));

export function stateOf(uf: string): State {
  const state = BY_UF.get(uf);
  if (!state) throw new Error(`no state ${uf}`);
  return state;
}

export const STATE_WEIGHTS = weights(STATES.map((s) => [s, s.weight] as const));

/** The South and Southeast, except ES, charge 7% on sales to the other regions (Senate Res. 22/89). */
const SEVEN_PERCENT_ORIGINS = new Set(['SP', 'RJ', 'MG', 'PR', 'SC', 'RS']);

/** ICMS rate, in percent, of a sale from `from` to `to`. */
export function icmsRate(from: string, to: string): number {
  if (from === to) return 18;
  return SEVEN_PERCENT_ORIGINS.has(from) && !SEVEN_PERCENT_ORIGINS.has(to) ? 7 : 12;
}

export const STREETS = [
  'Rua das Palmeiras',
  'Avenida Brasil',
  'Rua XV de Novembro',
  'Avenida Paulista',
  'Rua Sete de Setembro',
  'Rua Tiradentes',
  'Avenida Getúlio Vargas',
  'Rua Marechal Deodoro',
  'Rua Dom Pedro II',
  'Avenida das Indústrias',
  'Rua Barão do Rio Branco',
  'Rodovia BR-116',
  'Rua José Bonifácio',
  'Avenida Santos Dumont',
  'Rua do Comércio',
] as const;

export const DISTRICTS = [
  'Centro',
  'Distrito Industrial',
  'Jardim América',
  'Vila Nova',
  'Boa Vista',
  'São José',
  'Santa Cruz',
  'Parque Industrial',
  'Vila Operária',
  'Jardim Europa',
] as const;
