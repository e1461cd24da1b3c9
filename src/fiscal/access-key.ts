// Access keys (chave de acesso), R7: 44 digits, the last one a mod-11 check digit.
import { DOC_TYPES, docType, typeOfModel, typesWith, type KeyedDocType } from './doc-types.js';

/** The access-key models: each keyed document type's (doc-types.ts), and the CF-e SAT's, which only inspect reads. */
export const MODELS = {
  ...(Object.fromEntries(typesWith('model').map((t) => [DOC_TYPES[t].model, t])) as {
    [T in KeyedDocType as (typeof DOC_TYPES)[T]['model']]: T;
  }),
  '59': 'cfe',
} as const;
export type ModelCode = keyof typeof MODELS;

/** What a key of `model` is, in messages: `an NF-e`. */
export function modelName(model: ModelCode): string {
  const type = typeOfModel(model);
  return type ? `${docType(type).article} ${docType(type).name}` : 'a CF-e';
}

interface AccessKeyParts {
  uf: string;
  yymm: string;
  issuer: string;
  model: string;
  series: string;
  number: string;
  emissionType: string;
  code: string;
  checkDigit: string;
}

/** Mod-11 check digit over the 43 first digits, weights 2..9 from the right. */
export function accessKeyCheckDigit(first43: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += Number(first43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  return String(digit >= 10 ? 0 : digit);
}

/** A key as printed on a DANFe (groups of 4), with dots, or as an XML Id (`NFe3526...`). */
const PASTED_KEY = /^(?:NFe|NFCe|CTe|CTeOS|MDFe|CFe)?\s*(\d[\d\s.]*\d)$/i;

/**
 * An access key as people paste it, made the 44 digits the API takes: `2926 1092 1939 ...` (as a
 * DANFe prints it) and `NFe2926...` (as an XML Id writes it). Anything else is given back as it
 * is, to be refused with the one wording of a bad key (accessKeyProblem).
 */
export function pastedAccessKey(raw: string): string {
  const m = PASTED_KEY.exec(raw.trim());
  const digits = m?.[1]!.replace(/[\s.]/g, '');
  return digits?.length === 44 ? digits : raw;
}

/** The one wording of a bad key, wherever it was read (`where`: ` (standard input, line 3)`). */
export const badAccessKey = (raw: string, problem: string, where = ''): string =>
  `invalid access key "${raw}"${where}: ${problem}`;

/** Why `value` is not a valid access key, or undefined when it is one. */
export function accessKeyProblem(value: string): string | undefined {
  if (!/^\d+$/.test(value)) return 'an access key has digits only';
  if (value.length !== 44) return `an access key has 44 digits, this one has ${value.length}`;
  const expected = accessKeyCheckDigit(value.slice(0, 43));
  if (value[43] !== expected) return `check digit is ${value[43]}, expected ${expected}`;
  return undefined;
}

export function isAccessKey(value: string): boolean {
  return accessKeyProblem(value) === undefined;
}

export function buildAccessKey(parts: Omit<AccessKeyParts, 'checkDigit'>): string {
  const body =
    parts.uf.padStart(2, '0') +
    parts.yymm +
    parts.issuer.padStart(14, '0') +
    parts.model +
    parts.series.padStart(3, '0') +
    parts.number.padStart(9, '0') +
    parts.emissionType +
    parts.code.padStart(8, '0');
  if (body.length !== 43 || !/^\d+$/.test(body))
    throw new Error(`cannot build an access key from ${JSON.stringify(parts)}`);
  return body + accessKeyCheckDigit(body);
}

export function parseAccessKey(key: string): AccessKeyParts {
  return {
    uf: key.slice(0, 2),
    yymm: key.slice(2, 6),
    issuer: key.slice(6, 20),
    model: key.slice(20, 22),
    series: key.slice(22, 25),
    number: key.slice(25, 34),
    emissionType: key.slice(34, 35),
    code: key.slice(35, 43),
    checkDigit: key.slice(43, 44),
  };
}

/**
 * The emission dates (`YYYY-MM-DD`, for an EmissionDate `{From, To}` filter) that surely hold the
 * documents of `keys`: their AAMM months, from the first month's first day to the last month's
 * last day, one day wider on each side because AAMM is the emitter's local month and filters read
 * Brasília time (Fernando de Noronha is an hour ahead of it, Acre two behind).
 */
export function emissionWindowOfKeys(keys: readonly string[]): { From: string; To: string } {
  const months = keys.map((k) => Number(`20${k.slice(2, 4)}`) * 12 + Number(k.slice(4, 6)) - 1);
  const first = Math.min(...months);
  const last = Math.max(...months);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const DAY = 86_400_000;
  return {
    From: day(Date.UTC(Math.floor(first / 12), first % 12, 1) - DAY),
    To: day(Date.UTC(Math.floor((last + 1) / 12), (last + 1) % 12, 1)),
  };
}
