// Small pieces shared by the NF-e and event renderers: escaping, Brasília time, protocol numbers
// and a synthetic XML signature. XML is built with string templates because rendering must stay
// cheap when a client pages through 100k documents.
import { hashString, Rng } from './random.js';

export const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
export const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function esc(text: string): string {
  return /[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (c) => ESCAPES[c]!) : text;
}

/** `<tag>text</tag>`, escaped. */
export const el = (tag: string, text: string): string => `<${tag}>${esc(text)}</${tag}>`;

/**
 * The same string stored in one piece. V8 keeps the result of `a + b + c` as a tree of its parts
 * (a "cons string", several objects) until it is read, and strings like these are kept for each
 * of 100k documents. Upper-casing makes a flat copy and leaves digits, dates and amounts as they
 * are: only for strings without lower-case letters.
 */
export function flatDigits(text: string): string {
  return text.toUpperCase();
}

/**
 * `text` in one piece, whatever it holds (flatDigits says why pieces cost): for text made once and
 * kept, which each document that repeats it would otherwise walk piece by piece when its XML is
 * encoded. JSON keeps every string as it is, lone surrogates included.
 */
export function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/**
 * The block of `key` rendered once and kept: the parts of a document that repeat in many (a
 * party's, a product's) cost a lookup, not a rendering. `cache` is bounded by its keys (the
 * dataset's parties and products), not by the documents.
 */
export function kept<K extends object>(cache: WeakMap<K, string>, key: K, render: (key: K) => string): string {
  let block = cache.get(key);
  if (block === undefined) {
    block = flat(render(key));
    cache.set(key, block);
  }
  return block;
}

const BRT_OFFSET_S = 3 * 3600;
const DAY_S = 86_400;
const DAY_MS = DAY_S * 1000;
/** Character codes of "YYYY-MM-DDT" by day number: a year of documents uses a few hundred days. */
const dayCodes = new Map<number, number[]>();
const ZERO = 48;
const COLON = 58;
const MINUS = 45;

function codesOfDay(day: number): number[] {
  let codes = dayCodes.get(day);
  if (!codes) {
    codes = Array.from(new Date(day * DAY_MS).toISOString().slice(0, 11), (c) => c.charCodeAt(0));
    dayCodes.set(day, codes);
  }
  return codes;
}

/**
 * An instant as the documents write it: Brasília time with its offset, 2026-03-10T14:22:10-03:00.
 * Brazil has had no daylight saving since 2019, so -03:00 holds all year. This runs for every
 * generated date (several per document, 100k documents), so it makes the string from character
 * codes in one call: no Date, no pieces to concatenate and flatten (see flatDigits).
 */
export function brt(ms: number): string {
  const local = Math.floor(ms / 1000) - BRT_OFFSET_S;
  const day = Math.floor(local / DAY_S);
  const d = codesOfDay(day);
  const seconds = local - day * DAY_S;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = seconds % 60;
  return String.fromCharCode(
    d[0]!,
    d[1]!,
    d[2]!,
    d[3]!,
    d[4]!,
    d[5]!,
    d[6]!,
    d[7]!,
    d[8]!,
    d[9]!,
    d[10]!,
    ZERO + Math.floor(h / 10),
    ZERO + (h % 10),
    COLON,
    ZERO + Math.floor(m / 10),
    ZERO + (m % 10),
    COLON,
    ZERO + Math.floor(s / 10),
    ZERO + (s % 10),
    MINUS,
    ZERO,
    ZERO + 3,
    COLON,
    ZERO,
    ZERO,
  );
}

/** The Brasília calendar date of an instant, YYYY-MM-DD. */
export const brtDate = (ms: number): string => brt(ms).slice(0, 10);

/** Any date-time the caller has (ISO with offset or Z) as a Brasília time, or throws. */
export function toBrt(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`not a date-time: ${value}`);
  return brt(ms);
}

/** Where the random bytes of a signature are drawn before their base64: one buffer for all. */
const drawn = Buffer.alloc(512);

/** `bytes` random bytes in base64 (at most drawn's length, a signature's 256 or a certificate's 480). */
const base64 = (rng: Rng, bytes: number): string => rng.fill(drawn, bytes).toString('base64', 0, bytes);

/** Certificates by signer: one per company, as real ones are, and made once. */
const certificates = new Map<string, string>();

function certificateOf(signer: string): string {
  let cert = certificates.get(signer);
  if (cert === undefined) {
    cert = base64(new Rng(hashString(`certificate:${signer}`)), 480);
    certificates.set(signer, cert);
  }
  return cert;
}

/** digVal / DigestValue: 20 bytes (SHA-1 size) in base64, the same for the same document. */
export const digestOf = (id: string): string => base64(new Rng(hashString(`digest:${id}`)), 20);

/** Ten digits that stand for the sequential part of a protocol number. */
const tenDigits = (text: string): string => String(hashString(text)).padStart(10, '0').slice(-10);

/**
 * nProt of the authorization: 1 (state tax office), cUF, two digits of the year, a sequence.
 * The year comes from the access key (AAMM), so the number follows from the key alone.
 */
export function authorizationProtocol(accessKey: string): string {
  return `1${accessKey.slice(0, 2)}${accessKey.slice(2, 4)}${tenDigits(`prot:${accessKey}`)}`;
}

/**
 * nProt of an event registered at `at` (its dhEvento, ISO 8601): the year is the event's, not the
 * document's (a note of December manifested in January has a protocol of the new year).
 * Manifestations are registered by the national environment (91).
 */
export function eventProtocol(accessKey: string, type: string, seq: number, at: string): string {
  const organ = type.startsWith('2102') ? '91' : accessKey.slice(0, 2);
  const year = /^\d{4}-/.test(at) ? at.slice(2, 4) : accessKey.slice(2, 4);
  return `${organ === '91' ? 8 : 1}${organ}${year}${tenDigits(`event:${accessKey}:${type}:${seq}`)}`;
}

/**
 * An enveloped xmldsig Signature with the algorithms the NF-e schema fixes. Its values are valid
 * base64 but sign nothing: the emulator holds no certificate, and clients do not verify them.
 * The certificate is per signer, as a real one would be.
 */
export function signatureXml(referenceId: string, signer: string, digest = digestOf(referenceId)): string {
  const rng = new Rng(hashString(`signature:${referenceId}`));
  return (
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
    '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
    '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>' +
    `<Reference URI="#${referenceId}"><Transforms>` +
    '<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>' +
    '<Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>' +
    '<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>' +
    `<DigestValue>${digest}</DigestValue></Reference></SignedInfo>` +
    `<SignatureValue>${base64(rng, 256)}</SignatureValue>` +
    `<KeyInfo><X509Data><X509Certificate>${certificateOf(signer)}</X509Certificate></X509Data></KeyInfo></Signature>`
  );
}
