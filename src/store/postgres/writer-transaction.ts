import type { Pool, PoolClient } from 'pg';
import { DependencyUnavailableError } from '../../model/dependency-unavailable.js';
import { WRITER_LOCK_KEY } from './migrations.js';
import { isUnavailability, storeCall } from './pg-failures.js';

/** How {@link writeTransaction} opens its transaction. */
export interface WriteTransactionOptions {
  /**
   * Whether to take the writers' advisory lock (default `true`). Work that writes no change
   * rows (the change log's trim) leaves it out, so that it never waits for an ingest.
   */
  readonly writersLock?: boolean;
}

/**
 * Runs `work` in one transaction under the writers' advisory lock (so writers commit one at a
 * time and their change rows are numbered in commit order), within `deadlineMs`. The deadline
 * is checked again before COMMIT, so a late transaction rolls back instead of landing after its
 * caller was told it failed. A connection that failed mid-transaction is discarded.
 *
 * @returns what `work` returned, once committed
 * @throws what `work` threw (after ROLLBACK); DependencyUnavailableError past the deadline or
 *   when the server cannot be reached
 * @example
 * const ensured = await writeTransaction(pool, 2000, (client) => writeBatches(client, batches, known));
 * const trimmed = await writeTransaction(pool, 2000, deleteRead, { writersLock: false });
 */
export async function writeTransaction<T>(
  pool: Pool,
  deadlineMs: number,
  work: (client: PoolClient) => Promise<T>,
  { writersLock = true }: WriteTransactionOptions = {},
): Promise<T> {
  const begin = writersLock ? `BEGIN; SELECT pg_advisory_xact_lock(${WRITER_LOCK_KEY})` : 'BEGIN';
  const startedMs = performance.now();
  const transaction = async (): Promise<T> => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      await client.query(begin);
      const result = await work(client);
      if (performance.now() - startedMs > deadlineMs) {
        throw new DependencyUnavailableError('store', `no commit within ${deadlineMs} ms`);
      }
      await client.query('COMMIT');
      return result;
    } catch (error) {
      failure = error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release(failure !== undefined && isUnavailability(failure));
    }
  };
  return storeCall(transaction(), deadlineMs);
}
