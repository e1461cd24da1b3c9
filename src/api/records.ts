// The designed record groups (boletos, receipts, international invoices, utility bills...): a v1
// cursor listing and one record by id, the same for every group (src/emulator/routes/record-listing.ts
// serves them). A group gives its path and the zod schema of its item.
import { z } from 'zod';
import type { HttpClient, QueryValue } from './http.js';
import { paginateCursor, type CursorPage } from './paginate.js';
import { statusSchema, v1PageSchema, type V1Page } from './wire/common.js';

/** Filters as the listing reads them: `name[]`, `name[from]`, `name[min]`... (keys sent literally). */
export type RecordQuery = Record<string, QueryValue>;

export async function listRecordsPage<T>(http: HttpClient, path: string, item: z.ZodType<T>, query: RecordQuery): Promise<V1Page<T>> {
  const res = await http.request({ method: 'GET', path, query, schema: v1PageSchema(item), verifySignature: true });
  return res.body as V1Page<T>;
}

/** Every page of a listing from `start`, lazily (R12, R13). */
export function recordPages<T>(
  http: HttpClient,
  path: string,
  item: z.ZodType<T>,
  query: RecordQuery,
  opts: { start?: number; signal?: AbortSignal } = {},
): AsyncIterable<CursorPage<T>> {
  return paginateCursor((cursor) => listRecordsPage(http, path, item, { ...query, cursor }), opts);
}

/** One record by id: `GET <path>/<id>`, `{status, data}`. A 404 is a NotFoundError. */
export async function getRecord<T>(http: HttpClient, path: string, item: z.ZodType<T>): Promise<T> {
  const res = await http.request({ method: 'GET', path, schema: z.object({ status: statusSchema, data: item }) });
  return res.body.data as T;
}

const pdfResponseSchema = z.object({ status: statusSchema, data: z.object({ id: z.string(), encoded_pdf: z.string() }) });

/** The PDF of a record: `GET <path>?id=`, `{status, data: {id, encoded_pdf}}` like every PDF endpoint. */
export async function downloadRecordPdf(http: HttpClient, path: string, id: string): Promise<Buffer> {
  const res = await http.request({ method: 'GET', path, query: { id }, schema: pdfResponseSchema });
  return Buffer.from(res.body.data.encoded_pdf, 'base64');
}
