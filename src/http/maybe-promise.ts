// The adapter's request path goes through ports that may live in this process (the in-memory
// counters, the key ring, a cached body) or in another one (Redis, PostgreSQL, a compression
// thread). An `await` costs a trip through the microtask queue even when the value is already
// there, and on a cached route those trips were most of the core's time. So the core passes
// values that may or may not be promises, and waits only when one is.

/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Whether `value` is a promise (or any thenable, which `await` would also wait for).
 *
 * @example
 * isPromise(Promise.resolve(1)); // true
 * isPromise(1);                  // false
 */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Runs `next` on `value` at once when it is there, else when the promise settles. A throw in
 * `next` throws now in the first case and rejects in the second, so a caller covers both with
 * one `try` around the call and {@link recover} on the result.
 *
 * @example
 * whenReady(2, (n) => n + 1);                  // 3
 * await whenReady(Promise.resolve(2), (n) => n + 1); // 3
 */
export function whenReady<T, R>(
  value: MaybePromise<T>,
  next: (ready: T) => MaybePromise<R>,
): MaybePromise<R> {
  return isPromise(value) ? value.then(next) : next(value);
}

/**
 * Runs `onError` on a failure of `work`, which may throw now or reject later: the one place the
 * core turns both into an answer.
 *
 * @example
 * recover(() => { throw new Error('x'); }, () => 'handled');              // 'handled'
 * await recover(() => Promise.reject(new Error('x')), () => 'handled'); // 'handled'
 */
export function recover<R>(
  work: () => MaybePromise<R>,
  onError: (thrown: unknown) => MaybePromise<R>,
): MaybePromise<R> {
  let result: MaybePromise<R>;
  try {
    result = work();
  } catch (thrown) {
    return onError(thrown);
  }
  return isPromise(result) ? result.catch(onError) : result;
}
