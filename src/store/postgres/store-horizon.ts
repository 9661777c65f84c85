import type { Pool, PoolClient } from 'pg';
import { checkFiniteNumber } from '../../arguments/argument-checks.js';
import { type IngestPlan, planIngest } from '../ingest-plan.js';
import type { Sample } from '../ingest-report.js';
import type { InstallationRegistry } from '../installation-registry.js';
import type { ChangeFeed } from './change-feed.js';
import {
  dropExpiredPartitions,
  moveHorizon,
  type PostgresPruneReport,
  readRetainedFrom,
} from './retention.js';
import { EARLIEST_SAMPLE_MS } from './sample-writes.js';
import { storeBound } from './window-averages-query.js';
import { writeTransaction } from './writer-transaction.js';

// The retention horizon as one `PostgresStore` sees it: the database holds the true one, this
// process's change feed a copy that only moves forward. Writers read the true one inside their
// transaction, where no other process can move it before the commit.

/**
 * What a `PostgresStore` lends the functions that read or move the horizon on its behalf: built
 * once from its private fields, so the class stays the only owner of its state.
 */
export interface HorizonParts {
  readonly pool: Pool;
  /** The deadline of every call to the server, ms. */
  readonly deadlineMs: number;
  /** This process's view of the change log and of the horizon. */
  readonly feed: ChangeFeed;
  /** The store's own `refresh`, which rejects when the server does not answer in time. */
  readonly refresh: () => Promise<void>;
}

/**
 * Plans an ingest against `registry` that refuses samples before `horizonMs`, and before 4001
 * BC in any case (see {@link EARLIEST_SAMPLE_MS}).
 *
 * @param horizonMs - epoch ms; `-Infinity` for none
 * @example
 * planWithinHorizon(samples, registry, Date.UTC(2026, 9, 22)).rejected; // the older samples
 */
export function planWithinHorizon(
  samples: readonly Sample[],
  registry: InstallationRegistry,
  horizonMs: number,
): IngestPlan {
  return planIngest(samples, registry.ingestContext(Math.max(EARLIEST_SAMPLE_MS, horizonMs)));
}

/**
 * The database's horizon, read inside a writer's transaction (so it cannot move before the
 * commit), and noted in `feed` as this process's.
 *
 * @returns epoch ms; `-Infinity` before any pruning
 * @example
 * await readHorizon(client, feed); // e.g. Date.UTC(2026, 9, 22)
 */
export async function readHorizon(client: PoolClient, feed: ChangeFeed): Promise<number> {
  const storedFromMs = await readRetainedFrom(client);
  feed.noteRetainedFrom(storedFromMs);
  return storedFromMs;
}

/**
 * The body of `PostgresStore.pruneBefore`: checks `atMs`, moves the horizon in a writer's
 * transaction, refreshes (a failure is left to the next refresh), then drops the partitions
 * wholly before the horizon within the deadline.
 *
 * @param atMs - epoch ms
 * @throws RangeError when `atMs` is not a finite number; DependencyUnavailableError
 * @example
 * await moveStoreHorizon(parts, Date.UTC(2026, 9, 22));
 * // { retainedFromMs: Date.UTC(2026, 9, 22), droppedPartitions: [...], partitionsLeft: 0 }
 */
export async function moveStoreHorizon(
  parts: HorizonParts,
  atMs: number,
): Promise<PostgresPruneReport> {
  checkFiniteNumber('PostgresStore.pruneBefore', 'atMs', atMs);
  const { pool, deadlineMs, feed } = parts;
  const move = (client: PoolClient) => moveHorizon(client, storeBound(atMs));
  feed.noteRetainedFrom(await writeTransaction(pool, deadlineMs, move));
  // This process's caches follow the change filed with the move, as other processes' do.
  await parts.refresh().catch(() => undefined);
  const { dropped, left } = await dropExpiredPartitions(pool, deadlineMs);
  return Object.freeze({
    retainedFromMs: feed.retainedFromMs,
    droppedPartitions: Object.freeze(dropped),
    partitionsLeft: left,
  });
}

/**
 * The report of a pruning that moved nothing: the horizon as this process knows it.
 *
 * @param retainedFromMs - epoch ms; `-Infinity` for none
 * @example
 * unmovedHorizon(-Infinity);
 * // { retainedFromMs: -Infinity, droppedPartitions: [], partitionsLeft: 0 }
 */
export function unmovedHorizon(retainedFromMs: number): PostgresPruneReport {
  return Object.freeze({
    retainedFromMs,
    droppedPartitions: Object.freeze([]),
    partitionsLeft: 0,
  });
}
