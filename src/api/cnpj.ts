// Public registry data of CNPJs (designed GET /v1/cnpj/{cnpj}).
import { requestData, type HttpClient } from './http.js';
import { cnpjDataPath, cnpjDataResponseSchema, type CnpjData } from './wire/cnpj.js';

/** A CNPJ the registry does not know is a 404 (NotFoundError); a malformed one a 400. */
export async function getCnpjData(http: HttpClient, cnpj: string): Promise<CnpjData> {
  return requestData(http, { method: 'GET', path: cnpjDataPath(cnpj), schema: cnpjDataResponseSchema });
}
