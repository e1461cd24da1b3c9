// Products sold on the synthetic invoices, with plausible NCM codes, units and prices. Products
// under ICMS tax substitution (ST) carry a CEST and go with CFOP 5405/6404.

export interface Product {
  code: string;
  description: string;
  ncm: string;
  /** Commercial unit (uCom, at most 6 characters). */
  unit: string;
  /** Price range per unit, in cents. */
  minCents: number;
  maxCents: number;
  /** Sold by weight or length: quantities with decimals. */
  fractional: boolean;
  /** Subject to ICMS tax substitution; has a CEST. */
  cest?: string;
}

const p = (
  code: string,
  description: string,
  ncm: string,
  unit: string,
  minCents: number,
  maxCents: number,
  fractional = false,
  cest?: string,
): Product => ({ code, description, ncm, unit, minCents, maxCents, fractional, ...(cest ? { cest } : {}) });

export const PRODUCTS: readonly Product[] = [
  p('1001', 'PARAFUSO SEXTAVADO ACO 1/4 X 2', '73181500', 'UN', 35, 220),
  p('1002', 'CIMENTO CP II 50KG', '25232910', 'SC', 3000, 4500),
  p('1003', 'ARROZ TIPO 1 PACOTE 5KG', '10063021', 'PCT', 2000, 3500),
  p('1004', 'CAFE TORRADO E MOIDO 500G', '09012100', 'PCT', 1200, 2600),
  p('1005', 'PAPEL SULFITE A4 500 FOLHAS', '48025610', 'RESMA', 2200, 3400),
  p('1006', 'CAIXA DE PAPELAO 40X30X20', '48191000', 'UN', 250, 900),
  p('1007', 'LAMPADA LED 9W BIVOLT', '85395000', 'UN', 700, 1800),
  p('1008', 'CABO FLEXIVEL 2,5MM', '85444900', 'M', 180, 420, true),
  p('1009', 'NOTEBOOK 15,6 POL 8GB SSD 256GB', '84713012', 'UN', 250000, 420000),
  p('1010', 'MONITOR LED 24 POL', '85285200', 'UN', 65000, 110000),
  p('1011', 'TECIDO ALGODAO CRU', '52081200', 'M', 900, 2500, true),
  p('1012', 'CHAPA DE ACO 1020 3MM', '72085200', 'KG', 650, 1200, true),
  p('1013', 'RESINA DE PVC', '39041010', 'KG', 800, 1500, true),
  p('1014', 'CADEIRA DE ESCRITORIO GIRATORIA', '94013000', 'UN', 35000, 89000),
  p('1015', 'MESA DE ESCRITORIO 1,20M', '94033000', 'UN', 42000, 98000),
  p('1016', 'FITA ADESIVA TRANSPARENTE 48MM', '39191010', 'UN', 450, 1100),
  p('1017', 'LUVA DE PROTECAO NITRILICA', '40151900', 'PAR', 600, 1500),
  p('1018', 'FARINHA DE TRIGO 1KG', '11010010', 'PCT', 450, 800),
  p('2001', 'OLEO LUBRIFICANTE MOTOR 1L', '27101932', 'UN', 2500, 4800, false, '0600500'),
  p('2002', 'PNEU 175/70 R14', '40111000', 'UN', 32000, 52000, false, '1600100'),
  p('2003', 'TINTA ACRILICA BRANCA 18L', '32091010', 'GL', 22000, 41000, false, '2400400'),
  p('2004', 'AGUA MINERAL SEM GAS 500ML', '22011000', 'UN', 150, 350, false, '0300300'),
  p('2005', 'CERVEJA LATA 350ML', '22030000', 'UN', 300, 650, false, '0302100'),
  p('2006', 'DETERGENTE LIQUIDO 500ML', '34022000', 'UN', 220, 480, false, '1100100'),
];

export const REGULAR_PRODUCTS = PRODUCTS.filter((x) => !x.cest);
export const ST_PRODUCTS = PRODUCTS.filter((x) => x.cest);
