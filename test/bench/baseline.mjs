// The raw baseline: fetch the same pages a pull fetches, parse them, and throw them away.
import { Agent, request } from 'undici';

const ROLES = ['received', 'emitted', 'transporter', 'authorized'];
const V2_FIELDS = ['AccessKey', 'Xml', 'Owner', 'OwnerRole', 'Status', 'CreatedAt', 'EmissionDate', 'Number', 'Emitter'];

function headers(env) {
  return { 'X-API-ID': env.FISCAL_API_ID, 'X-API-KEY': env.FISCAL_API_KEY, 'X-Use-ApiGateway': 'always', 'content-type': 'application/json' };
}

async function v1Role(env, dispatcher, role) {
  let cursor = 0;
  let docs = 0;
  for (;;) {
    const res = await request(`${env.FISCAL_BASE_URL}/v1/nfe/${role}?cursor=${cursor}&limit=50`, { headers: headers(env), dispatcher });
    const body = await res.body.json();
    if (body.data.length === 0) return docs;
    docs += body.data.length;
    const next = Number(new URL(body.page.next).searchParams.get('cursor'));
    if (next === cursor) return docs;
    cursor = next;
  }
}

async function v2Role(env, dispatcher, role) {
  let paginator;
  let docs = 0;
  for (;;) {
    const payload = { Fields: V2_FIELDS, Limit: 500, Filters: { OwnerRoles: [role], EmissionDate: { From: '2000-01-01' } }, ...(paginator ? { Paginator: paginator } : {}) };
    const res = await request(`${env.FISCAL_BASE_URL}/v2/dfe/nfe`, { method: 'POST', headers: headers(env), body: JSON.stringify(payload), dispatcher });
    const body = await res.body.json();
    docs += body.Nfes.length;
    if (!body.Nfes.length || !body.Paginator) return docs;
    paginator = body.Paginator;
  }
}

export async function rawBaseline(env, api) {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const start = performance.now();
  const counts = await Promise.all(ROLES.map((role) => (api === 'v1' ? v1Role : v2Role)(env, dispatcher, role)));
  const wallMs = performance.now() - start;
  await dispatcher.close();
  return { docs: counts.reduce((a, b) => a + b, 0), wallMs };
}

export { ROLES };
