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
 * one `try` around the call and {@link recover} on the result. `arg` is handed to `next`, so a
 * function declared once can continue a request without a closure made for it.
 *
 * @example
 * whenReady(2, (n) => n + 1);                  // 3
 * await whenReady(Promise.resolve(2), (n) => n + 1); // 3
 * whenReady(2, (n, step) => n + step, 10);      // 12
 */
export function whenReady<T, R, A = undefined>(
  value: MaybePromise<T>,
  next: (ready: T, arg: A) => MaybePromise<R>,
  arg?: A,
): MaybePromise<R> {
  return isPromise(value) ? value.then((ready) => next(ready, arg as A)) : next(value, arg as A);
}

/**
 * Runs `onError` on a failure of `work`, which may throw now or reject later: the one place the
 * core turns both into an answer. `arg` is handed to both, as in {@link whenReady}.
 *
 * @example
 * recover(() => { throw new Error('x'); }, () => 'handled');              // 'handled'
 * await recover(() => Promise.reject(new Error('x')), () => 'handled'); // 'handled'
 */
export function recover<R, A = undefined>(
  work: (arg: A) => MaybePromise<R>,
  onError: (thrown: unknown, arg: A) => MaybePromise<R>,
  arg?: A,
): MaybePromise<R> {
  let result: MaybePromise<R>;
  try {
    result = work(arg as A);
  } catch (thrown) {
    return onError(thrown, arg as A);
  }
  return isPromise(result) ? result.catch((thrown) => onError(thrown, arg as A)) : result;
}
