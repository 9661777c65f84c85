/** One fixed counting window, e.g. the UTC day or the minute that contains a request. */
export interface CounterWindow {
  /** Stable window name, part of the counter's identity (`day`, `minute`). */
  readonly name: string;
  /** Epoch milliseconds where the window starts (inclusive). */
  readonly startMs: number;
  /** Epoch milliseconds where the window ends (exclusive): the reset time. */
  readonly endMs: number;
}

/**
 * Where rate-limit counters live. `increment` must add one to the counters of **all** given
 * windows of one client in a single atomic step and return the new counts in window order;
 * doing the windows one by one would let two concurrent requests each see one counter over the
 * limit and both be refused, serving fewer than the limit. A shared implementation (the Redis
 * one of `airq/http/redis`) lets several adapter instances share limits.
 *
 * A window that starts later than the one a counter holds restarts it at 1; an earlier one (a
 * clock that stepped back, or another instance a little behind) counts in the held window.
 * A store in another process must settle within its own deadline: on a missed deadline or an
 * unreachable server it rejects with `DependencyUnavailableError('counters', …)`, which the
 * adapter answers with a 503 (or admits, when configured to fail open).
 */
export interface CounterStore {
  /**
   * @param nowMs - the rate limiter's clock (epoch ms) at this request; a shared store uses it
   *   to expire each counter when its window ends by that clock
   * @returns the new counts, in window order
   */
  increment(
    clientId: string,
    windows: readonly CounterWindow[],
    nowMs: number,
  ): Promise<readonly number[]>;
}

interface WindowCount {
  startMs: number;
  count: number;
}

/**
 * The default in-process {@link CounterStore}. JavaScript runs the whole increment without
 * interruption (nothing is awaited inside it), so it is atomic by construction. Memory is one
 * entry per client and window name: an entry is reused when its window rolls over, so nothing
 * grows with time.
 *
 * @example
 * const store = new InMemoryCounterStore();
 * const day = { name: 'day', startMs: 0, endMs: 86_400_000 };
 * await store.increment('k', [day], 0); // [1]
 * await store.increment('k', [day], 0); // [2]
 */
export class InMemoryCounterStore implements CounterStore {
  // By client, then by window name.
  readonly #counts = new Map<string, Map<string, WindowCount>>();

  async increment(clientId: string, windows: readonly CounterWindow[]): Promise<readonly number[]> {
    let byWindow = this.#counts.get(clientId);
    if (byWindow === undefined) {
      byWindow = new Map();
      this.#counts.set(clientId, byWindow);
    }
    const counts = new Array<number>(windows.length);
    for (let i = 0; i < windows.length; i++) {
      const window = windows[i] as CounterWindow;
      const entry = byWindow.get(window.name);
      if (entry === undefined) {
        byWindow.set(window.name, { startMs: window.startMs, count: 1 });
        counts[i] = 1;
        continue;
      }
      // A later window starts afresh. An earlier one (a clock that stepped back) keeps counting
      // in the newer window rather than resetting the limit.
      if (window.startMs > entry.startMs) {
        entry.startMs = window.startMs;
        entry.count = 0;
      }
      entry.count += 1;
      counts[i] = entry.count;
    }
    return counts;
  }
}
