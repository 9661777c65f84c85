// The follower's arithmetic alone: the wait before the next poll against the naive backoff
// oracle, and the lease's length against the two-interval takeover it must allow.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  leaseCheckMs,
  leaseTtlMs,
  MAX_ASKED_WAIT_MS,
  MAX_BACKOFF_MS,
  POLL_DEADLINE_MS,
  pollDelayMs,
} from '../../src/follow/poll-backoff.js';
import { RUNS } from '../helpers/property-runs.js';
import { oracleDelayMs } from './follower-harness.js';

const MINUTE = 60_000;

describe('pollDelayMs', () => {
  it('doubles from the interval up to 10 minutes, and honours what the source asked for', () => {
    expect([POLL_DEADLINE_MS, MAX_BACKOFF_MS, MAX_ASKED_WAIT_MS]).toEqual([
      20_000, 600_000, 86_400_000,
    ]);
    const minutes = [0, 1, 2, 3, 4, 5, 6, 60].map((n) => pollDelayMs(MINUTE, n) / MINUTE);
    expect(minutes).toEqual([1, 1, 2, 4, 8, 10, 10, 10]);
    expect(pollDelayMs(7000, 3)).toBe(28_000);
    // An interval over the cap is never shortened by a failure.
    expect(pollDelayMs(15 * MINUTE, 4)).toBe(15 * MINUTE);
    expect(pollDelayMs(MINUTE, 1, 90_000)).toBe(90_000);
    expect(pollDelayMs(MINUTE, 4, 90_000)).toBe(8 * MINUTE);
    expect(pollDelayMs(MINUTE, 1, 30 * 86_400_000)).toBe(86_400_000);
    // A success ignores any wait asked for earlier; nonsense waits count for nothing.
    expect(pollDelayMs(MINUTE, 0, 90_000)).toBe(MINUTE);
    expect(pollDelayMs(MINUTE, 1, Number.NaN)).toBe(MINUTE);
    expect(pollDelayMs(MINUTE, 1, -5)).toBe(MINUTE);
  });

  it('equals the naive backoff for any interval, run of failures and wait asked for', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 86_400_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.option(fc.integer({ min: 0, max: 40 * 86_400_000 }), { nil: undefined }),
        (everyMs, failures, askedMs) => {
          expect(pollDelayMs(everyMs, failures, askedMs)).toBe(
            oracleDelayMs(everyMs, failures, failures === 0 ? undefined : askedMs),
          );
        },
      ),
      RUNS,
    );
  });
});

describe('leaseTtlMs and leaseCheckMs', () => {
  it('take the lease for one and a half intervals, tried every half interval', () => {
    expect([leaseTtlMs(MINUTE), leaseCheckMs(MINUTE)]).toEqual([90_000, 30_000]);
    expect([leaseTtlMs(1001), leaseCheckMs(1001)]).toEqual([1501, 501]);
    // A day at most, as the PostgreSQL lease requires; a day's interval is still renewed twice.
    expect([leaseTtlMs(86_400_000), leaseCheckMs(86_400_000)]).toEqual([86_400_000, 43_200_000]);
    expect(leaseTtlMs(16 * 3_600_000)).toBe(86_400_000);
  });

  it('let a dead holder be taken over within two intervals, and a living one keep its lease', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400_000 }), (everyMs) => {
        const [ttl, check] = [leaseTtlMs(everyMs), leaseCheckMs(everyMs)];
        // Lapse after the last renewal, then at most one try's wait.
        expect(ttl + check).toBeLessThanOrEqual(2 * everyMs);
        // A holder renews at most two tries apart (a try during a poll, the next after it).
        expect(ttl).toBeGreaterThanOrEqual(everyMs);
        expect(ttl).toBeLessThanOrEqual(86_400_000);
        expect(check).toBeGreaterThanOrEqual(1);
      }),
      RUNS,
    );
  });
});
