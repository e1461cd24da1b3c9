// The documents and index copies of a report cache (report-cache.ts) as the report reads them:
// small objects over the cache's columns, one per document or copy, each field read when asked.
// A folder of 200,000 documents then costs a few objects each, not a parse of every value.
import type { Party } from '../fiscal/readers/index.js';
import { SUMS, type DocumentFacts } from './facts.js';
import type { IndexCopy } from './pull-index.js';

export interface Columns {
  /** 32 bytes per file. */
  sha: Buffer;
  /** The first document of each file (one more entry: the end). */
  docStart: Uint32Array;
  /** SUMS.length per document, in cents. */
  sums: Float64Array;
  /** Per document: emitter, receiver, kind, cfop, protocol, events (numbers in the tables; -1: none), canceled. */
  docInts: Int32Array;
  /** Per document, where its id and its emission date start and end in `text`. */
  textAt: Uint32Array;
  /** Per copy: file (-1: not read), (role, owner) pair, status. */
  copyInts: Int32Array;
  text: string;
  parties: Party[];
  kinds: readonly DocumentFacts['kind'][];
  cfops: string[];
  protocols: string[];
  events: string[][];
  errors: Map<number, string>;
  keys: Map<number, string>;
  paths: Map<number, string>;
  unread: Map<number, string>;
}

/** Int32 columns per document: emitter, receiver, kind, cfop, protocol, events, canceled. */
export const DOC_INTS = 7;
/** Int32 columns per copy: file (-1: not read), (role, owner) pair, status (-1: none). */
export const COPY_INTS = 3;

const NO_EVENTS: string[] = [];
const optional = <T>(table: readonly T[], n: number): T | undefined => (n < 0 ? undefined : table[n]);

export class CachedDocument implements DocumentFacts {
  readonly id: string;

  constructor(
    private readonly c: Columns,
    private readonly d: number,
  ) {
    this.id = c.text.slice(c.textAt[d * 2]!, c.textAt[d * 2 + 1]!);
  }

  private int(i: number): number {
    return this.c.docInts[this.d * DOC_INTS + i]!;
  }

  get emitter(): Party {
    return this.c.parties[this.int(0)]!;
  }
  get receiver(): Party {
    return this.c.parties[this.int(1)]!;
  }
  get kind(): DocumentFacts['kind'] {
    return this.c.kinds[this.int(2)]!;
  }
  get cfop(): string | undefined {
    return optional(this.c.cfops, this.int(3));
  }
  get protocol(): string | undefined {
    return optional(this.c.protocols, this.int(4));
  }
  get events(): string[] {
    return optional(this.c.events, this.int(5)) ?? NO_EVENTS;
  }
  get canceled(): boolean {
    return this.int(6) === 1;
  }
  get emittedAt(): string | undefined {
    const at = this.c.textAt;
    return at[this.d * 2 + 1] === at[this.d * 2 + 2]
      ? undefined
      : this.c.text.slice(at[this.d * 2 + 1]!, at[this.d * 2 + 2]!);
  }
  get sums(): ArrayLike<number> {
    return this.c.sums.subarray(this.d * SUMS.length, (this.d + 1) * SUMS.length);
  }
}

/** A copy as the cache holds it; its status follows index lines read after the cache was written. */
export class CachedCopy implements IndexCopy {
  constructor(
    readonly columns: Columns,
    readonly n: number,
    readonly role: string,
    readonly owner: string,
    public status: string | null | undefined,
  ) {}

  private get file(): number {
    return this.columns.copyInts[this.n * COPY_INTS]!;
  }

  get key(): string {
    const own = this.columns.keys.get(this.n);
    if (own !== undefined) return own;
    const file = this.file;
    // Written without its key only when its file holds one document of that id.
    return this.columns.text.slice(
      this.columns.textAt[this.columns.docStart[file]! * 2]!,
      this.columns.textAt[this.columns.docStart[file]! * 2 + 1]!,
    );
  }
  get path(): string {
    return this.columns.paths.get(this.n) ?? '';
  }
  get sha256(): string {
    const file = this.file;
    if (file < 0) return this.columns.unread.get(this.n)!;
    return this.columns.sha.toString('hex', file * 32, file * 32 + 32);
  }
}
