// A store or counter store that lives in another process (PostgreSQL, Redis) can be down or
// hung. Every call to one gets a deadline, and a call that misses it or fails to reach its
// server rejects with this one error type, which the adapter answers with a JSON 503. Keeping
// the type here, below both the stores and the adapter, lets each side name it without
// importing the other.

/** Which outside dependency failed: the measurement store or the rate-limit counters. */
export type DependencyName = 'store' | 'counters';

/**
 * Thrown (rejected) when a dependency in another process does not answer in time or cannot be
 * reached. The adapter maps it to `503 SERVICE_UNAVAILABLE` with `Retry-After`; other errors
 * stay 500s.
 *
 * @example
 * const error = new DependencyUnavailableError('store', 'no answer within 2000 ms');
 * error.message; // 'store unavailable: no answer within 2000 ms'
 */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
  readonly dependency: DependencyName;

  constructor(dependency: DependencyName, reason: string, options?: { cause?: unknown }) {
    super(`${dependency} unavailable: ${reason}`, options);
    this.dependency = dependency;
  }
}

/**
 * `work`, or a rejection with {@link DependencyUnavailableError} when it has not settled within
 * `deadlineMs`. The timer is cleared as soon as `work` settles, so nothing keeps the process
 * alive. The work itself is not cancelled: callers that can cancel (a query timeout, an aborted
 * command) should also do so.
 *
 * @param deadlineMs - milliseconds, a positive finite number
 * @example
 * await withDeadline(Promise.resolve(1), 2000, 'store'); // 1
 */
export function withDeadline<T>(
  work: Promise<T>,
  deadlineMs: number,
  dependency: DependencyName,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DependencyUnavailableError(dependency, `no answer within ${deadlineMs} ms`)),
      deadlineMs,
    );
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}
