// `fiscal webhooks endpoints deliveries <id>`: the attempts the service recorded.
import { describe, expect, it } from 'vitest';
import { STATUS, server, fiscal, notFound, useScriptedServer } from './scripted.js';

useScriptedServer();

describe('fiscal webhooks endpoints deliveries', () => {
  it("R31: deliveries lists the attempts; another account's endpoint exits 4", async () => {
    const attempt = {
      id: 'wd_1',
      notification_id: 'ntf_1',
      type: 'document.received',
      attempt: 2,
      at: '2026-01-05T10:01:00Z',
      status_code: 500,
      error: 'endpoint answered 500',
      outcome: 'retrying',
      next_attempt_at: '2026-01-05T10:05:00Z',
    };
    server.enqueue({ body: { status: STATUS, data: [attempt] } }, notFound);
    const ok = await fiscal('endpoints', 'deliveries', 'we_1');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.rows).toEqual([attempt]);
    const foreign = await fiscal('endpoints', 'deliveries', 'we_foreign');
    expect(foreign.code).toBe(4);
    expect(foreign.stderr).toMatch(/webhook endpoint we_foreign not found in this account/);
    expect(server.requests.map((q) => q.path)).toEqual([
      '/v1/webhooks/endpoints/we_1/deliveries',
      '/v1/webhooks/endpoints/we_foreign/deliveries',
    ]);
  });
});
