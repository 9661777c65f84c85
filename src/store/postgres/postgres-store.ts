import { checkFiniteNumber } from '../../arguments/argument-checks.js';
import type { Installation } from '../../model/api-types.js';
import type { WindowAverages } from '../../model/window-averages.js';
import type { TimeWindow } from '../../time/windows.js';
import type { IngestOptions, IngestReport, Sample } from '../ingest-report.js';
import type { InstallationLookup, MeasurementStore } from '../measurement-store.js';
import type { PlacedInstallation, PlaceWriter } from '../placed-installation.js';
import type { SampleWriter } from '../sample-writer.js';
import { checkLookupId } from '../store-arguments.js';
import type { StoredInstallation } from '../stored-installation.js';
import { ChangeFeed } from './change-feed.js';
import type { PostgresStoreOptions } from './connect-options.js';
import { PostgresFollowLease } from './follow-lease.js';
import { InstallationCopy } from './installation-copy.js';
import { type OpenedPool, openPool } from './open-pool.js';
import { storeCall } from './pg-failures.js';
import { readPlaceRows, writePlaceRows } from './place-writes.js';
import { RecentSamples } from './recent-samples.js';
import { type PostgresPruneReport, trimChanges, unregisterReader } from './retention.js';
import { moveStoreHorizon, unmovedHorizon } from './store-horizon.js';
import {
  confirmedRefresh,
  type ReaderParts,
  readFirstSampleTimes,
  readWindowAverages,
} from './store-reads.js';
import { ingestSamples, type WriterParts, writeInstallations } from './store-writes.js';

/**
 * A {@link MeasurementStore} in PostgreSQL, for several processes that serve one data set.
 * Same contract as `InMemoryStore` (ingest policy, replacement, removed installations,
 * averages over `[from, till)`), with every call async and bounded by `deadlineMs`: a call
 * that misses it or cannot reach the server rejects with `DependencyUnavailableError`, and
 * the pool reconnects by itself once the server is back.
 *
 * Raw samples sit in a table partitioned by UTC day, with an hourly roll-up of sum and count
 * written in the same transaction; window averages read whole hours from the roll-up and raw
 * rows only at the edges. Installations are read into an `InstallationRegistry` per process,
 * so lookups and the spatial index cost no query. Writers serialise on one advisory lock,
 * which numbers their changes in commit order; {@link refresh} reads the changes of other
 * processes (one query), which is what keeps `installationsVersion` and `dataVersion` true
 * across processes. The measurements service calls it once per request.
 *
 * Storage stays bounded with {@link pruneExpired} (or {@link pruneBefore}) and
 * {@link trimChangeLog}, called from time to time (the CLI does it every hour): samples before
 * the retention horizon are no longer served or accepted, the day partitions wholly before it
 * are dropped, and the change log keeps what the live processes have not read yet.
 *
 * @example
 * const store = await PostgresStore.connect({ connectionString: 'postgres://localhost/airq' });
 * await store.putInstallations([installation]);
 * await store.ingest([{ installationId: 1001, name: 'PM10', atMs: Date.UTC(2026, 10, 21, 9, 5), value: 40 }]);
 * // { accepted: 1, rejected: [] }
 * await store.close();
 */
export class PostgresStore implements MeasurementStore, SampleWriter, PlaceWriter {
  /** The retention of {@link pruneExpired} in ms, or `undefined` for none. */
  readonly retentionMs: number | undefined;
  // The pool, its deadline, the change feed, the recent samples and the day partitions known to
  // exist, in the shape the reads, writes and horizon moves take them.
  readonly #parts: ReaderParts & WriterParts;
  readonly #readerId: string;
  // This process's copy of the installations, read again when they changed.
  readonly #installations: InstallationCopy;

  private constructor(opened: OpenedPool) {
    this.retentionMs = opened.retentionMs;
    this.#readerId = opened.readerId;
    this.#installations = new InstallationCopy(opened.registry);
    this.#parts = {
      pool: opened.pool,
      deadlineMs: opened.deadlineMs,
      feed: new ChangeFeed(opened.lastChangeId, opened.retainedFromMs),
      recent: new RecentSamples(),
      knownDays: new Set(),
      // Through this store: a refresh replaces the registry.
      registry: () => this.#installations.registry,
      refresh: () => this.refresh(),
    };
  }

  /**
   * Connects, applies the pending migrations and reads the installations.
   *
   * @param options - see {@link PostgresStoreOptions}; `deadlineMs` defaults to 2000
   * @throws TypeError / RangeError for a bad option; DependencyUnavailableError when the
   *   server cannot be reached within the deadline
   */
  static async connect(options: PostgresStoreOptions): Promise<PostgresStore> {
    return new PostgresStore(await openPool(options));
  }

  /**
   * Samples before this epoch-ms instant have been pruned, by this process or another, and are
   * neither served nor accepted; `-Infinity` before any pruning. As of the last {@link refresh}
   * (reads and writes always use the database's own).
   */
  get retainedFromMs(): number {
    return this.#parts.feed.retainedFromMs;
  }

  /** Increases whenever this process sees a change of the installation set, its own or another's. */
  get installationsVersion(): number {
    return this.#installations.version;
  }

  /**
   * {@inheritDoc MeasurementStore.dataVersion} Follows the changes committed by every process
   * up to the last {@link refresh}; an ingest through this store refreshes when it commits.
   */
  dataVersion(installationId: number, beforeMs: number): number {
    return this.#parts.feed.versionBefore(installationId, beforeMs);
  }

  /**
   * {@inheritDoc MeasurementStore.refresh} One indexed query of the change log, plus a read of
   * the installations when they changed.
   */
  async refresh(): Promise<void> {
    const { pool, feed } = this.#parts;
    await confirmedRefresh(this.#parts, this.#installations.refresh(pool, feed));
  }

  /** {@inheritDoc MeasurementStore.findInstallation} From this process's copy (see {@link refresh}). */
  async findInstallation(id: number): Promise<InstallationLookup> {
    checkLookupId('PostgresStore.findInstallation', id);
    return this.#installations.registry.lookup(id);
  }

  /** Active installations in ascending id order, spec-shaped (see {@link refresh}). */
  async listActiveInstallations(): Promise<readonly Installation[]> {
    return this.#installations.registry.active;
  }

  /**
   * {@inheritDoc SampleWriter.deviceInstallation} Refreshes first (see {@link refresh}): the
   * installation that names the device may have been put by another process a moment ago.
   *
   * @throws DependencyUnavailableError when the refresh cannot reach the server in time
   * @example
   * await store.deviceInstallation('esp8266-12345678'); // e.g. 1001
   */
  async deviceInstallation(device: string): Promise<number | undefined> {
    await this.refresh();
    return this.#installations.registry.deviceInstallation(device);
  }

  /**
   * Means per type over each window `[fromMs, tillMs)`; see `InMemoryStore.windowAverages`
   * for the shape. Equal to the in-memory store's within a relative 1e-9 on the same samples.
   * Windows that span at most two hours (a payload's moving hour) may be answered from this
   * process's copy of the installation's recent samples, once per {@link refresh} that found
   * them unchanged (see `RecentSamples`): without refresh calls, every call reads the server.
   * Other windows are read in one statement over the roll-up and the raw edges. The PM25 of an
   * installation with a `correction` is corrected per window, as in the in-memory store.
   *
   * @throws TypeError / RangeError for a bad argument; DependencyUnavailableError
   */
  async windowAverages(
    installationId: number,
    windows: readonly TimeWindow[],
  ): Promise<readonly WindowAverages[]> {
    return readWindowAverages(this.#parts, installationId, windows);
  }

  /**
   * {@inheritDoc MeasurementStore.firstSampleTimes} Read from the server in one statement, as of
   * the moment of the call (not of the last {@link refresh}); with `dataVersion` read before it,
   * a change in between leaves what was computed from it stale, never wrong.
   *
   * @throws TypeError / RangeError for a bad argument; DependencyUnavailableError
   * @example
   * await store.firstSampleTimes(1001, [nine, nine + 120_000]); // [nine + 60_000, Infinity]
   */
  async firstSampleTimes(
    installationId: number,
    instantsMs: readonly number[],
  ): Promise<readonly number[]> {
    return readFirstSampleTimes(this.#parts, installationId, instantsMs);
  }

  /**
   * Stores a batch in one transaction, with the policy and report of `InMemoryStore.ingest`:
   * the valid part is kept and every rejected sample reported, or with `{ atomic: true }`
   * nothing is stored and an `IngestError` is thrown. Samples before the retention horizon
   * (the database's, read in the transaction) and before 4001 BC (see `EARLIEST_SAMPLE_MS`)
   * are refused.
   *
   * @throws IngestError; TypeError for a bad argument; DependencyUnavailableError (nothing
   *   was stored unless the deadline passed while the commit itself was under way)
   */
  async ingest(samples: readonly Sample[], options: IngestOptions = {}): Promise<IngestReport> {
    return ingestSamples(this.#parts, samples, options);
  }

  /**
   * {@inheritDoc SampleWriter.writeSamples} {@link ingest} of the valid part: it resolves once
   * the transaction committed, which is what makes a sample durable here.
   */
  writeSamples(samples: readonly Sample[]): Promise<IngestReport> {
    return ingestSamples(this.#parts, samples, {});
  }

  /**
   * Adds installations or replaces those with the same ids, and optionally stores samples, in
   * one transaction: all or nothing. Checks as `InMemoryStore.putInstallations` against the
   * installations in the database, and the samples as an atomic {@link ingest} against the
   * resulting set. Samples already stored are kept. An installation whose `correction` was set,
   * changed or removed gets a change of all its data in the log, so every process serves its
   * new averages from its next {@link refresh} on.
   *
   * @param samples - optional; validated like `ingest(samples, { atomic: true })`
   * @throws TypeError / RangeError as `InMemoryStore.putInstallations`; IngestError when a
   *   sample is refused; DependencyUnavailableError
   * @example
   * await store.putInstallations([{ ...old, successorId: 1200 }, successor]);
   */
  async putInstallations(
    installations: readonly StoredInstallation[],
    samples?: readonly Sample[],
  ): Promise<void> {
    await writeInstallations(this.#parts, installations, samples);
  }

  /**
   * {@inheritDoc PlaceWriter.readPlaces} One query of the database (not this process's copy),
   * so a place that another process created is found at once.
   *
   * @throws TypeError for a bad argument; DependencyUnavailableError
   * @example
   * await store.readPlaces('openaq', [1071]); // [{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]
   */
  async readPlaces(
    source: string,
    sourceIds: readonly number[],
  ): Promise<readonly PlacedInstallation[]> {
    return readPlaceRows(this.#parts.pool, this.#parts.deadlineMs, source, sourceIds);
  }

  /**
   * {@inheritDoc PlaceWriter.writePlaces} One transaction, checked against the places and
   * installations in the database; every process sees the installations from its next
   * {@link refresh} on, this one at once.
   *
   * @throws TypeError / RangeError as `InMemoryStore.writePlaces`; DependencyUnavailableError
   * @example
   * await store.writePlaces([{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]);
   */
  async writePlaces(entries: readonly PlacedInstallation[]): Promise<void> {
    await writePlaceRows(this.#parts, entries);
  }

  /**
   * A lease of followed sources on this store's database, with a holder id of its own (see
   * `PostgresFollowLease`): at most one process polls each source.
   *
   * @example
   * const lease = store.followLease();
   * await lease.hold('openaq', 120_000); // true when no other live process holds it
   */
  followLease(): PostgresFollowLease {
    return new PostgresFollowLease(this.#parts.pool, this.#parts.deadlineMs);
  }

  /**
   * Moves the retention horizon to `atMs` (never back) for every process: samples before it
   * are no longer served or accepted from the next statement on, every process takes all data
   * as changed at its next {@link refresh} (as `InMemoryStore.pruneBefore` changes the data
   * versions), and the partitions of samples and roll-up wholly before it are dropped, without
   * blocking ingests or queries (see `dropExpiredPartitions`). Dropping stops starting new
   * partitions once the deadline has passed; the rest goes at the next call. Storage therefore
   * holds at most the UTC day that contains the horizon besides what it keeps.
   *
   * @param atMs - epoch milliseconds
   * @throws RangeError when `atMs` is not a finite number; DependencyUnavailableError
   * @example
   * await store.pruneBefore(Date.UTC(2026, 9, 22));
   * // { retainedFromMs: Date.UTC(2026, 9, 22), droppedPartitions: ['airq_samples_2026_10_20', …], partitionsLeft: 0 }
   */
  async pruneBefore(atMs: number): Promise<PostgresPruneReport> {
    return moveStoreHorizon(this.#parts, atMs);
  }

  /**
   * Applies `retentionMs`: {@link pruneBefore} `nowMs − retentionMs`; without a retention it
   * does nothing (no query) and reports the horizon as this process knows it.
   *
   * @param nowMs - the data clock in epoch milliseconds (the store never reads the clock)
   * @throws RangeError when `nowMs` is not a finite number; DependencyUnavailableError
   * @example
   * await store.pruneExpired(Date.now()); // with retentionMs 30 days: the horizon 30 days back
   */
  async pruneExpired(nowMs: number): Promise<PostgresPruneReport> {
    checkFiniteNumber('PostgresStore.pruneExpired', 'nowMs', nowMs);
    if (this.retentionMs !== undefined) return this.pruneBefore(nowMs - this.retentionMs);
    return unmovedHorizon(this.retainedFromMs);
  }

  /**
   * Reports how far this process has read the change log and deletes the entries that every
   * live process has read. A process counts as live for `CHANGE_LOG_READER_TIMEOUT_MS` (3 h)
   * after its last report (this call; connecting is the first), by the database's clock; one
   * that reports no more is left behind, and when it polls again it finds the log trimmed past
   * what it had read and takes all data and installations as changed instead of missing any.
   *
   * @returns how many entries were deleted
   * @throws DependencyUnavailableError
   * @example
   * await store.trimChangeLog(); // e.g. 120
   */
  async trimChangeLog(): Promise<number> {
    const { pool, deadlineMs, feed } = this.#parts;
    return trimChanges(pool, deadlineMs, this.#readerId, feed.lastSeen);
  }

  /** Closes every connection; the store cannot be used afterwards. */
  async close(): Promise<void> {
    // The log is no longer kept for this process (if the server answers in time).
    const { pool, deadlineMs } = this.#parts;
    await storeCall(unregisterReader(pool, this.#readerId), deadlineMs).catch(() => undefined);
    await pool.end();
  }
}
