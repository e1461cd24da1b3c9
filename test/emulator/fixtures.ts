// Hand-made emulator data: small, with every attribute a filter looks at varied on purpose, and
// HTTP helpers that talk to an emulator over 127.0.0.1.
import { buildAccessKey } from '../../src/fiscal/access-key.js';
import { cnpjCheckDigits, cpfCheckDigits } from '../../src/fiscal/tax-id.js';
import type { NfeRole } from '../../src/api/wire/nfe.js';
import type { Account, Company, Dataset, StoredNfe } from '../../src/emulator/model.js';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/server.js';

export const NOW = new Date('2026-03-01T12:00:00-03:00');
const DAY = 24 * 60 * 60 * 1000;

export const cnpj = (base: string): string => base + cnpjCheckDigits(base);
export const cpf = (base: string): string => base + cpfCheckDigits(base);

function company(base: string, name: string, uf = 'SP'): Company {
  return { cnpj: cnpj(base), name, tradingName: name.split(' ')[0]!, ie: '110042490114', uf, cuf: '35' };
}

export const A1 = company('112223330001', 'Alfa Comercio Ltda');
export const A2 = company('223334440001', 'Beta Industria SA', 'MG');
export const B1 = company('334445550001', 'Gama Servicos Ltda', 'RJ');
export const OUTSIDER = cnpj('998887770001');
export const PERSON = cpf('123456789');
export const CARRIER = cnpj('556667770001');

export const ACCOUNTS: Account[] = [
  { id: 'acc_1', name: 'Conta Alfa', apiId: 'id-alfa', apiKey: 'key-alfa', companies: [A1, A2] },
  { id: 'acc_2', name: 'Conta Gama', apiId: 'id-gama', apiKey: 'key-gama', companies: [B1] },
];

/** ISO 8601 with the Brasília offset, as the model stores dates. */
export function brt(ms: number): string {
  return new Date(ms - 3 * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, '-03:00');
}

export function nfeProc(key: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${key}" versao="4.00"><ide><cUF>35</cUF><nNF>0012</nNF><natOp>Venda/Revenda</natOp></ide>${extra}</infNFe></NFe><protNFe versao="4.00"><infProt><chNFe>${key}</chNFe></infProt></protNFe></nfeProc>`;
}

export interface DocSpec extends Partial<Omit<StoredNfe, 'roles'>> {
  accountId?: string;
  roles?: { owner: string; role: NfeRole }[];
  /** Days before NOW it was emitted (default 1). */
  ageDays?: number;
}

let serial = 0;

export function makeNfe(position: number, spec: DocSpec = {}): StoredNfe {
  const emittedMs = NOW.getTime() - (spec.ageDays ?? 1) * DAY;
  const emitter = spec.emitter ?? { cnpj: A1.cnpj, name: A1.name, tradingName: A1.tradingName, ie: A1.ie, uf: A1.uf };
  const number = spec.number ?? String(100 + position);
  const accessKey =
    spec.accessKey ??
    buildAccessKey({
      uf: '35',
      yymm: brt(emittedMs).slice(2, 4) + brt(emittedMs).slice(5, 7),
      issuer: emitter.cnpj ?? emitter.cpf!.padStart(14, '0'),
      model: '55',
      series: '1',
      number,
      emissionType: '1',
      code: String(10_000_000 + ++serial).slice(-8),
    });
  const { ageDays: _age, ...rest } = spec;
  return {
    accountId: 'acc_1',
    position,
    accessKey,
    model: '55',
    series: '1',
    number,
    emissionDate: brt(emittedMs),
    createdAt: brt(emittedMs + 60 * 60 * 1000),
    emitter,
    receiver: { cnpj: OUTSIDER, name: 'Cliente Externo', uf: 'PR' },
    authorized: [],
    roles: [{ owner: A1.cnpj, role: 'emitted' }],
    status: 'authorized',
    natOp: 'Venda',
    operation: '1',
    finNFe: '1',
    cfops: ['5102'],
    itemCount: 1,
    totalValue: '100.00',
    origin: 'sefaz',
    tags: [],
    xPeds: [],
    events: [],
    manifestations: [],
    properties: {},
    flagErp: {},
    ...rest,
    xml: spec.xml ?? nfeProc(accessKey, `<total><vNF>${spec.totalValue ?? '100.00'}</vNF></total><obs>a/b</obs>`),
  };
}

const event = (type: string) => ({
  type,
  seq: 1,
  createdAt: brt(NOW.getTime() - DAY),
  xml: `<procEventoNFe><tpEvento>${type}</tpEvento></procEventoNFe>`,
});
const manifestation = {
  Type: '210210',
  Protocol: '135260000000001',
  Seq: '1',
  Date: brt(NOW.getTime() - DAY),
  CreatedAt: brt(NOW.getTime() - DAY),
  Active: true,
  IsForced: false,
  origin: 'api' as const,
};

/**
 * Account acc_1 (A1, A2) and acc_2 (B1). Positions are sparse on purpose (cursor jumps, R13).
 * Document 3 is emitted by A1 and received by A2: two v2 records.
 */
export function smallDataset(): Dataset {
  const a2AsReceiver = { cnpj: A2.cnpj, name: A2.name, uf: A2.uf };
  const nfes: StoredNfe[] = [
    makeNfe(0, { tags: ['urgent'], cfops: ['5102', '5405'], properties: { status: 'done' } }),
    makeNfe(1, { ageDays: 45, status: 'canceled', events: [event('110111')] }),
    makeNfe(2, {
      receiver: { cpf: PERSON, name: 'Pessoa Fisica', uf: 'SP' },
      origin: 'upload',
      finNFe: '4',
      xPeds: ['PED-1'],
    }),
    makeNfe(3, {
      receiver: a2AsReceiver,
      roles: [
        { owner: A1.cnpj, role: 'emitted' },
        { owner: A2.cnpj, role: 'received' },
      ],
      tags: ['urgent', 'audit'],
      properties: { status: 'pending' },
    }),
    makeNfe(5, {
      emitter: { cnpj: OUTSIDER, name: 'Fornecedor', uf: 'PR' },
      receiver: a2AsReceiver,
      roles: [{ owner: A2.cnpj, role: 'received' }],
      events: [event('110110')],
      manifestations: [manifestation],
      properties: { status: 'done', erp: 'sent' },
    }),
    makeNfe(8, {
      emitter: { cnpj: OUTSIDER, name: 'Fornecedor', uf: 'PR' },
      receiver: a2AsReceiver,
      transporter: { cnpj: CARRIER, name: 'Transportadora', uf: 'SP' },
      roles: [{ owner: A2.cnpj, role: 'received' }],
      cfops: ['6102'],
      origin: 'email',
      xPeds: ['PED-2'],
    }),
    makeNfe(13, {
      emitter: { cnpj: OUTSIDER, name: 'Fornecedor', uf: 'PR' },
      receiver: { cnpj: CARRIER, name: 'Outro', uf: 'SP' },
      authorized: [A1.cnpj],
      roles: [{ owner: A1.cnpj, role: 'authorized' }],
      ageDays: 200,
      properties: { status: 'em processamento' },
    }),
    makeNfe(21, {
      transporter: { cnpj: A2.cnpj, name: A2.name, uf: A2.uf },
      roles: [
        { owner: A1.cnpj, role: 'emitted' },
        { owner: A2.cnpj, role: 'transporter' },
      ],
      number: '9000',
      finNFe: '2',
      flagErp: { exported: 'yes' },
    }),
    makeNfe(0, {
      accountId: 'acc_2',
      emitter: { cnpj: B1.cnpj, name: B1.name, uf: B1.uf },
      roles: [{ owner: B1.cnpj, role: 'emitted' }],
      properties: { status: 'done' },
    }),
    makeNfe(1, {
      accountId: 'acc_2',
      emitter: { cnpj: B1.cnpj, name: B1.name, uf: B1.uf },
      roles: [{ owner: B1.cnpj, role: 'emitted' }],
    }),
  ];
  return { accounts: ACCOUNTS.map((a) => ({ ...a })), nfes };
}

export function startSmall(options: EmulatorOptions = {}): Promise<Emulator> {
  return createEmulator({ port: 0, now: NOW, dataset: smallDataset(), ...options });
}

export function authHeaders(account: Pick<Account, 'apiId' | 'apiKey'> = ACCOUNTS[0]!): Record<string, string> {
  return { 'X-API-ID': account.apiId, 'X-API-KEY': account.apiKey, 'X-Use-ApiGateway': 'always' };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

export async function postV2(
  emu: Emulator,
  body: unknown,
  headers: Record<string, string> = authHeaders(),
): Promise<Answer> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return answer(
    await fetch(`${emu.url}/v2/dfe/nfe`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: payload,
    }),
  );
}

export async function get(
  emu: Emulator,
  pathAndQuery: string,
  headers: Record<string, string> = authHeaders(),
): Promise<Answer> {
  return answer(await fetch(`${emu.url}${pathAndQuery}`, { headers }));
}

/** All v2 records of a query, following the Paginator. */
export async function walkV2(
  emu: Emulator,
  body: Record<string, unknown>,
  headers: Record<string, string> = authHeaders(),
): Promise<{ records: any[]; pages: number; totals: number[] }> {
  const records: any[] = [];
  const totals: number[] = [];
  let paginator: string | null = null;
  let pages = 0;
  do {
    const r = await postV2(emu, { ...body, ...(paginator ? { Paginator: paginator } : {}) }, headers);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.text}`);
    records.push(...r.body.Nfes);
    totals.push(r.body.Total);
    paginator = r.body.Paginator;
    pages++;
  } while (paginator && pages < 10_000);
  return { records, pages, totals };
}
