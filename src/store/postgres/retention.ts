import type { ClientBase, Pool, PoolClient } from 'pg';
import { PARTITION_DROP_LOCK_KEY } from './migrations.js';
import { storeCall } from './pg-failures.js';
import { writeTransaction } from './writer-transaction.js';

// How the PostgreSQL store stays bounded: a horizon that reads stop at and ingests refuse
// (moved under the writers' lock), whole day partitions dropped once they lie before it, and
// a change log trimmed to what the slowest live process still has to read.

/** SQL for the horizon in epoch ms (`-Infinity` before any pruning), from `airq_retention`. */
export const RETAINED_FROM_MS = `coalesce((extract(epoch FROM retained_from) * 1000)::float8, '-Infinity')`;

/**
 * How long a process that follows the change log may go without reporting how far it has
 * read (`PostgresStore.trimChangeLog`, which the CLI calls every hour) before the others stop
 * keeping the log for it: 3 hours. Measured with the database's clock, not the data clock,
 * which `--now` may freeze. A process that comes back later forgets everything it knew.
 */
export const CHANGE_LOG_READER_TIMEOUT_MS = 3 * 3_600_000;

/**
 * The horizon as the database holds it, epoch ms; `-Infinity` before any pruning.
 *
 * @example
 * await readRetainedFrom(client); // e.g. Date.UTC(2026, 9, 22, 9, 27)
 */
export async function readRetainedFrom(client: ClientBase | Pool): Promise<number> {
  const result = await client.query<{ ms: number }>({
    name: 'airq_read_retained_from',
    text: `SELECT ${RETAINED_FROM_MS} AS ms FROM airq_retention`,
  });
  return result.rows[0]?.ms ?? Number.NEGATIVE_INFINITY;
}

/**
 * Moves the horizon forward to `atMs` (never back), inside the writers' transaction, and files
 * the move in the change log as a change of every installation's data (a row without an
 * installation, with the new horizon as `oldest_ms`): every process then forgets what it
 * derived from the samples that were cut off.
 *
 * @param atMs - whole epoch ms inside the store's time range
 * @returns the horizon after the call, epoch ms
 * @example
 * await moveHorizon(client, Date.UTC(2026, 9, 22)); // Date.UTC(2026, 9, 22), or a later one
 */
export async function moveHorizon(client: ClientBase, atMs: number): Promise<number> {
  const moved = await client.query(
    'UPDATE airq_retention SET retained_from = airq_at($1) WHERE retained_from < airq_at($1)',
    [atMs],
  );
  if (moved.rowCount === 0) return readRetainedFrom(client);
  await client.query('INSERT INTO airq_changes (installation_id, oldest_ms) VALUES (NULL, $1)', [
    atMs,
  ]);
  return atMs;
}

// Partitions of the samples and the roll-up whose upper bound is at or before the horizon,
// read from the catalog (so a partition of version 1, or one made by hand, is found too). A
// bound prints as '2026-11-22 00:00:00+00' in the connection's UTC, '… BC' before year 1.
// A partition left pending by an interrupted detach comes first: it must be finalised before
// another one can be detached.
const EXPIRED_PARTITIONS = `
SELECT p.oid::regclass::text AS parent, c.oid::regclass::text AS name,
       i.inhdetachpending AS pending
FROM pg_inherits AS i
JOIN pg_class AS c ON c.oid = i.inhrelid
JOIN pg_class AS p ON p.oid = i.inhparent
CROSS JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)') AS b(till)
WHERE i.inhparent IN ('airq_samples'::regclass, 'airq_hourly'::regclass)
  AND b.till[1]::timestamptz <= (SELECT retained_from FROM airq_retention)
ORDER BY i.inhdetachpending DESC, b.till[1]::timestamptz, 2`;

/** What `PostgresStore.pruneBefore` and `pruneExpired` did. */
export interface PostgresPruneReport {
  /** The horizon after the call, epoch ms: no sample before it is served or accepted. */
  readonly retainedFromMs: number;
  /** Partitions of samples and roll-up dropped by this call (wholly before the horizon). */
  readonly droppedPartitions: readonly string[];
  /** Such partitions left for a later call (its deadline ran out, or another process drops them). */
  readonly partitionsLeft: number;
}

interface ExpiredPartition {
  readonly parent: string;
  readonly name: string;
  readonly pending: boolean;
}

/** What one round of {@link dropExpiredPartitions} did. */
export interface DroppedPartitions {
  /** The partitions dropped, as the catalog names them. */
  readonly dropped: readonly string[];
  /**
   * Partitions wholly before the horizon left for the next round (0 when another process
   * held the drop lock: that process is dropping them).
   */
  readonly left: number;
}

/**
 * Drops the partitions of `airq_samples` and `airq_hourly` that lie wholly before the horizon,
 * one at a time, oldest first: `DETACH PARTITION … CONCURRENTLY` (PostgreSQL 14+), which takes
 * only a SHARE UPDATE EXCLUSIVE lock on the parent, so ingests and queries go on, then `DROP
 * TABLE` of the detached table, which nothing reads any more. A plain `DROP TABLE` of a
 * partition would take an ACCESS EXCLUSIVE lock on the parent and queue every query behind
 * the longest one running. A detach cut short by the deadline stays pending and is finalised
 * by the next round.
 *
 * One process at a time (a session advisory lock; a process that finds it taken leaves the
 * work to the holder and drops nothing). No new drop starts once `deadlineMs` has passed, and
 * each statement has the deadline, so a round takes at most about twice the deadline.
 *
 * @example
 * await dropExpiredPartitions(pool, 2000); // { dropped: ['airq_samples_2026_10_21', …], left: 0 }
 */
export async function dropExpiredPartitions(
  pool: Pool,
  deadlineMs: number,
): Promise<DroppedPartitions> {
  const startedMs = performance.now();
  const work = async (): Promise<DroppedPartitions> => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      const locked = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${PARTITION_DROP_LOCK_KEY}) AS locked`,
      );
      if (locked.rows[0]?.locked !== true) return { dropped: [], left: 0 };
      const dropped: string[] = [];
      let expired: readonly ExpiredPartition[] = [];
      try {
        // Listed under the lock: what another process dropped before is gone from the list.
        expired = (await client.query<ExpiredPartition>(EXPIRED_PARTITIONS)).rows;
        for (const { parent, name, pending } of expired) {
          if (performance.now() - startedMs > deadlineMs) break;
          // Names come from regclass output, quoted where needed; no parameter can stand here.
          const detach = pending ? 'FINALIZE' : 'CONCURRENTLY';
          await client.query(`ALTER TABLE ${parent} DETACH PARTITION ${name} ${detach}`);
          await client.query(`DROP TABLE ${name}`);
          dropped.push(name);
        }
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${PARTITION_DROP_LOCK_KEY})`);
      }
      return { dropped, left: expired.length - dropped.length };
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      // A connection that failed mid-way may still hold the session lock: end it.
      client.release(failure !== undefined);
    }
  };
  return storeCall(work(), 2 * deadlineMs + 1000);
}

/**
 * Reports how far this process has read the change log, forgets processes that have not
 * reported for {@link CHANGE_LOG_READER_TIMEOUT_MS}, and deletes the entries every remaining
 * one has read, in one transaction. `airq_retention.trimmed_change_id` records the newest id
 * deleted, so a process that had not read that far (one that was away too long) sees it on
 * its next poll and forgets everything instead of missing a change.
 *
 * @param readerId - this process's row in `airq_readers`
 * @param lastSeenId - the newest change id this process has applied
 * @returns how many entries were deleted
 * @example
 * await trimChanges(pool, 2000, readerId, 42); // e.g. 17
 */
export async function trimChanges(
  pool: Pool,
  deadlineMs: number,
  readerId: string,
  lastSeenId: number,
): Promise<number> {
  const trim = async (client: PoolClient): Promise<number> => {
    await client.query(
      `INSERT INTO airq_readers (reader_id, last_change_id) VALUES ($1, $2)
       ON CONFLICT (reader_id) DO UPDATE
       SET last_change_id = greatest(airq_readers.last_change_id, excluded.last_change_id),
           seen_at = now()`,
      [readerId, lastSeenId],
    );
    await client.query(
      'DELETE FROM airq_readers WHERE seen_at < now() - make_interval(secs => $1::float8 / 1000)',
      [CHANGE_LOG_READER_TIMEOUT_MS],
    );
    // This process's row was just written, so there is a minimum.
    const bound = await client.query<{ id: string }>(
      'SELECT min(last_change_id)::text AS id FROM airq_readers',
    );
    const readById = bound.rows[0]?.id ?? '0';
    const deleted = await client.query('DELETE FROM airq_changes WHERE change_id <= $1', [
      readById,
    ]);
    await client.query(
      'UPDATE airq_retention SET trimmed_change_id = greatest(trimmed_change_id, $1)',
      [readById],
    );
    return deleted.rowCount ?? 0;
  };
  // Deleting read entries writes no change rows, so it need not wait for the writers' lock.
  return writeTransaction(pool, deadlineMs, trim, { writersLock: false });
}

/**
 * Adds this process to the readers of the change log, as having read up to `lastSeenId`.
 *
 * @returns the reader's id
 * @example
 * await registerReader(client, 42); // '6f1c…'
 */
export async function registerReader(client: ClientBase, lastSeenId: number): Promise<string> {
  const result = await client.query<{ id: string }>(
    `INSERT INTO airq_readers (reader_id, last_change_id) VALUES (gen_random_uuid(), $1)
     RETURNING reader_id::text AS id`,
    [lastSeenId],
  );
  return result.rows[0]!.id; // an INSERT … RETURNING of one row
}

/**
 * Removes this process from the readers (when it closes), so the log is not kept for it.
 *
 * @example
 * await unregisterReader(pool, readerId);
 */
export async function unregisterReader(client: ClientBase | Pool, readerId: string): Promise<void> {
  await client.query('DELETE FROM airq_readers WHERE reader_id = $1', [readerId]);
}
