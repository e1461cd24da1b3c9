// The request bodies of the webhook management endpoints (designed), checked the way the service
// answers them: a 400 in the service shape naming the field and, for enumerated values, listing
// the accepted ones (those of GET /v1/webhooks/metadata).
import * as z from 'zod';
import { WEBHOOK_DOCUMENT_TYPES, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from '../../api/wire/webhooks.js';
import { taxIdProblem } from '../../fiscal/tax-id.js';
import type { Account } from '../model.js';
import { badRequest } from '../respond.js';

/** Designed: an endpoint's description is at most this long. */
const WEBHOOK_DESCRIPTION_MAX = 255;

const endpointBody = z.strictObject({
  url: z.string(),
  description: z.string().max(WEBHOOK_DESCRIPTION_MAX).nullable().optional(),
});

const subscriptionBody = z.strictObject({
  endpoint_id: z.string().min(1),
  cnpj: z.string(),
  document_type: z.string(),
  event_type: z.string(),
});

type SubscriptionBody = z.infer<typeof subscriptionBody>;

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys')
    throw badRequest(
      'service',
      `unknown field; accepted fields are ${Object.keys((schema as z.ZodObject).shape).join(', ')}`,
      issue.keys[0],
    );
  const field = issue.path.join('.');
  throw badRequest('service', issue.message, field === '' ? 'body' : field);
}

export function endpointRequest(body: unknown): { url: string; description: string | null } {
  const { url, description } = parse(endpointBody, body);
  const problem = urlProblem(url);
  if (problem) throw badRequest('service', problem, 'url');
  return { url, description: description ?? null };
}

function urlProblem(url: string): string | undefined {
  if (url.length > WEBHOOK_URL_MAX)
    return `a URL has at most ${WEBHOOK_URL_MAX} characters, this one has ${url.length}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `not an absolute URL: "${url}"`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `the URL must be http or https, got ${parsed.protocol.slice(0, -1)}`;
  if (parsed.username !== '' || parsed.password !== '') return 'the URL must not carry credentials';
  return undefined;
}

/** The subscription asked for, each field checked against the account and the accepted values. */
export function subscriptionRequest(
  body: unknown,
  account: Account,
): SubscriptionBody & {
  document_type: (typeof WEBHOOK_DOCUMENT_TYPES)[number];
  event_type: (typeof WEBHOOK_EVENT_TYPES)[number];
} {
  const req = parse(subscriptionBody, body);
  const problem = taxIdProblem(req.cnpj);
  if (problem) throw badRequest('service', problem, 'cnpj');
  if (!account.companies.some((c) => c.cnpj === req.cnpj))
    throw badRequest('service', `${req.cnpj} is not a company of this account`, 'cnpj');
  const documentType = oneOf(WEBHOOK_DOCUMENT_TYPES, req.document_type, 'document_type');
  const eventType = oneOf(WEBHOOK_EVENT_TYPES, req.event_type, 'event_type');
  return { ...req, document_type: documentType, event_type: eventType };
}

function oneOf<T extends string>(accepted: readonly T[], value: string, field: string): T {
  if ((accepted as readonly string[]).includes(value)) return value as T;
  throw badRequest('service', `"${value}" is not accepted; accepted values are ${accepted.join(', ')}`, field);
}
