// `fiscal webhooks endpoints add <url>`: the secret shown once, the URL checked before sending.
import { describe, expect, it } from 'vitest';
import { STATUS, SECRET, server, fiscal, endpoint, useScriptedServer } from './scripted.js';

useScriptedServer();

describe('fiscal webhooks endpoints add', () => {
  it('R31: add sends url and description, shows the secret once in its row and says so on stderr; list never shows it', async () => {
    server.enqueue({
      status: 201,
      body: { status: STATUS, data: endpoint('we_1', { description: 'ERP inbox', secret: SECRET }) },
    });
    const added = await fiscal('endpoints', 'add', 'https://erp.example.com/we_1', '--description', 'ERP inbox');
    expect(added.code, added.stderr).toBe(0);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/webhooks/endpoints',
      json: { url: 'https://erp.example.com/we_1', description: 'ERP inbox' },
    });
    expect(added.rows).toEqual([expect.objectContaining({ id: 'we_1', status: 'created', secret: SECRET })]);
    expect(added.stderr).toMatch(/not shown again/);
    expect(added.stderr).not.toContain(SECRET);

    // A server that wrongly repeats the secret in a listing still does not get it shown.
    server.enqueue({ body: { status: STATUS, data: [endpoint('we_1', { secret: SECRET }), endpoint('we_2')] } });
    const listed = await fiscal('endpoints', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.rows.map((e) => e.id)).toEqual(['we_1', 'we_2']);
    expect(listed.stdout + listed.stderr).not.toContain(SECRET);
  });

  it('R31: add refuses a URL that is not http(s) (exit 2, nothing sent), and --dry-run sends nothing', async () => {
    const bad = await fiscal('endpoints', 'add', 'ftp://erp.example.com/hooks');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/<url>: expected an http:\/\/ or https:\/\/ URL/);
    const long = await fiscal('endpoints', 'add', `https://erp.example.com/${'x'.repeat(2048)}`);
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/<url>: expected at most 2048 characters/);
    const dry = await fiscal('endpoints', 'add', 'https://erp.example.com/hooks', '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.rows).toEqual([expect.objectContaining({ status: 'dry-run', url: 'https://erp.example.com/hooks' })]);
    expect(server.requests).toHaveLength(0);
  });
});
