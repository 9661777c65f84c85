// Response times at 10 µs resolution. autocannon's own histogram keeps whole milliseconds,
// which is too coarse when a bare server answers in well under one.

/** Width of one bucket, ms. */
const BUCKET_MS = 0.01;
/** Times above this land in the last bucket, ms. */
const MAX_TRACKED_MS = 10_000;

/** A fixed-bucket histogram of response times (no allocation per recorded value). */
export class LatencyHistogram {
  readonly #counts = new Uint32Array(Math.ceil(MAX_TRACKED_MS / BUCKET_MS) + 1);
  #total = 0;

  /** How many times were recorded. */
  get count(): number {
    return this.#total;
  }

  /**
   * Records one response time.
   *
   * @param ms - milliseconds (negative or NaN counts as 0)
   * @example
   * histogram.record(1.234);
   */
  record(ms: number): void {
    const bucket = ms > 0 ? Math.min(Math.floor(ms / BUCKET_MS), this.#counts.length - 1) : 0;
    this.#counts[bucket]! += 1; // bucket < length
    this.#total += 1;
  }

  /**
   * Adds every value of another histogram (e.g. the rounds of one case).
   *
   * @example
   * all.add(round1); all.add(round2);
   */
  add(other: LatencyHistogram): void {
    for (let i = 0; i < this.#counts.length; i++) this.#counts[i]! += other.#counts[i]!; // same length
    this.#total += other.#total;
  }

  /**
   * The time at or below which `percent` % of the recorded values lie (the upper edge of the
   * bucket that holds that rank), ms; `undefined` when nothing was recorded.
   *
   * @example
   * // after record(1), record(2), record(3):
   * histogram.percentile(50); // 2.01
   */
  percentile(percent: number): number | undefined {
    if (this.#total === 0) return undefined;
    const rank = Math.max(1, Math.ceil((percent / 100) * this.#total));
    let seen = 0;
    for (let i = 0; i < this.#counts.length; i++) {
      seen += this.#counts[i]!; // i < length
      if (seen >= rank) return Math.round((i + 1) * BUCKET_MS * 100) / 100;
    }
    return MAX_TRACKED_MS;
  }
}
