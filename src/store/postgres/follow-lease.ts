import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { checkNonEmptyString, checkNumberInRange } from '../../arguments/argument-checks.js';
import type { FollowedSourceName, FollowLease } from '../../follow/followed-batch.js';
import { storeCall } from './pg-failures.js';

// Which process polls a followed source when several share one database: a row per source in
// airq_follow_leases (migration 3) names the holder and when its lease ends, by the server's
// clock, so the processes' own clocks never matter. Taking and renewing are one statement, so
// two processes that try at once cannot both win: the insert of one meets the other's row, and
// the conflict's condition is judged on the row as it is once the first has committed.

// Inserts the lease, or takes over a row that has expired, or renews this holder's own; the
// row comes back only in those three cases.
const HOLD = `
INSERT INTO airq_follow_leases AS lease (source, holder, expires_at)
VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
ON CONFLICT (source) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
WHERE lease.holder = excluded.holder OR lease.expires_at <= clock_timestamp()
RETURNING holder`;

const RELEASE = 'DELETE FROM airq_follow_leases WHERE source = $1 AND holder = $2';

/** The longest lease, in ms (a day): a holder that dies must not keep its sources for longer. */
export const MAX_LEASE_MS = 86_400_000;

/**
 * A {@link FollowLease} in PostgreSQL, for one process: its holder id is random, so two
 * processes (or two leases of one process) never take each other's lease for their own. Made
 * by `PostgresStore.followLease()`, on the store's pool and deadline.
 *
 * @example
 * const lease = store.followLease();
 * if (await lease.hold('openaq', 2 * everyMs)) await pollAndStore();
 * await lease.release('openaq'); // at shutdown
 */
export class PostgresFollowLease implements FollowLease {
  /** This lease's holder id, as the lease row names it. */
  readonly holder: string;
  readonly #pool: Pool;
  readonly #deadlineMs: number;

  /**
   * @param holder - default a random UUID
   */
  constructor(pool: Pool, deadlineMs: number, holder: string = randomUUID()) {
    checkNonEmptyString('PostgresFollowLease', 'holder', holder);
    this.#pool = pool;
    this.#deadlineMs = deadlineMs;
    this.holder = holder;
  }

  /**
   * {@inheritDoc FollowLease.hold} One statement: takes a lease that is absent or expired,
   * renews this holder's own, and otherwise leaves the other holder's lease alone.
   *
   * @param ttlMs - milliseconds from now (the server's clock), in [1, {@link MAX_LEASE_MS}]
   * @throws TypeError / RangeError for a bad argument; DependencyUnavailableError when the
   *   database cannot answer within the store's deadline (the caller then holds nothing it
   *   can count on, and should not poll)
   * @example
   * await lease.hold('sensor-community', 120_000); // true: this process polls it for 2 minutes
   */
  async hold(source: FollowedSourceName, ttlMs: number): Promise<boolean> {
    checkNonEmptyString('PostgresFollowLease.hold', 'source', source);
    checkNumberInRange('PostgresFollowLease.hold', 'ttlMs', ttlMs, 1, MAX_LEASE_MS);
    const query = this.#pool.query(HOLD, [source, this.holder, Math.ceil(ttlMs)]);
    const result = await storeCall(query, this.#deadlineMs);
    return result.rowCount === 1;
  }

  /**
   * {@inheritDoc FollowLease.release} Deletes the row only when this holder holds it.
   *
   * @throws TypeError for a bad source; DependencyUnavailableError (the lease then simply
   *   expires)
   * @example
   * await lease.release('sensor-community');
   */
  async release(source: FollowedSourceName): Promise<void> {
    checkNonEmptyString('PostgresFollowLease.release', 'source', source);
    await storeCall(this.#pool.query(RELEASE, [source, this.holder]), this.#deadlineMs);
  }
}
