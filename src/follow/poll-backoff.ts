import { MS_PER_DAY, MS_PER_MINUTE } from '../time/instant.js';

// When a follower polls again, and how long its lease lasts. Pure arithmetic, so the schedule
// can be checked against a naive oracle without any timer.

/** How long a poll may take, in ms, before it is aborted and dropped whole: 20 s. */
export const POLL_DEADLINE_MS = 20_000;

/** The longest backoff after failed polls, in ms (10 minutes), unless the interval is longer. */
export const MAX_BACKOFF_MS = 10 * MS_PER_MINUTE;

/**
 * The longest wait a source may ask for (`Retry-After`, a rate-limit reset), in ms: one day. A
 * date years ahead (a clock gone wrong at the source) must not stop following for good, and a
 * Node timer cannot wait past 24.8 days anyway.
 */
export const MAX_ASKED_WAIT_MS = MS_PER_DAY;

/**
 * The wait before the next poll, in ms. After a success (`failuresInRow` 0), the interval. After
 * the n-th failure in a row, the interval doubled n − 1 times, at most {@link MAX_BACKOFF_MS}
 * (or the interval itself when that is longer: a failure never makes a source polled more
 * often), and at least what the source asked for (`retryAfterMs`, up to
 * {@link MAX_ASKED_WAIT_MS}).
 *
 * @param everyMs - the source's interval, ms
 * @param failuresInRow - failed polls since the last success, this one included
 * @param retryAfterMs - the wait the failed poll's answer asked for, ms, if any
 * @example
 * pollDelayMs(60_000, 0); // 60_000
 * pollDelayMs(60_000, 3); // 240_000
 * pollDelayMs(60_000, 9); // 600_000 (the cap)
 * pollDelayMs(60_000, 1, 90_000); // 90_000 (Retry-After)
 */
export function pollDelayMs(everyMs: number, failuresInRow: number, retryAfterMs?: number): number {
  if (failuresInRow <= 0) return everyMs;
  const capMs = Math.max(MAX_BACKOFF_MS, everyMs);
  // 2 ** 40 times any interval of at least 1 ms is past every cap, and keeps the product finite.
  const backoffMs = Math.min(capMs, everyMs * 2 ** Math.min(failuresInRow - 1, 40));
  const askedMs =
    retryAfterMs !== undefined && retryAfterMs > 0 ? Math.min(retryAfterMs, MAX_ASKED_WAIT_MS) : 0;
  return Math.max(backoffMs, askedMs);
}

/**
 * The longest lease, in ms: one day, the longest the PostgreSQL lease takes (a dead holder must
 * not keep its sources longer).
 */
export const MAX_LEASE_TTL_MS = MS_PER_DAY;

/**
 * How often a follower holds (takes or renews) a source's lease, in ms: every half interval
 * (rounded up), whether it polls, waits, backs off or stands by.
 *
 * @example
 * leaseCheckMs(60_000); // 30_000
 */
export function leaseCheckMs(everyMs: number): number {
  return Math.ceil(everyMs / 2);
}

/**
 * How long a lease is taken for, in ms: two intervals less one {@link leaseCheckMs} (one and a
 * half intervals). A living holder renews it every half interval, also while a poll reads and
 * stores and while it backs off, so it keeps the lease with about an interval to spare. When the
 * holder dies, its last renewal came before its death, so the lease lapses at most
 * `2·everyMs − leaseCheckMs` later, and another instance, which tries every `leaseCheckMs`,
 * takes the source over at most `leaseCheckMs` after that: within two intervals of the death.
 * At most {@link MAX_LEASE_TTL_MS}, which still outlasts two tries for any interval up to a day.
 *
 * @example
 * leaseTtlMs(60_000); // 90_000
 */
export function leaseTtlMs(everyMs: number): number {
  return Math.min(MAX_LEASE_TTL_MS, 2 * everyMs - leaseCheckMs(everyMs));
}
