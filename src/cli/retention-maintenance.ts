import type { ApiLogger } from '../http/core-request.js';
import type { InMemoryStore } from '../store/in-memory-store.js';
import type { JournaledStore } from '../store/journaled-store.js';
import type { PostgresStore } from '../store/postgres/postgres-store.js';
import { formatTimestamp } from '../time/instant.js';

// Retention while `airq` serves: the horizon follows the data clock every hour, and PostgreSQL's
// change log is trimmed with it. The sample network in memory is not handled here: it is
// pruned as it produces, so that its next readings always lie after the horizon.

/**
 * How often a running server applies `--retention` to the data clock and trims PostgreSQL's
 * change log, ms: every hour. Each pruning that removes samples changes every installation's
 * data version, so more often would empty every cache more often for little storage.
 */
export const PRUNE_INTERVAL_MS = 3_600_000;

/** What {@link startRetentionMaintenance} keeps bounded, and how often. */
export interface RetentionMaintenanceOptions {
  /** The store served from PostgreSQL: pruned to its own `retentionMs`, its change log trimmed. */
  readonly database: PostgresStore | undefined;
  /**
   * Served from memory without a database: pruned to `retentionMs`. A `JournaledStore` (live
   * writes) rewrites its journal without the pruned samples too.
   */
  readonly loaded: InMemoryStore | JournaledStore | undefined;
  /** `--retention` in ms; `undefined` for none (the change log is trimmed all the same). */
  readonly retentionMs: number | undefined;
  /** The data clock, epoch ms (`--now`, or the wall clock). */
  readonly dataClock: () => number;
  /** Between two runs, ms; default {@link PRUNE_INTERVAL_MS}. */
  readonly intervalMs?: number;
  /** Where storage trimmed (info) and a failed run (error) are told. */
  readonly logger?: ApiLogger | undefined;
}

/** The running maintenance. */
export interface RetentionMaintenance {
  /** Ends the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Applies the retention every `intervalMs` while serving, to `database` (with the trim of its
 * change log, logged when either removed something) or else to `loaded`; with a database also
 * once right away, since it may hold what other instances have long been serving. One run at a
 * time; a failure is logged and tried again at the next interval. The timer keeps no process
 * alive.
 *
 * @returns `undefined` when there is neither a database nor loaded files (nothing to prune)
 * @example
 * const maintenance = startRetentionMaintenance({
 *   database, loaded: undefined, retentionMs: 30 * 86_400_000, dataClock: Date.now,
 * });
 * await maintenance?.stop();
 */
export function startRetentionMaintenance({
  database,
  loaded,
  retentionMs,
  dataClock,
  intervalMs = PRUNE_INTERVAL_MS,
  logger,
}: RetentionMaintenanceOptions): RetentionMaintenance | undefined {
  if (database === undefined && loaded === undefined) return undefined;
  const prune = async () => {
    if (database === undefined) {
      if (retentionMs !== undefined) await loaded?.pruneBefore(dataClock() - retentionMs);
      return;
    }
    const { retainedFromMs, droppedPartitions } = await database.pruneExpired(dataClock());
    const changesRemoved = await database.trimChangeLog();
    const [retainedFrom, dropped] = [formatTimestamp(retainedFromMs), droppedPartitions.length];
    const fields = { url: '-', retainedFrom, dropped, changesRemoved };
    if (dropped > 0 || changesRemoved > 0) logger?.info('retention: storage trimmed', fields);
  };
  const pruning = repeatedly(prune, intervalMs, logger);
  // A database may hold what other instances have long been serving: trim it now, not in an hour.
  if (database !== undefined) pruning.run();
  return { stop: pruning.stop };
}

// `work` every `intervalMs` (and on `run()`), one run at a time; a failure is logged, and the
// next interval tries again. `stop()` ends the timer and waits for a run under way.
function repeatedly(work: () => Promise<void>, intervalMs: number, logger: ApiLogger | undefined) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work()
      .catch((error: unknown) => {
        logger?.error('retention: not applied, tried again at the next interval', {
          url: '-',
          error,
        });
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    run,
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
