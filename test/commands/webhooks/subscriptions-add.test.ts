// `fiscal webhooks subscriptions add`: one subscription per CNPJ x type x event, checked before anything is created.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_DOCUMENT_TYPES, WEBHOOK_EVENT_TYPES } from '../../../src/api/wire/webhooks.js';
import { DOCUMENT_TYPE_CHOICES, EVENT_TYPE_CHOICES } from '../../../src/commands/webhooks/index.js';
import { CNPJ_A, CPF_B, server, fiscal, metadata, subscription, notFound, useScriptedServer } from './scripted.js';

useScriptedServer();

describe('fiscal webhooks subscriptions add', () => {
  it("R31: the command's choices are the contract's document and event types", () => {
    expect([...DOCUMENT_TYPE_CHOICES]).toEqual([...WEBHOOK_DOCUMENT_TYPES]);
    expect([...EVENT_TYPE_CHOICES]).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it('R31: add creates one subscription per CNPJ x type x event after one metadata call', async () => {
    server.enqueue(
      metadata(),
      (req) => subscription('ws_1', req.json as Record<string, string>),
      (req) => subscription('ws_2', req.json as Record<string, string>),
      (req) => subscription('ws_3', req.json as Record<string, string>),
      (req) => subscription('ws_4', req.json as Record<string, string>),
    );
    const r = await fiscal(
      'subscriptions',
      'add',
      '--endpoint',
      'we_1',
      '--cnpj',
      `${CNPJ_A},${CPF_B}`,
      '--document-type',
      'nfe',
      '--event-type',
      'received,canceled',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.map((q) => [q.method, q.path])).toEqual([
      ['GET', '/v1/webhooks/metadata'],
      ...Array(4).fill(['POST', '/v1/webhooks/subscriptions']),
    ]);
    expect(server.requests.slice(1).map((q) => q.json)).toEqual([
      { endpoint_id: 'we_1', cnpj: CNPJ_A, document_type: 'nfe', event_type: 'received' },
      { endpoint_id: 'we_1', cnpj: CNPJ_A, document_type: 'nfe', event_type: 'canceled' },
      { endpoint_id: 'we_1', cnpj: CPF_B, document_type: 'nfe', event_type: 'received' },
      { endpoint_id: 'we_1', cnpj: CPF_B, document_type: 'nfe', event_type: 'canceled' },
    ]);
    expect(r.rows.map((row) => [row.id, row.status])).toEqual([
      ['ws_1', 'created'],
      ['ws_2', 'created'],
      ['ws_3', 'created'],
      ['ws_4', 'created'],
    ]);
  });

  it('R31: bad check digits, an unknown type or a type the service does not accept exit 2 naming the flag', async () => {
    const digits = await fiscal(
      'subscriptions',
      'add',
      '--endpoint',
      'we_1',
      '--cnpj',
      '11222333000182',
      '--document-type',
      'nfe',
      '--event-type',
      'received',
    );
    expect(digits.code).toBe(2);
    expect(digits.stderr).toMatch(/--cnpj: 11222333000182: check digits are 82, expected 81/);
    const choice = await fiscal(
      'subscriptions',
      'add',
      '--endpoint',
      'we_1',
      '--cnpj',
      CNPJ_A,
      '--document-type',
      'boleto',
      '--event-type',
      'received',
    );
    expect(choice.code).toBe(2);
    expect(choice.stderr).toMatch(/--document-type/);
    const missing = await fiscal(
      'subscriptions',
      'add',
      '--endpoint',
      'we_1',
      '--cnpj',
      CNPJ_A,
      '--document-type',
      'nfe',
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--event-type is missing/);
    expect(server.requests).toHaveLength(0);

    server.enqueue(metadata(['nfe', 'cte']));
    const refused = await fiscal(
      'subscriptions',
      'add',
      '--endpoint',
      'we_1',
      '--cnpj',
      CNPJ_A,
      '--document-type',
      'nfe,mdfe',
      '--event-type',
      'received',
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--document-type: "mdfe" is not accepted by the service \(accepted: nfe, cte\)/);
    expect(server.requests.map((q) => q.path)).toEqual(['/v1/webhooks/metadata']);
  });

  it('R31: a refused subscription is a failed row and the others go on (exit 7); an unknown endpoint exits 4', async () => {
    const refused = {
      status: 422,
      body: { error: { code: 'cnpj_not_in_account', message: 'CNPJ is not a company of this account', context: null } },
    };
    server.enqueue(metadata(), refused, (req) => subscription('ws_9', req.json as Record<string, string>));
    const partial = await fiscal(
      'subscriptions',
      'add',
      '--endpoint',
      'we_1',
      '--cnpj',
      CNPJ_A,
      '--cnpj',
      CPF_B,
      '--document-type',
      'nfe',
      '--event-type',
      'received',
    );
    expect(partial.code).toBe(7);
    expect(partial.rows.map((row) => [row.cnpj, row.status])).toEqual([
      [CNPJ_A, 'error'],
      [CPF_B, 'created'],
    ]);
    expect(partial.rows[0]!.message).toMatch(/CNPJ is not a company of this account/);

    server.enqueue(metadata(), notFound);
    const foreign = await fiscal(
      'subscriptions',
      'add',
      '--endpoint',
      'we_foreign',
      '--cnpj',
      CNPJ_A,
      '--cnpj',
      CPF_B,
      '--document-type',
      'nfe',
      '--event-type',
      'received',
    );
    expect(foreign.code).toBe(4);
    expect(foreign.stderr).toMatch(/webhook endpoint we_foreign not found in this account/);
    expect(server.requests.filter((q) => q.method === 'POST')).toHaveLength(3);
  });

  it('R31: add --dry-run checks against the metadata and creates nothing', async () => {
    server.enqueue(metadata());
    const r = await fiscal(
      'subscriptions',
      'add',
      '--endpoint',
      'we_1',
      '--cnpj',
      CNPJ_A,
      '--document-type',
      'nfe',
      '--document-type',
      'cte',
      '--event-type',
      'received',
      '--dry-run',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.rows.map((row) => [row.document_type, row.status])).toEqual([
      ['nfe', 'dry-run'],
      ['cte', 'dry-run'],
    ]);
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });
});
