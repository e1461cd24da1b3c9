// Wire shapes shared by the client and the emulator (R2, R4, R6, R12).
import * as z from 'zod';

/** R4: `code` mirrors the HTTP status; the spec's samples show 0. Accept both. */
export const statusSchema = z.object({ code: z.number().int(), message: z.string() });
export type Status = z.infer<typeof statusSchema>;

/** R2: authentication failures, answered by the gateway. */
export const gatewayErrorSchema = z.object({ error: z.string(), status: statusSchema });

/** R6: service errors on list endpoints. */
export const serviceErrorSchema = z.object({
  error: z.object({ code: z.union([z.string(), z.number()]), message: z.string(), context: z.unknown().optional() }),
});

/** R6: most v1 endpoints, `{status, error}` or `{status, errors: {name: [..]}}`. */
export const v1ErrorSchema = z.union([
  z.object({
    status: statusSchema,
    error: z.union([z.string(), z.object({ message: z.string().optional() }).loose()]),
  }),
  z.object({ status: statusSchema, errors: z.record(z.string(), z.array(z.string())) }),
]);

/** R12: the v1 cursor page. `next` is an absolute URL that is never null. */
export function v1PageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    status: statusSchema,
    data: z.array(item),
    page: z.object({ next: z.string(), previous: z.string().nullable().optional() }),
    count: z.number().int(),
    signature: z.string().optional(),
  });
}
export type V1Page<T> = {
  status: Status;
  data: T[];
  page: { next: string; previous?: string | null | undefined };
  count: number;
  signature?: string | undefined;
};

/** R9: `{From, To}` date range (PascalCase groups). */
export const dateRangeSchema = z.object({ From: z.string().optional(), To: z.string().optional() });

/** R23: custom data filter items. */
/** The query of a v1 cursor listing, as the client sends it and the emulator reads it (R11, R15-R17). */
export interface V1ListingQuery {
  cursor?: number;
  limit?: number;
  accessKeys?: string[];
  cnpjs?: string[];
  filter?: string;
  createdFrom?: string;
  createdTo?: string;
}

/** The body of a PascalCase body search (`/v2/dfe/nfe`, `/v1/dfe/mdfe`) over `filters`. */
export function bodySearchSchema<F extends z.ZodType>(filters: F) {
  return z
    .object({
      Fields: z.array(z.string()).optional(),
      Filters: filters.optional(),
      Limit: z.number().int().optional(),
      Paginator: z.string().nullable().optional(),
    })
    .strict();
}

export const customDataFilterSchema = z.array(z.object({ Name: z.string(), Values: z.array(z.string()) }));

/**
 * R14: the signature of a v1 page is the SHA-256 hex of `data` as PHP's json_encode writes it:
 * compact, with `/` escaped. Some PHP builds also escape non-ASCII as \uXXXX; both forms are
 * produced here so a client can accept either.
 */
export function phpJsonEncodings(data: unknown): string[] {
  const plain = phpJsonEncode(data);
  const ascii = asciiEscaped(plain);
  return plain === ascii ? [plain] : [plain, ascii];
}

/** The usual form: compact JSON with `/` escaped. */
export function phpJsonEncode(data: unknown): string {
  return JSON.stringify(data).replaceAll('/', '\\/');
}

/** The \uXXXX form of an encoding (the same string when it is all ASCII). */
export function asciiEscaped(encoded: string): string {
  if (!/[^\x00-\x7e]/.test(encoded)) return encoded;
  return encoded.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

/** An item of a role listing read the same way whatever the type: the access key and the XML, base64. */
const listedXmlItemSchema = z.object({ access_key: z.string(), xml: z.string() });
export type ListedXmlItem = z.infer<typeof listedXmlItemSchema>;
export const listedXmlPageSchema = v1PageSchema(listedXmlItemSchema);
