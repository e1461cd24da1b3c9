// When a request reached the server, as its answers' round trips tell (the rate-limit pacer's
// windows open then: pacing.ts). A round trip is the way there, the wait to be taken, the server's
// time to answer and the way back; the least round trip of answers of one size is the server's
// least time for such an answer with the least of the rest, so a round trip longer than that says
// how late the request may have reached the server at most.

/**
 * A request reaches the server at most this long after we sent it, however short the round trips
 * seen so far: a busy event loop may write it late, and a busy server take it late.
 */
const ARRIVAL_SLACK_MS = 100;

/**
 * How much sooner than its round trip shows a request may reach the server: what the shortest
 * round trip of its size class still holds of network delay and the server's jitter (designed).
 */
export const ARRIVAL_JITTER_MS = 20;

/** Answers' sizes are classed by quarter octaves (a class spans 19%). */
const SIZE_CLASSES_PER_OCTAVE = 4;

/**
 * Answers of a size class seen before their shortest round trip is taken for the server's least
 * time: the least of a few may still lie far above it (four pages at 20-400 ms of latency said
 * 653 ms where the next took 406 in all).
 */
const MIN_SAMPLES = 16;

/** The class of an answer of `bytes` bytes: a quarter octave, 19% wide. */
function sizeClass(bytes: number | undefined): number | undefined {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 1) return undefined;
  return Math.floor(Math.log2(bytes) * SIZE_CLASSES_PER_OCTAVE);
}

export class Arrivals {
  /** The shortest round trip seen: the network's part of one, with the least server time. */
  private shortest = Number.POSITIVE_INFINITY;
  /** The shortest round trip seen per class of answer size (sizeClass): the server's least time for such an answer. */
  private readonly bySize = new Map<number, { ms: number; n: number }>();
  /** Answers whose round trip was kept (bySize). */
  private answers = 0;

  /** Any answer's round trip, a 429's too. */
  roundTrip(sentAt: number, receivedAt: number): void {
    this.shortest = Math.min(this.shortest, Math.max(0, receivedAt - sentAt));
  }

  /** An answer with a body of `bytes` (a 429 has none to render): kept by its size's class. */
  answer(sentAt: number, receivedAt: number, bytes: number | undefined): void {
    const size = sizeClass(bytes);
    if (size === undefined) return;
    const roundTrip = Math.max(0, receivedAt - sentAt);
    const seen = this.bySize.get(size);
    this.answers++;
    this.bySize.set(size, { ms: Math.min(seen?.ms ?? roundTrip, roundTrip), n: (seen?.n ?? 0) + 1 });
  }

  /** How long one request a slot takes at least: the shortest round trip, or ARRIVAL_SLACK_MS. */
  sendInterval(): number {
    return Math.max(this.shortest, ARRIVAL_SLACK_MS);
  }

  /**
   * When a request sent at `sentAt` reached the server at the latest, less the least a request
   * sent now could take to reach it. Its answer came the server's least time for such an answer
   * after that, or later: the rest of its round trip, at most, it spent on the way and waiting to
   * be taken (ARRIVAL_JITTER_MS for what the least time may hold of either). That may be later
   * than the shortest round trip after the send, which is all that is known of an answer of a size
   * not seen often enough: a server whose event loop was held took the request late (the emulator,
   * on a loaded machine, up to 460 ms after it was written), and the next window's first request,
   * taken at once, met a 429.
   */
  arrivedBy(sentAt: number, receivedAt: number, bytes: number | undefined): number {
    const least = this.leastAnswerMs(bytes);
    // An answer quicker than any of its size before says the least seen is not the server's least;
    // the shortest round trip of all, of as many answers, is no more than it (a smaller answer
    // takes no longer), only further from it.
    const floor =
      least !== undefined && receivedAt - sentAt >= least
        ? least
        : this.answers >= MIN_SAMPLES
          ? this.shortest
          : undefined;
    if (floor === undefined) return Math.min(receivedAt, sentAt + this.sendInterval());
    return Math.max(sentAt, Math.min(receivedAt, receivedAt - floor + ARRIVAL_JITTER_MS));
  }

  /**
   * The least time the server has taken to answer with as many bytes as `bytes` (from half as many
   * up to its own class): the shortest round trip of answers that size, when MIN_SAMPLES of them were
   * seen. Undefined when not known.
   */
  private leastAnswerMs(bytes: number | undefined): number | undefined {
    const size = sizeClass(bytes);
    if (size === undefined) return undefined;
    let ms = Number.POSITIVE_INFINITY;
    let n = 0;
    for (let c = size - SIZE_CLASSES_PER_OCTAVE; c <= size; c++) {
      const seen = this.bySize.get(c);
      if (seen === undefined) continue;
      ms = Math.min(ms, seen.ms);
      n += seen.n;
    }
    return n >= MIN_SAMPLES ? ms : undefined;
  }
}
