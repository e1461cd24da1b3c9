// Synthetic public registry data of a CNPJ (designed GET /v1/cnpj/{cnpj}): everything follows from
// the CNPJ itself, so the same CNPJ always reads the same, whoever asks. A CNPJ that is a company of
// one of the emulator's accounts keeps its name, trade name, state and address (the ones its
// documents show) and is always active and known.
import { CNPJ_SITUATIONS, COMPANY_SIZES, type CnpjData } from '../../api/wire/cnpj.js';
import type { Company } from '../model.js';
import { companyName, personName } from './names.js';
import { addressOf, taxRegimeOf } from './parties.js';
import { STATE_WEIGHTS } from './places.js';
import { rngFor, weights, type Rng } from './random.js';

/**
 * Designed rule: the registry does not know a CNPJ whose 8-digit root, as a number, leaves 13 when
 * divided by 20 (5% of the roots, e.g. 00000013, 00000033), unless it is a company of an account.
 */
export function isUnknownCnpj(cnpj: string): boolean {
  return Number(cnpj.slice(0, 8)) % 20 === 13;
}

const SITUATIONS = weights<(typeof CNPJ_SITUATIONS)[number]>([
  ['ATIVA', 85],
  ['BAIXADA', 6],
  ['INAPTA', 5],
  ['SUSPENSA', 3],
  ['NULA', 1],
]);
const NATURES = [
  { code: '206-2', description: 'Sociedade Empresária Limitada' },
  { code: '205-4', description: 'Sociedade Anônima Fechada' },
  { code: '204-6', description: 'Sociedade Anônima Aberta' },
  { code: '213-5', description: 'Empresário (Individual)' },
] as const;
const CNAES = [
  { code: '46.39-7-01', description: 'Comércio atacadista de produtos alimentícios em geral' },
  { code: '47.44-0-01', description: 'Comércio varejista de ferragens e ferramentas' },
  { code: '25.11-0-00', description: 'Fabricação de estruturas metálicas' },
  { code: '47.44-0-99', description: 'Comércio varejista de materiais de construção em geral' },
  { code: '47.61-0-03', description: 'Comércio varejista de artigos de papelaria' },
  { code: '13.21-9-00', description: 'Tecelagem de fios de algodão' },
  { code: '45.30-7-03', description: 'Comércio a varejo de peças e acessórios novos para veículos automotores' },
  {
    code: '47.53-9-00',
    description: 'Comércio varejista especializado de eletrodomésticos e equipamentos de áudio e vídeo',
  },
  { code: '22.22-6-00', description: 'Fabricação de embalagens de material plástico' },
  { code: '31.01-2-00', description: 'Fabricação de móveis com predominância de madeira' },
  { code: '46.35-4-02', description: 'Comércio atacadista de cerveja, chope e refrigerante' },
  { code: '20.62-2-00', description: 'Fabricação de produtos de limpeza e polimento' },
  { code: '49.30-2-02', description: 'Transporte rodoviário de carga, exceto produtos perigosos, interestadual' },
  { code: '69.20-6-01', description: 'Atividades de contabilidade' },
] as const;

export function cnpjRegistryData(cnpj: string, company: Company | undefined): CnpjData {
  const rng = rngFor('cnpj-registry', cnpj);
  const { name, tradingName } = company ?? companyName(rng);
  const uf = company?.uf ?? rng.weighted(STATE_WEIGHTS).uf;
  const party = { cnpj, name, uf };
  const address = addressOf(party);
  const opened = date(rng, 1975, 2024);
  const situation = company ? 'ATIVA' : rng.weighted(SITUATIONS);
  const simples = taxRegimeOf(party) === '1';
  const nature = rng.pick(simples ? NATURES.filter((n) => n.code !== '204-6') : NATURES);
  const individual = nature.code === '213-5';
  const size = simples ? rng.pick(COMPANY_SIZES.slice(0, 2)) : 'DEMAIS';
  const [main, ...secondary] = rng.shuffle(CNAES).slice(0, rng.int(1, 4));
  const slug = tradingName
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  return {
    cnpj,
    kind: cnpj.slice(8, 12) === '0001' ? 'MATRIZ' : 'FILIAL',
    name,
    trade_name: tradingName,
    situation,
    situation_date: situation === 'ATIVA' ? opened : date(rng, Number(opened.slice(0, 4)), 2025),
    opened_on: opened,
    legal_nature: { ...nature },
    size,
    share_capital: (individual ? rng.int(1, 100) * 1000 : rng.int(10, 5000) * 10000).toFixed(2),
    main_activity: { ...main! },
    secondary_activities: secondary.map((a) => ({ ...a })),
    address: {
      street: address.street,
      number: address.number,
      complement: rng.chance(0.3) ? `SALA ${rng.int(1, 40)}` : '',
      district: address.district,
      city: address.city.name,
      city_code: address.city.code,
      uf: address.uf,
      cep: address.cep,
    },
    phone: address.phone,
    email: `contato@${slug || 'empresa'}.com.br`,
    partners: partners(rng, individual),
    simples,
    mei: individual && simples && size === 'MICRO EMPRESA' && rng.chance(0.5),
  };
}

function partners(rng: Rng, individual: boolean): CnpjData['partners'] {
  if (individual) return [{ name: personName(rng), role: 'Titular' }];
  const count = rng.int(1, 3);
  return Array.from({ length: count }, (_, i) => ({
    name: personName(rng),
    role: i === 0 ? 'Sócio-Administrador' : 'Sócio',
  }));
}

/** A date from January of `from` to December of `to`, as YYYY-MM-DD. */
function date(rng: Rng, from: number, to: number): string {
  const year = rng.int(from, to);
  return `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
}
