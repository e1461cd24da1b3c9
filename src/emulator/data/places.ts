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

/**
 * One state a line: UF | DDD of the capital | cUF | digits of an IE | weight | its cities, each
 * `name cMun CEP-prefix`.
 */
const STATE_TABLE = `
SP | 11 | 35 | 12 | 30 | São Paulo 3550308 01310, Campinas 3509502 13010, Santos 3548500 11010, Ribeirão Preto 3543402 14010, Sorocaba 3552205 18010
RJ | 21 | 33 |  8 |  8 | Rio de Janeiro 3304557 20040, Niterói 3303302 24020
MG | 31 | 31 | 13 | 10 | Belo Horizonte 3106200 30130, Uberlândia 3170206 38400, Contagem 3118601 32010
PR | 41 | 41 | 10 |  8 | Curitiba 4106902 80010, Londrina 4113700 86010, Maringá 4115200 87013
SC | 48 | 42 |  9 |  6 | Florianópolis 4205407 88010, Joinville 4209102 89201, Blumenau 4202404 89010
RS | 51 | 43 | 10 |  7 | Porto Alegre 4314902 90010, Caxias do Sul 4305108 95020
BA | 71 | 29 |  9 |  5 | Salvador 2927408 40010, Feira de Santana 2910800 44001
PE | 81 | 26 |  9 |  4 | Recife 2611606 50010
CE | 85 | 23 |  9 |  3 | Fortaleza 2304400 60010
GO | 62 | 52 |  9 |  4 | Goiânia 5208707 74003, Anápolis 5201108 75020
DF | 61 | 53 | 13 |  3 | Brasília 5300108 70040
ES | 27 | 32 |  9 |  3 | Vitória 3205309 29010, Serra 3205002 29160
AM | 92 | 13 |  9 |  2 | Manaus 1302603 69005
PA | 91 | 15 |  9 |  2 | Belém 1501402 66010
MT | 65 | 51 | 11 |  2 | Cuiabá 5103403 78005
MS | 67 | 50 |  9 |  2 | Campo Grande 5002704 79002
`;

function stateRow(line: string): State {
  const [uf, ddd, cuf, ieLength, weight, cities] = line.split('|').map((cell) => cell.trim());
  return {
    uf: uf!,
    ddd: ddd!,
    cuf: cuf!,
    ieLength: Number(ieLength),
    weight: Number(weight),
    cities: cities!.split(', ').map(cityOf),
  };
}

function cityOf(cell: string): City {
  const m = /^(.+) (\d{7}) (\d{5})$/.exec(cell);
  if (!m) throw new Error(`places: not a city "${cell}"`);
  return { name: m[1]!, code: m[2]!, cep: m[3]! };
}

const STATES: readonly State[] = STATE_TABLE.trim().split('\n').map(stateRow);

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
