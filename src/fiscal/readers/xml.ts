// From bytes to a tree: encoding (UTF-8, BOMs, ISO-8859-1/Windows-1252 as declared), a strict
// well-formedness check (fast-xml-parser's own parser is lenient and would read half a file), and
// one parser configuration for every reader.
import { createRequire } from 'node:module';
import type { XMLParser } from 'fast-xml-parser';
import type { Node } from './common.js';
import { isRepeated } from './repeated.js';

export { isRepeated };

export type ReadFailure = 'empty' | 'not-xml' | 'malformed' | 'unknown' | 'unreadable';

/** Why a file yields no document: its reason is shown to the user as is. */
export class DocumentReadError extends Error {
  override name = 'DocumentReadError';
  constructor(
    readonly failure: ReadFailure,
    message: string,
    /** The root element, when the XML was well-formed. */
    readonly root?: string,
  ) {
    super(message);
  }
}

/**
 * fast-xml-parser, loaded on first use through its CommonJS build: its ES module is some twenty
 * files, 45 ms of CPU to load against 7 for the one bundled file of the same version, and a
 * thread that reads only through the renderers' light parser (xml-light.ts: a render thread)
 * never needs it at all. Every module of fiscal that parses with it gets it here, so that a
 * process loads one of its two builds, once.
 */
let fxp: typeof import('fast-xml-parser') | undefined;
export function fastXmlParser(): typeof import('fast-xml-parser') {
  fxp ??= createRequire(import.meta.url)('fast-xml-parser') as typeof import('fast-xml-parser');
  return fxp;
}

let parser: XMLParser | undefined;
function xmlParser(): XMLParser {
  parser ??= new (fastXmlParser().XMLParser)({
    // Digit strings stay strings: keys, CNPJs, series and numbers with leading zeros.
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreAttributes: false,
    removeNSPrefix: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // &#233; and friends, which XML allows and some emitters write.
    htmlEntities: true,
    // Signatures are large and never read: kept as raw text.
    stopNodes: ['*.Signature'],
    // jpath is the element's own path (`a.b.name`): its parent's is what precedes `.name`.
    isArray: (name, jpath) => isRepeated(name, String(jpath).slice(0, -name.length - 1)),
  });
  return parser;
}

interface DecodedText {
  text: string;
  warnings: string[];
}

/** Bytes to text, honouring BOMs and the declared encoding; bad UTF-8 falls back to Windows-1252. */
export function decodeXml(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), warnings: [] };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), warnings: [] };
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  if (declared && /^(iso-?8859-1|latin-?1|windows-1252|cp1252)$/.test(declared)) {
    return { text: new TextDecoder('windows-1252').decode(bytes), warnings: [] };
  }
  return utf8(bytes);
}

/**
 * One decoder for every file: decode() without `stream` keeps nothing from one call to the next,
 * and a TextDecoder made per file was some 1% of a DANFe's reading.
 */
let strictUtf8: TextDecoder | undefined;

function utf8(bytes: Uint8Array): DecodedText {
  try {
    return { text: (strictUtf8 ??= new TextDecoder('utf-8', { fatal: true })).decode(bytes), warnings: [] };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), warnings: ['not valid UTF-8: read as Windows-1252'] };
  }
}

interface ParsedXml {
  root: string;
  tree: Node;
}

/** Checks well-formedness, then parses. Throws DocumentReadError (empty, not-xml, malformed). */
export function parseXml(text: string): ParsedXml {
  const trimmed = text.trimStart();
  if (trimmed === '') throw new DocumentReadError('empty', 'empty file');
  if (!trimmed.startsWith('<')) {
    const start = JSON.stringify(trimmed.slice(0, 20));
    throw new DocumentReadError('not-xml', `not XML: starts with ${start}`);
  }
  const valid = fastXmlParser().XMLValidator.validate(trimmed);
  if (valid !== true) throw new DocumentReadError('malformed', `malformed XML: ${validationMessage(valid.err)}`);
  let tree: Node;
  try {
    tree = xmlParser().parse(trimmed) as Node;
  } catch (error) {
    // The parser refuses some well-formed input (element names such as `__proto__`).
    throw new DocumentReadError('unreadable', `cannot read the XML: ${(error as Error).message}`);
  }
  const root = Object.keys(tree).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (!root) throw new DocumentReadError('malformed', 'malformed XML: no root element');
  return { root, tree };
}

/** The validator reports a truncated file as `Invalid '["a","b"]' found.` at line 1: say it plainly. */
function validationMessage(err: { msg: string; line: number; col?: number }): string {
  const unclosed = /^Invalid '\[(.*)\]' found\.?$/s.exec(err.msg);
  if (unclosed) {
    const names = [...unclosed[1]!.matchAll(/"([^"]+)"/g)].map((m) => `<${m[1]}>`);
    return `the file ends before ${names.reverse().join(', ')} ${names.length === 1 ? 'is' : 'are'} closed (truncated?)`;
  }
  const where = err.col === undefined ? `line ${err.line}` : `line ${err.line}, column ${err.col}`;
  return `${err.msg} (${where})`;
}
