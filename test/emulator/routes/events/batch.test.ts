// Event batches in the emulator (R32; designed shapes in docs/events.md).
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_BATCH_EVENTS,
  batchAcceptedSchema,
  batchStatusSchema,
  type BatchData,
  type BatchEvent,
} from '../../../../src/api/wire/events.js';
import { v1ErrorSchema } from '../../../../src/api/wire/common.js';
import { EventBatches } from '../../../../src/emulator/event-batches.js';
import type { StoredCte } from '../../../../src/emulator/model-docs.js';
import type { StoredNfe } from '../../../../src/emulator/model.js';
import { buildAccessKey } from '../../../../src/fiscal/access-key.js';
import { startEmulator, type TestEmulator } from '../../../helpers/emulator.js';
import { DocSchemas, sharedXsdRoot } from '../../../xsd/emulator-xml.js';

let emu: TestEmulator;
let acc: string;
const CTE_NS = 'http://www.portalfiscal.inf.br/cte';
const xsdRoot = sharedXsdRoot(fileURLToPath(new URL('../../../..', import.meta.url)));
const schemas = xsdRoot ? new DocSchemas(xsdRoot) : undefined;
const JUST = 'Erro na digitacao dos valores da nota';

beforeAll(async () => {
  emu = await startEmulator({ docs: 120, otherDocs: 60 });
  acc = emu.accounts[0]!.id;
});
afterAll(async () => {
  schemas?.close();
  await emu?.close();
});

const headers = (account = 0) => ({
  'X-API-ID': emu.accounts[account]!.apiId,
  'X-API-KEY': emu.accounts[account]!.apiKey,
  'X-Use-ApiGateway': 'always',
});

async function call(method: string, path: string, body?: unknown, account = 0) {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: { ...headers(account), 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

const nfes = (pred: (d: StoredNfe) => boolean, account = acc) =>
  emu.store
    .nfesOf(account)
    .entries.map((e) => e.doc)
    .filter(pred);
const has = (d: StoredNfe, role: string) => d.roles.some((r) => r.role === role);
const ctes = (pred: (d: StoredCte) => boolean) =>
  emu.store
    .docsOf(acc, 'cte')
    .entries.map((e) => e.doc)
    .filter(pred);

async function submit(events: BatchEvent[], account = 0) {
  const r = await call('POST', '/v1/events/batch', { events }, account);
  expect(r.status, r.text).toBe(200);
  return batchAcceptedSchema.parse(r.body).data;
}

async function done(id: string): Promise<BatchData> {
  for (;;) {
    const r = await call('GET', `/v1/events/batch/${id}`);
    expect(r.status, r.text).toBe(200);
    const data = batchStatusSchema.parse(r.body).data;
    if (data.status === 'done') return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function errorsOf(r: { body: unknown }): Record<string, string[]> {
  const body = v1ErrorSchema.parse(r.body);
  return 'errors' in body ? body.errors : {};
}

describe('POST /v1/events/batch', () => {
  it('R32: a cancellation and a manifestation are registered, stored as events, and the cancellation cancels the NF-e', async () => {
    const emitted = nfes((d) => has(d, 'emitted') && !has(d, 'received') && d.status !== 'canceled')[0]!;
    const received = nfes((d) => has(d, 'received') && d.status !== 'canceled' && d.manifestations.length === 0)[0]!;
    const accepted = await submit([
      { access_key: emitted.accessKey, tp_evento: '110111', justification: JUST },
      { access_key: received.accessKey, tp_evento: '210210' },
    ]);
    expect(accepted).toMatchObject({ status: 'queued', document_type: 'nfe', count: 2 });
    expect(accepted.batch_id).toMatch(/^[0-9a-f]{32}$/);
    const data = await done(accepted.batch_id);
    expect(data.results.map((r) => [r.access_key, r.tp_evento, r.status, r.code])).toEqual([
      [emitted.accessKey, '110111', 'registered', 135],
      [received.accessKey, '210210', 'registered', 135],
    ]);
    expect(data.results[0]!.protocol).toMatch(/^\d{15}$/);
    expect(emu.store.findNfe(acc, emitted.accessKey)!.status).toBe('canceled');
    const events = await call('GET', `/v2/nfe/events?access_key=${emitted.accessKey}&type[]=110111`);
    expect(events.status, events.text).toBe(200);
    const xml = Buffer.from(events.body.data.at(-1).xml, 'base64').toString('utf8');
    expect(xml).toContain(`<xJust>${JUST}</xJust>`);
    expect(emu.store.findNfe(acc, received.accessKey)!.manifestations.at(-1)).toMatchObject({
      Type: '210210',
      Active: true,
    });
  });

  it('R32: a tax-reform event is registered; a key the account does not hold is a rejected result, not a 404', async () => {
    const receivedDoc = nfes((d) => has(d, 'received') && d.status !== 'canceled')[1]!;
    const foreign = nfes(() => true, emu.accounts[1]!.id)[0]!;
    const data = await done(
      (
        await submit([
          { access_key: receivedDoc.accessKey, tp_evento: '211120' },
          { access_key: foreign.accessKey, tp_evento: '210210' },
        ])
      ).batch_id,
    );
    expect(data.results.map((r) => [r.status, r.code])).toEqual([
      ['registered', 135],
      ['rejected', 217],
    ]);
    expect(data.results[1]!.protocol).toBeNull();
    expect(emu.store.findNfe(acc, receivedDoc.accessKey)!.events.map((e) => e.type)).toContain('211120');
  });

  it('R32: an event whose author is not the account role is rejected (cancellation of a received NF-e)', async () => {
    const received = nfes((d) => has(d, 'received') && !has(d, 'emitted') && d.status !== 'canceled')[2]!;
    const data = await done(
      (await submit([{ access_key: received.accessKey, tp_evento: '110111', justification: JUST }])).batch_id,
    );
    expect(data.results[0]).toMatchObject({ status: 'rejected', code: 574 });
    expect(emu.store.findNfe(acc, received.accessKey)!.status).not.toBe('canceled');
  });

  it('R32: CT-e disagreement (610110) then its cancellation (610111); 610111 without 610110 is rejected', async () => {
    const [first, second] = ctes(
      (d) =>
        d.roles.some((r) => r.role === 'taker') &&
        d.status !== 'canceled' &&
        !d.events.some((e) => e.type === '610110'),
    );
    const accepted = await submit([
      {
        access_key: first!.accessKey,
        tp_evento: '610110',
        justification: 'Servico prestado em desacordo com o contratado',
      },
      { access_key: first!.accessKey, tp_evento: '610111' },
      { access_key: second!.accessKey, tp_evento: '610111' },
    ]);
    expect(accepted.document_type).toBe('cte');
    const data = await done(accepted.batch_id);
    expect(data.results.map((r) => [r.tp_evento, r.status, r.code])).toEqual([
      ['610110', 'registered', 135],
      ['610111', 'registered', 135],
      ['610111', 'rejected', 632],
    ]);
    // Appended to the account's CT-e event stream: the last positions.
    const stream = emu.store.eventsOf(acc, 'cte').entries;
    const events = await call('GET', `/v1/events/cte?cursor=${stream.length - 2}&type[]=610110&type[]=610111`);
    expect(events.status, events.text).toBe(200);
    expect(events.body.data.map((e: { access_key: string; type: string }) => [e.access_key, e.type])).toEqual([
      [first!.accessKey, '610110'],
      [first!.accessKey, '610111'],
    ]);
    expect(emu.store.findDoc(acc, 'cte', first!.accessKey)!.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['610110', '610111']),
    );
  });

  it('R32: the 610110 and 610111 a batch registers validate against procEventoCTe 4.00 and their ev*.xsd', async () => {
    const doc = ctes(
      (d) =>
        d.roles.some((r) => r.role === 'taker') &&
        d.status !== 'canceled' &&
        !d.events.some((e) => e.type.startsWith('6101')),
    )[0]!;
    const data = await done(
      (
        await submit([
          { access_key: doc.accessKey, tp_evento: '610110', justification: 'Frete cobrado em desacordo & <acima>' },
          { access_key: doc.accessKey, tp_evento: '610111' },
        ])
      ).batch_id,
    );
    expect(data.results.map((r) => r.code)).toEqual([135, 135]);
    const [disagreement, cancel] = ['610110', '610111'].map(
      (type) => emu.store.findDoc(acc, 'cte', doc.accessKey)!.events.find((e) => e.type === type)!.xml!,
    );
    // The record's manifestation goes inactive once canceled, as a superseded NF-e manifestation does.
    const records = await call('POST', '/v1/dfe/cte', {
      fields: ['Manifestations'],
      Filters: { DocumentIdentifier: doc.accessKey, EmissionDate: { From: '2000-01-01', To: '2099-12-31' } },
    });
    expect(records.status, records.text).toBe(200);
    expect(
      records.body.Ctes.map((c: { Manifestations: { Type: string; Active: boolean }[] }) => c.Manifestations),
    ).toContainEqual([expect.objectContaining({ Type: '610110', Active: false })]);
    // The 610111 names the protocol of the 610110 it cancels.
    expect(cancel).toContain(`<nProtEvPrestDes>${data.results[0]!.protocol}</nProtEvPrestDes>`);
    const checks = [
      [disagreement!, 'evPrestDesacordo_v4.00.xsd', 'evPrestDesacordo'],
      [cancel!, 'evCancPrestDesacordo_v4.00.xsd', 'evCancPrestDesacordo'],
    ] as const;
    for (const [xml, schema, tag] of checks) {
      if (!schemas) {
        // Without ../shared/xsd: the group the schema wants is there, with its required child.
        expect(xml).toMatch(new RegExp(`<detEvento versaoEvento="4.00"><${tag}><descEvento>`));
        continue;
      }
      expect(schemas.check('cte-PL_CTe_400_RTC/procEventoCTe_v4.00.xsd', xml)).toBeUndefined();
      expect(schemas.checkFragment(`cte-PL_CTe_400_RTC/${schema}`, xml, tag, CTE_NS)).toBeUndefined();
    }
  });

  it('R32: a batch mixing document types is a 400 naming the first offending item', async () => {
    const nfe = nfes(() => true)[0]!;
    const cte = ctes(() => true)[0]!;
    const r = await call('POST', '/v1/events/batch', {
      events: [
        { access_key: nfe.accessKey, tp_evento: '210210' },
        { access_key: nfe.accessKey, tp_evento: '210200' },
        { access_key: cte.accessKey, tp_evento: '610110', justification: 'Servico prestado em desacordo' },
        { access_key: cte.accessKey, tp_evento: '610111' },
      ],
    });
    expect(r.status, r.text).toBe(400);
    const errors = errorsOf(r);
    expect(Object.keys(errors)).toEqual(['events[2].access_key']);
    expect(errors['events[2].access_key']![0]).toMatch(/cannot mix document types/);
  });

  it('R32: empty, too many, a bad check digit, a code not allowed for the type, a short justification: 400 naming the field', async () => {
    const key = nfes(() => true)[0]!.accessKey;
    const badDigit = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    const cases: [unknown, string][] = [
      [[], 'events'],
      [Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => ({ access_key: key, tp_evento: '210210' })), 'events'],
      [
        [
          { access_key: key, tp_evento: '210210' },
          { access_key: badDigit, tp_evento: '210210' },
        ],
        'events[1].access_key',
      ],
      [[{ access_key: key, tp_evento: '610110' }], 'events[0].tp_evento'],
      [[{ access_key: key, tp_evento: '110111', justification: 'curta' }], 'events[0].justification'],
      [[{ access_key: key }], 'events[0].tp_evento'],
    ];
    for (const [events, field] of cases) {
      const r = await call('POST', '/v1/events/batch', { events });
      expect(r.status, r.text).toBe(400);
      expect(Object.keys(errorsOf(r)), JSON.stringify(events).slice(0, 100)).toEqual([field]);
    }
  });
});

describe('GET /v1/events/batch/:id', () => {
  it("R32: another account's batch id is a 404, as is an unknown one (R3)", async () => {
    const accepted = await submit([{ access_key: nfes(() => true)[0]!.accessKey, tp_evento: '210210' }]);
    expect((await call('GET', `/v1/events/batch/${accepted.batch_id}`, undefined, 1)).status).toBe(404);
    expect((await call('GET', '/v1/events/batch/0000', undefined, 0)).status).toBe(404);
  });

  it('R32: queued, then processing, then done as the emulator clock passes each event', () => {
    let now = emu.now();
    const batches = new EventBatches(emu.store, () => now);
    const keys = nfes((d) => has(d, 'received'))
      .slice(5, 8)
      .map((d) => d.accessKey);
    const created = batches.submit(
      acc,
      keys.map((access_key) => ({ access_key, tp_evento: '211130' })),
    );
    expect(batches.find(acc, created.batch_id)).toMatchObject({ status: 'queued', results: [] });
    now += 200;
    expect(batches.find(acc, created.batch_id)).toMatchObject({ status: 'processing' });
    expect(batches.find(acc, created.batch_id)!.results).toHaveLength(1);
    now += 1000;
    const data = batches.find(acc, created.batch_id)!;
    expect(data.status).toBe('done');
    expect(data.results.map((r) => r.access_key)).toEqual(keys);
    expect(batches.find(emu.accounts[1]!.id, created.batch_id)).toBeUndefined();
  });
});

describe('model check', () => {
  it('R32: a key of another model (MDF-e) is refused as a batch document type', async () => {
    const mdfe = buildAccessKey({
      uf: '35',
      yymm: '2601',
      issuer: '11222333000181',
      model: '58',
      series: '1',
      number: '1',
      emissionType: '1',
      code: '12345678',
    });
    const r = await call('POST', '/v1/events/batch', { events: [{ access_key: mdfe, tp_evento: '110111' }] });
    expect(r.status).toBe(400);
    expect(errorsOf(r)['events[0].access_key']![0]).toMatch(/model 58/);
  });
});
