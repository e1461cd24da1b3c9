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
  /** A window's end was taken from the length (endBy), so a 429 since says it is wrong. */
  private used = false;

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
   * When the window opened by `openedBy` ends at the latest; undefined while nothing closer than
   * the Reset is known. The length is taken for a whole number of seconds when just one lies within
   * what the windows say (as windows are set, and Reset counts): one window of 5 s says 5 s when its
   * first request's round trip leaves one whole second within its bounds (designed here: most
   * do, and waiting for a second window lost half a second of each of the first two, 1.6% of the
   * quota over 25 s), two windows say it where their upper bound alone comes near it only over
   * dozens. A length that is not whole (5.5 s) meets a 429 at most once. The upper bound alone is
   * taken once two windows agree: one window's is past its own Reset.
   */
  endBy(openedBy: number): number | undefined {
    if (this.broken || this.windows < 1) return undefined;
    const first = Math.ceil(this.lo / 1000) * 1000;
    const whole = first <= this.hi && first + 1000 > this.hi ? first : undefined;
    if (whole === undefined && this.windows < 2) return undefined;
    this.used = true;
    return openedBy + (whole ?? this.hi);
  }

  /** A 429 while the length was in use: it is not what the windows seemed to say. */
  reject(): void {
    if (this.used) this.broken = true;
  }
}
