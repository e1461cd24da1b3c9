// What kind of operation an invoice records: purpose (finNFe), direction (tpNF), CFOPs and the
// nature of the operation text. CFOPs follow the real rules: 5xxx/1xxx inside a state, 6xxx/2xxx
// between states, 6108 for a sale to a consumer in another state.
import type { Party } from '../model.js';
import { weights, type Rng } from './random.js';
import { CfopLists } from './shared-lists.js';

type FinNFe = '1' | '2' | '3' | '4';

interface Operation {
  /** tpNF: 0 entry, 1 exit. */
  operation: '0' | '1';
  finNFe: FinNFe;
  cfops: string[];
  natOp: string;
}

/** Nature of the operation (natOp) by CFOP. */
const NAT_OP: Record<string, string> = {
  '5101': 'VENDA DE PRODUCAO DO ESTABELECIMENTO',
  '6101': 'VENDA DE PRODUCAO DO ESTABELECIMENTO',
  '5102': 'VENDA DE MERCADORIA ADQUIRIDA DE TERCEIROS',
  '6102': 'VENDA DE MERCADORIA ADQUIRIDA DE TERCEIROS',
  '5405': 'VENDA DE MERCADORIA SUJEITA A ST',
  '6404': 'VENDA DE MERCADORIA SUJEITA A ST',
  '6108': 'VENDA DE MERCADORIA A NAO CONTRIBUINTE',
  '5910': 'REMESSA EM BONIFICACAO',
  '6910': 'REMESSA EM BONIFICACAO',
  '5949': 'OUTRA SAIDA DE MERCADORIA',
  '6949': 'OUTRA SAIDA DE MERCADORIA',
  '1949': 'OUTRA ENTRADA DE MERCADORIA',
  '2949': 'OUTRA ENTRADA DE MERCADORIA',
  '5202': 'DEVOLUCAO DE COMPRA PARA COMERCIALIZACAO',
  '6202': 'DEVOLUCAO DE COMPRA PARA COMERCIALIZACAO',
  '1202': 'DEVOLUCAO DE VENDA DE MERCADORIA',
  '2202': 'DEVOLUCAO DE VENDA DE MERCADORIA',
  '1102': 'COMPRA PARA COMERCIALIZACAO',
  '2102': 'COMPRA PARA COMERCIALIZACAO',
};

/** The interstate CFOP of an intrastate one: 5102 -> 6102, 1102 -> 2102; ST sales become 6404. */
function interstate(cfop: string): string {
  if (cfop === '5405') return '6404';
  return String(Number(cfop[0]) + 1) + cfop.slice(1);
}

const CFOP_LISTS = new CfopLists();
const SALE_CFOPS = weights([
  ['5102', 55],
  ['5101', 15],
  ['5405', 12],
  ['5949', 8],
  ['5910', 5],
]);
const FIN_NFE = weights<FinNFe>([
  ['1', 90],
  ['2', 3],
  ['3', 2],
  ['4', 5],
]);

function primaryCfop(rng: Rng, operation: '0' | '1', finNFe: FinNFe, consumer: boolean): string {
  if (finNFe === '4') return operation === '0' ? '1202' : '5202';
  if (finNFe === '3') return operation === '0' ? '1949' : '5949';
  if (operation === '0') return '1102';
  if (consumer) return '5102';
  return rng.weighted(SALE_CFOPS);
}

/** An operation between `emitter` and `receiver` with `itemCount` items. */
export function operationFor(rng: Rng, emitter: Party, receiver: Party, itemCount: number): Operation {
  const finNFe = rng.weighted(FIN_NFE);
  const operation: '0' | '1' = rng.chance(finNFe === '4' ? 0.5 : 0.06) ? '0' : '1';
  const consumer = receiver.cpf !== undefined;
  const sameState = emitter.uf === receiver.uf;
  let primary = primaryCfop(rng, operation, finNFe, consumer);
  if (!sameState) primary = consumer && primary === '5102' ? '6108' : interstate(primary);
  let cfops = CFOP_LISTS.of(primary);
  // Mixed invoices: goods under ST sold beside ordinary goods.
  if (itemCount >= 2 && operation === '1' && finNFe === '1' && !consumer && rng.chance(0.25)) {
    const other = primary.endsWith('102') ? '5405' : '5102';
    const second = sameState ? other : interstate(other);
    if (second !== primary) cfops = CFOP_LISTS.of(primary, second);
  }
  const natOp =
    finNFe === '2'
      ? 'COMPLEMENTO DE PRECO'
      : finNFe === '3'
        ? 'NF-E DE AJUSTE'
        : (NAT_OP[primary] ?? 'VENDA DE MERCADORIA');
  return { operation, finNFe, cfops, natOp };
}
