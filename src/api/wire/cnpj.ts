// Public registry data of a CNPJ (spec group "Dados - CNPJs"): designed GET /v1/cnpj/{cnpj}, the
// fields the Receita Federal publishes, in the `{status, data}` envelope. See docs/cnpj.md.
import * as z from 'zod';
import { fillPath } from '../../fiscal/doc-types.js';
import { statusSchema } from './common.js';

/** The route the emulator registers; `cnpjDataPath` fills it. */
export const CNPJ_DATA_PATH = '/v1/cnpj/:cnpj';
export const cnpjDataPath = (cnpj: string): string => fillPath(CNPJ_DATA_PATH, { cnpj });

export const CNPJ_SITUATIONS = ['ATIVA', 'SUSPENSA', 'INAPTA', 'BAIXADA', 'NULA'] as const;
export const COMPANY_SIZES = ['MICRO EMPRESA', 'EMPRESA DE PEQUENO PORTE', 'DEMAIS'] as const;

const activitySchema = z.object({ code: z.string(), description: z.string() });

const cnpjDataSchema = z.object({
  cnpj: z.string(),
  /** MATRIZ for branch 0001, FILIAL otherwise. */
  kind: z.enum(['MATRIZ', 'FILIAL']),
  name: z.string(),
  trade_name: z.string(),
  situation: z.enum(CNPJ_SITUATIONS),
  situation_date: z.string(),
  opened_on: z.string(),
  legal_nature: activitySchema,
  size: z.enum(COMPANY_SIZES),
  /** Capital social in reais, two decimals as a string. */
  share_capital: z.string(),
  main_activity: activitySchema,
  secondary_activities: z.array(activitySchema),
  address: z.object({
    street: z.string(),
    number: z.string(),
    complement: z.string(),
    district: z.string(),
    city: z.string(),
    city_code: z.string(),
    uf: z.string(),
    cep: z.string(),
  }),
  phone: z.string(),
  email: z.string(),
  partners: z.array(z.object({ name: z.string(), role: z.string() })),
  simples: z.boolean(),
  mei: z.boolean(),
});
export type CnpjData = z.infer<typeof cnpjDataSchema>;
export const cnpjDataResponseSchema = z.object({ status: statusSchema, data: cnpjDataSchema });
