// `fiscal webhooks subscriptions list --endpoint`, and remove of another account's id.
import { describe, expect, it } from 'vitest';
import { STATUS, CNPJ_A, server, fiscal, notFound, useScriptedServer } from './scripted.js';

useScriptedServer();

describe('fiscal webhooks subscriptions list', () => {
  it("R31: list --endpoint asks for that endpoint and keeps only its subscriptions; remove of another account's id exits 4", async () => {
    const s = (id: string, endpoint_id: string) => ({
      id,
      endpoint_id,
      cnpj: CNPJ_A,
      document_type: 'nfe',
      event_type: 'received',
      created_at: '2026-01-05T10:00:00Z',
    });
    server.enqueue({ body: { status: STATUS, data: [s('ws_1', 'we_1'), s('ws_2', 'we_2')] } }, notFound);
    const listed = await fiscal('subscriptions', 'list', '--endpoint', 'we_1');
    expect(listed.code, listed.stderr).toBe(0);
    expect(server.requests[0]!.query.get('endpoint_id')).toBe('we_1');
    expect(listed.rows.map((row) => row.id)).toEqual(['ws_1']);
    const removed = await fiscal('subscriptions', 'remove', 'ws_foreign');
    expect(removed.code).toBe(4);
    expect(removed.stderr).toMatch(/webhook subscription ws_foreign not found in this account/);
    expect(server.requests[1]).toMatchObject({ method: 'DELETE', path: '/v1/webhooks/subscriptions/ws_foreign' });
  });
});
