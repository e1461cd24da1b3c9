// PDF endpoints. Designed (the spec shows no shape): every auxiliary PDF answers `{status, data:
// {access_key | id, encoded_pdf}}` with the PDF in base64, as the DANFe is observed to (R30a);
// errors are v1 `{status, error}` / `{status, errors}` (R6: 422 when it cannot be rendered).
import * as z from 'zod';
import { DOC_TYPES } from '../../fiscal/doc-types.js';
import { statusSchema } from './common.js';

// The paths are the types' (src/fiscal/doc-types.ts): the client asks and the emulator answers the same.
export const DANFE_PATH = DOC_TYPES.nfe.endpoints.pdf;
export const DACTE_PATH = DOC_TYPES.cte.endpoints.pdf;
export const DACTE_OS_PATH = DOC_TYPES.cteos.endpoints.pdf;
/** Designed: the spec lists no MDF-e PDF endpoint. */
export const DAMDFE_PATH = DOC_TYPES.mdfe.endpoints.pdf;
export const DANFSE_PATH = DOC_TYPES.nfse.endpoints.pdf;
/** The original PDF of an NFS-e ingested by OCR; `:role` as in `/v1/nfse/{role}`. */
export const NFSE_MANUAL_PDF_PATH = '/v1/nfse/:role/manual/pdf';

/** NFS-e roles of the v1 paths: received (taker), emitted; `intermediate` is designed. */
export const NFSE_PDF_ROLES = ['received', 'emitted', 'intermediate'] as const;
export type NfsePdfRole = (typeof NFSE_PDF_ROLES)[number];

export const nfseManualPdfPath = (role: NfsePdfRole): string => NFSE_MANUAL_PDF_PATH.replace(':role', role);

/** The answer of the endpoints that take an access key (DANFe, DACTe, DACTe-OS, DAMDFe). */
export const keyedPdfResponseSchema = z.object({
  status: statusSchema,
  data: z.object({ access_key: z.string(), encoded_pdf: z.string().min(1) }),
});

/** The answer of the endpoints that take an id: the NFS-e's (R10 id) and the record groups' (boletos, receipts, invoices, utility bills). */
export const idPdfResponseSchema = z.object({
  status: statusSchema,
  data: z.object({ id: z.string(), encoded_pdf: z.string().min(1) }),
});
export const nfsePdfResponseSchema = idPdfResponseSchema;

export const danfeResponseSchema = keyedPdfResponseSchema;
