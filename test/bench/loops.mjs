// The baselines a pull is compared with: what a plain script does with the same endpoints.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, request } from 'undici';

const V2_FIELDS = [
  'AccessKey',
  'Xml',
  'Owner',
  'OwnerRole',
  'Status',
  'CreatedAt',
  'EmissionDate',
  'Number',
  'Emitter',
];

function headers(env) {
  return {
    'X-API-ID': env.FISCAL_API_ID,
    'X-API-KEY': env.FISCAL_API_KEY,
    'X-Use-ApiGateway': 'always',
    'content-type': 'application/json',
  };
}

async function json(res, what) {
  if (res.statusCode !== 200) throw new Error(`${what}: HTTP ${res.statusCode} ${await res.body.text()}`);
  return res.body.json();
}

/** The pages of a role on v1 (cursor, 50 per page), one after the other: `onPage(items)` per page. */
async function v1Pages(env, dispatcher, role, onPage) {
  let cursor = 0;
  for (;;) {
    const body = await json(
      await request(`${env.FISCAL_BASE_URL}/v1/nfe/${role}?cursor=${cursor}&limit=50`, {
        headers: headers(env),
        dispatcher,
      }),
      'v1',
    );
    if (body.data.length === 0) return;
    await onPage(body.data.map((d) => ({ key: d.access_key, xml: d.xml })));
    const next = Number(new URL(body.page.next).searchParams.get('cursor'));
    if (next === cursor) return;
    cursor = next;
  }
}

/**
 * The pages of a role on v2 (Paginator), one after the other: 500 per page with the fields a v2
 * pull asks for, or (`windows`) 250 per page with AccessKey and Xml, the pages a backfill reads
 * its windows with.
 */
async function v2Pages(env, dispatcher, role, onPage, windows = false) {
  let paginator;
  for (;;) {
    const shape = windows ? { Fields: ['AccessKey', 'Xml'], Limit: 250 } : { Fields: V2_FIELDS, Limit: 500 };
    const payload = {
      ...shape,
      Filters: { OwnerRoles: [role], EmissionDate: { From: '2000-01-01' } },
      ...(paginator ? { Paginator: paginator } : {}),
    };
    const body = await json(
      await request(`${env.FISCAL_BASE_URL}/v2/dfe/nfe`, {
        method: 'POST',
        headers: headers(env),
        body: JSON.stringify(payload),
        dispatcher,
      }),
      'v2',
    );
    if (body.Nfes.length === 0) return;
    await onPage(body.Nfes.map((d) => ({ key: d.AccessKey, xml: d.Xml })));
    if (!body.Paginator) return;
    paginator = body.Paginator;
  }
}

async function timed(env, api, role, onPage) {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const start = performance.now();
  try {
    if (api === 'v1') await v1Pages(env, dispatcher, role, onPage);
    else await v2Pages(env, dispatcher, role, onPage, api === 'v2-windows');
    return performance.now() - start;
  } finally {
    await dispatcher.close();
  }
}

/** One cursor, one request at a time, pages thrown away: the ceiling of any one-cursor client. */
export async function fetchAndDiscard(env, role, api = 'v1') {
  let docs = 0;
  const wallMs = await timed(env, api, role, (items) => {
    docs += items.length;
  });
  return { docs, wallMs };
}

/** The same pages, each document written to a plain file `<key>.xml` in `dir`: no index, no fsync. */
export async function fetchAndWrite(env, role, api, dir) {
  let docs = 0;
  const wallMs = await timed(env, api, role, async (items) => {
    for (const { key, xml } of items) await writeFile(join(dir, `${key}.xml`), Buffer.from(xml, 'base64'));
    docs += items.length;
  });
  return { docs, wallMs };
}
