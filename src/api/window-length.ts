// How long a rate-limit window lasts, learned from the X-RateLimit-Reset of successive windows when
// the quota was not told (designed here). Reset has whole seconds, rounded up: waiting for it loses
// half a second of each window on average, a tenth of a 5 s one. A window that opens with its
// first request ends its length after that request reached the server: after we wrote it, and by
// the time the pacer says (`openedBy`). So each window bounds the length from both sides, and
// windows opened at different fractions of a second narrow it down to tens of ms.

export class WindowLength {
  private lo = 0;
  private hi = Number.POSITIVE_INFINITY;
  private windows = 0;
  private lastSentAt: number | undefined;
  /** What the windows said cannot hold together: windows that do not open with their first request. */
  private broken = false;

  /** A window whose first request was written at `sentAt` and reached the server by `openedBy` ends by `resetAt`, within its last second. */
  observe(resetAt: number, sentAt: number, openedBy: number): void {
    if (sentAt !== this.lastSentAt) this.windows++;
    this.lastSentAt = sentAt;
    this.hi = Math.min(this.hi, resetAt - sentAt);
    this.lo = Math.max(this.lo, resetAt - 1000 - openedBy);
    // Windows aligned to the clock (not to their first request) say lengths that do not agree.
    if (this.lo > this.hi) this.broken = true;
  }

  /**
   * When the window opened by `openedBy` ends at the latest; undefined until two windows agreed.
   * The length is taken for a whole number of seconds when just one lies within what they say (as
   * windows are set, and Reset counts): two windows of 5 s then say 5 s, where their upper bound
   * alone comes near it only over dozens. A length that is not (5.5 s) meets a 429 at most once.
   */
  endBy(openedBy: number): number | undefined {
    if (this.broken || this.windows < 2) return undefined;
    const first = Math.ceil(this.lo / 1000) * 1000;
    const whole = first <= this.hi && first + 1000 > this.hi ? first : undefined;
    return openedBy + (whole ?? this.hi);
  }

  /** A 429 while the length was in use: it is not what the windows seemed to say. */
  reject(): void {
    if (this.windows >= 2) this.broken = true;
  }
}
