// Base64 values decoded straight from an answer's bytes (src/api/binary-fields.ts): the parsed
// body and the bytes must be exactly what parsing the text and decoding each value gives.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftBase64Fields } from '../../../src/api/binary-fields.js';
import { withBinaryFields } from '../../../src/api/http-views.js';
import { createHttpClient, newHttpStats, type HttpClient } from '../../../src/api/http.js';
import { readAnswer } from '../../../src/api/http-answer.js';
import { nfeV1Pages, nfeV2Pages } from '../../../src/api/nfe.js';
import { collect } from '../../../src/api/paginate.js';
import { phpJsonEncodings } from '../../../src/api/wire/common.js';
import { nfeV1PageSchema } from '../../../src/api/wire/nfe.js';
import { emulatorEnv, startEmulator, type TestEmulator } from '../../helpers/emulator.js';
import { createFakeClock, createMemoryLogger } from '../../helpers/scripted-server.js';

const TAG = '\u0000t.';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const XML_A = '<?xml version="1.0"?><nfeProc>São Paulo ÿ ~~~ ???</nfeProc>';
const XML_B = '<a>'.repeat(500);

/** The body as JSON.parse reads it, each lifted mark put back as the base64 of its bytes. */
function unlift(value: unknown, lifted: Buffer[]): unknown {
  if (typeof value === 'string' && value.startsWith(TAG))
    return lifted[Number(value.slice(TAG.length))]!.toString('base64');
  if (Array.isArray(value)) return value.map((v) => unlift(v, lifted));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unlift(v, lifted)]));
  return value;
}

describe('liftBase64Fields', () => {
  it('lifts every value of the names asked for, in order, and parses the rest as JSON.parse does', () => {
    const body = {
      Nfes: [
        { AccessKey: '1'.repeat(44), Xml: b64(XML_A), Note: 'São "Paulo" \\ \u2028' },
        { AccessKey: '2'.repeat(44), Xml: b64(XML_B), xml: b64('<b/>') },
        { AccessKey: '3'.repeat(44), Xml: null },
      ],
      Paginator: 'p/2',
    };
    const bytes = Buffer.from(JSON.stringify(body));
    const { text, lifted } = liftBase64Fields(bytes, ['Xml', 'xml'], TAG);
    expect(lifted.map((b) => b.toString('utf8'))).toEqual([XML_A, XML_B, '<b/>']);
    const parsed = JSON.parse(text) as typeof body;
    expect(parsed.Nfes.map((n) => n.Xml)).toEqual([`${TAG}0`, `${TAG}1`, null]);
    expect(unlift(parsed, lifted)).toEqual(body);
    // Nothing asked for: the text as it came, non-ASCII included.
    expect(liftBase64Fields(bytes, ['Other'], TAG)).toEqual({ text: bytes.toString('utf8'), lifted: [] });
  });

  it("decodes PHP's escaped slashes, and leaves a value with any other escape to the parser", () => {
    const slashy = Buffer.from([0xff, 0xfe, 0xfd, 0xfc, 0x3f, 0xbf]).toString('base64');
    expect(slashy).toContain('/');
    const text = `{"data":[{"xml":"${slashy.replaceAll('/', '\\/')}"},{"xml":"QUJD\\n"},{"xml":"QU\\"JD"}]}`;
    const { text: rest, lifted } = liftBase64Fields(Buffer.from(text), ['xml'], TAG);
    expect(lifted).toEqual([Buffer.from(slashy, 'base64')]);
    expect(JSON.parse(rest)).toEqual({ data: [{ xml: `${TAG}0` }, { xml: 'QUJD\n' }, { xml: 'QU"JD' }] });
  });

  it('never takes a key that only ends like one for its name (an escaped quote before it)', () => {
    const text = '{"a\\"Xml":"QUJD","b":"x\\"Xml\\":\\"QUJD","Xml":"REVG"}';
    const { text: rest, lifted } = liftBase64Fields(Buffer.from(text), ['Xml'], TAG);
    expect(lifted.map((b) => b.toString())).toEqual(['DEF']);
    expect(JSON.parse(rest)).toEqual({ 'a"Xml': 'QUJD', b: 'x"Xml":"QUJD', Xml: `${TAG}0` });
  });

  it('a body cut inside a value is left whole to the parser, which refuses it', () => {
    const { text, lifted } = liftBase64Fields(Buffer.from('{"data":[{"xml":"QUJD'), ['xml'], TAG);
    expect(lifted).toEqual([]);
    expect(() => JSON.parse(text)).toThrow();
  });
});

describe('readAnswer with lifted values', () => {
  const env = () => ({
    stats: newHttpStats(),
    redact: (t: string) => t,
    warn: () => undefined,
    baseUrl: 'http://127.0.0.1:1',
  });
  const xml = Buffer.from([0xfb, 0xff, 0xbf, 0x3c, 0x61, 0x3e]).toString('base64');
  const data = [{ access_key: '3'.repeat(44), xml }];
  const page = (signature: string) =>
    Buffer.from(
      `{"status":{"code":200,"message":"OK"},"data":${phpJsonEncodings(data)[0]},"page":{"previous":"http://x/v1/nfe/received?cursor=0","next":"http://x/v1/nfe/received?cursor=1"},"count":1,"signature":"${signature}"}`,
    );
  const signature = createHash('sha256').update(phpJsonEncodings(data)[0]!).digest('hex');
  const answer = (bytes: Buffer, lastMismatch = {}) =>
    readAnswer(
      {
        ro: {
          method: 'GET',
          path: '/v1/nfe/received',
          schema: nfeV1PageSchema,
          verifySignature: true,
          binary: { names: ['xml'], tag: TAG },
        },
        status: 200,
        headers: {},
        rl: {},
        bytes,
        lastMismatch,
      },
      env(),
    );

  it('R14: checks the signature of the page as sent, then hands over the bytes', () => {
    expect(page(signature).includes('\\/')).toBe(true);
    const result = answer(page(signature));
    if (!('ok' in result)) throw new Error(`expected an answer, got ${result.failed.describe}`);
    expect(result.ok.body.data[0]!.xml).toBe(`${TAG}0`);
    expect(result.ok.lifted).toEqual([Buffer.from(xml, 'base64')]);
  });

  it('R14: a page whose signature does not match is retried, as without lifting', () => {
    const result = answer(page('0'.repeat(64)));
    expect('failed' in result && result.failed.kind).toBe('signature');
  });
});

describe('withBinaryFields over HTTP', () => {
  let emu: TestEmulator;
  let http: HttpClient;
  beforeAll(async () => {
    emu = await startEmulator({ docs: 120 });
    const env = emulatorEnv(emu);
    http = createHttpClient({
      baseUrl: env.FISCAL_BASE_URL!,
      apiId: env.FISCAL_API_ID!,
      apiKey: env.FISCAL_API_KEY!,
      userAgent: 't',
      clock: createFakeClock(),
      log: createMemoryLogger(),
    });
  });
  afterAll(async () => {
    await http.close();
    await emu?.close();
  });

  it('v1 and v2 pages give the same documents, byte for byte, as the base64 the plain client reads', async () => {
    const lifting = withBinaryFields(http, ['xml', 'Xml']);
    const q = { cursor: 0, limit: 50 };
    const plain1 = await collect(nfeV1Pages(http, 'received', q));
    const lifted1 = await collect(nfeV1Pages(lifting, 'received', q));
    const v1 = plain1.flatMap((p) => p.items);
    expect(v1.length).toBeGreaterThan(10);
    const bytes1 = lifted1.flatMap((p) => p.items).map((i) => lifting.bytesOf(i.xml as string));
    expect(bytes1).toEqual(v1.map((i) => Buffer.from(i.xml as string, 'base64')));

    const req = {
      Fields: ['AccessKey' as const, 'Xml' as const],
      Limit: 500,
      Filters: { EmissionDate: { From: '2000-01-01' } },
    };
    const plain2 = (await collect(nfeV2Pages(http, req))).flatMap((p) => p.items);
    const lifted2 = (await collect(nfeV2Pages(lifting, req))).flatMap((p) => p.items);
    expect(lifted2.map((r) => r.AccessKey)).toEqual(plain2.map((r) => r.AccessKey));
    expect(lifted2.map((r) => lifting.bytesOf(r.Xml!))).toEqual(plain2.map((r) => Buffer.from(r.Xml!, 'base64')));
    // Handed over once: the view keeps nothing after.
    expect(lifted2[0]!.Xml!.startsWith('\u0000')).toBe(true);
    expect(lifting.bytesOf(lifted2[0]!.Xml!)).not.toEqual(Buffer.from(plain2[0]!.Xml!, 'base64'));
  });
});
