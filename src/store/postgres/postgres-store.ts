import type pg from 'pg';
import type { Installation } from '../../model/api-types.js';
import type { WindowAverages } from '../../model/window-averages.js';
import type { TimeWindow } from '../../time/windows.js';
import { correctedWindows } from '../corrected-averages.js';
import { ingestReport, planIngest } from '../ingest-plan.js';
import type { IngestOptions, IngestReport, Sample } from '../ingest-report.js';
import { checkedInstallations } from '../installation-input.js';
import { InstallationRegistry } from '../installation-registry.js';
import type { InstallationLookup, MeasurementStore } from '../measurement-store.js';
import {
  checkIngestArguments,
  checkLookupId,
  checkOptionalSamples,
  checkWindowAveragesArguments,
} from '../store-arguments.js';
import type { StoredInstallation } from '../stored-installation.js';
import {
  ChangeFeed,
  RECORD_INSTALLATIONS_CHANGE,
  recordWholeHistoryChanges,
} from './change-feed.js';
import type { PostgresStoreOptions } from './connect-options.js';
import { readInstallations, upsertInstallations } from './installation-rows.js';
import { type OpenedPool, openPool } from './open-pool.js';
import { storeCall } from './pg-failures.js';
import { RecentSamples } from './recent-samples.js';
import { EARLIEST_SAMPLE_MS, writeBatches } from './sample-writes.js';
import { queryWindowAverages, storeBound } from './window-averages-query.js';
import { writeTransaction } from './writer-transaction.js';

/**
 * A {@link MeasurementStore} in PostgreSQL, for several processes that serve one data set.
 * Same contract as `InMemoryStore` (ingest policy, replacement, removed installations,
 * averages over `[from, till)`), with every call async and bounded by `deadlineMs`: a call
 * that misses it or cannot reach the server rejects with `DependencyUnavailableError`, and
 * the pool reconnects by itself once the server is back.
 *
 * Raw samples sit in a table partitioned by month, with an hourly roll-up of sum and count
 * written in the same transaction; window averages read whole hours from the roll-up and raw
 * rows only at the edges. Installations are read into an `InstallationRegistry` per process,
 * so lookups and the spatial index cost no query. Writers serialise on one advisory lock,
 * which numbers their changes in commit order; {@link refresh} reads the changes of other
 * processes (one query), which is what keeps `installationsVersion` and `dataVersion` true
 * across processes. The measurements service calls it once per request.
 *
 * @example
 * const store = await PostgresStore.connect({ connectionString: 'postgres://localhost/airq' });
 * await store.putInstallations([installation]);
 * await store.ingest([{ installationId: 1001, name: 'PM10', atMs: Date.UTC(2026, 10, 21, 9, 5), value: 40 }]);
 * // { accepted: 1, rejected: [] }
 * await store.close();
 */
export class PostgresStore implements MeasurementStore {
  readonly #pool: pg.Pool;
  readonly #deadlineMs: number;
  readonly #feed: ChangeFeed;
  readonly #knownMonths = new Set<number>();
  readonly #recent = new RecentSamples();
  #registry: InstallationRegistry;
  #installationsVersion = 0;
  #installationsStale = false;

  private constructor({ pool, deadlineMs, lastChangeId, registry }: OpenedPool) {
    this.#pool = pool;
    this.#deadlineMs = deadlineMs;
    this.#feed = new ChangeFeed(lastChangeId);
    this.#registry = registry;
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

  /** Increases whenever this process sees a change of the installation set, its own or another's. */
  get installationsVersion(): number {
    return this.#installationsVersion;
  }

  /**
   * {@inheritDoc MeasurementStore.dataVersion} Follows the changes committed by every process
   * up to the last {@link refresh}; an ingest through this store refreshes when it commits.
   */
  dataVersion(installationId: number, beforeMs: number): number {
    return this.#feed.versionBefore(installationId, beforeMs);
  }

  /**
   * {@inheritDoc MeasurementStore.refresh} One indexed query of the change log, plus a read of
   * the installations when they changed.
   */
  async refresh(): Promise<void> {
    try {
      await storeCall(this.#refresh(), this.#deadlineMs);
    } catch (error) {
      // Unconfirmed copies are not to be trusted.
      this.#recent.clear();
      throw error;
    }
    this.#recent.confirm();
  }

  async #refresh(): Promise<void> {
    if (await this.#feed.poll(this.#pool)) this.#installationsStale = true;
    if (!this.#installationsStale) return;
    const rows = await readInstallations(this.#pool);
    this.#registry = InstallationRegistry.from('PostgresStore.refresh', rows);
    this.#installationsStale = false;
    this.#installationsVersion++;
  }

  /** {@inheritDoc MeasurementStore.findInstallation} From this process's copy (see {@link refresh}). */
  async findInstallation(id: number): Promise<InstallationLookup> {
    checkLookupId('PostgresStore.findInstallation', id);
    return this.#registry.lookup(id);
  }

  /** Active installations in ascending id order, spec-shaped (see {@link refresh}). */
  async listActiveInstallations(): Promise<readonly Installation[]> {
    return this.#registry.active;
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
    checkWindowAveragesArguments('PostgresStore.windowAverages', installationId, windows);
    const bounded = windows.map(({ fromMs, tillMs }) => ({
      fromMs: storeBound(fromMs),
      tillMs: storeBound(tillMs),
    }));
    // Read before the query: a correction changed meanwhile also changed the data version.
    const correction = this.#registry.correction(installationId);
    if (!Number.isSafeInteger(installationId) || !this.#recent.serves(bounded)) {
      const records = queryWindowAverages(this.#pool, installationId, bounded);
      return correctedWindows(await storeCall(records, this.#deadlineMs), correction);
    }
    const version = this.#feed.versionBefore(installationId, Number.POSITIVE_INFINITY);
    const records = this.#recent.windowAverages(this.#pool, installationId, bounded, version);
    return correctedWindows(await storeCall(records, this.#deadlineMs), correction);
  }

  /**
   * Stores a batch in one transaction, with the policy and report of `InMemoryStore.ingest`:
   * the valid part is kept and every rejected sample reported, or with `{ atomic: true }`
   * nothing is stored and an `IngestError` is thrown. Samples before 4001 BC are refused (see
   * `EARLIEST_SAMPLE_MS`).
   *
   * @throws IngestError; TypeError for a bad argument; DependencyUnavailableError (nothing
   *   was stored unless the deadline passed while the commit itself was under way)
   */
  async ingest(samples: readonly Sample[], options: IngestOptions = {}): Promise<IngestReport> {
    const fn = 'PostgresStore.ingest';
    checkIngestArguments(fn, samples, options);
    let plan = planIngest(samples, this.#registry.ingestContext(EARLIEST_SAMPLE_MS));
    // Installations are never deleted: only a newer copy can know an id this one does not.
    if (plan.rejected.some((entry) => entry.reason.includes('unknown installation'))) {
      await this.refresh();
      plan = planIngest(samples, this.#registry.ingestContext(EARLIEST_SAMPLE_MS));
    }
    const report = ingestReport(fn, samples.length, plan, options);
    if (plan.batches.length > 0) {
      await this.#write((client) => writeBatches(client, plan.batches, this.#knownMonths));
    }
    return report;
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
    const fn = 'PostgresStore.putInstallations';
    const checked = checkedInstallations(fn, installations);
    checkOptionalSamples(fn, samples);
    await this.#write(async (client): Promise<number[]> => {
      const stored = InstallationRegistry.from(fn, await readInstallations(client));
      const registry = stored.with(fn, checked);
      let ensured: number[] = [];
      if (samples !== undefined) {
        const plan = planIngest(samples, registry.ingestContext(EARLIEST_SAMPLE_MS));
        ingestReport(fn, samples.length, plan, { atomic: true }); // throws on a refused sample
        ensured = await writeBatches(client, plan.batches, this.#knownMonths);
      }
      await upsertInstallations(client, checked);
      await recordWholeHistoryChanges(client, stored.correctionChanges(registry));
      await client.query(RECORD_INSTALLATIONS_CHANGE);
      return ensured;
    });
  }

  /** Closes every connection; the store cannot be used afterwards. */
  async close(): Promise<void> {
    await this.#pool.end();
  }

  // One writer transaction; `work` returns the month partitions it ensured, remembered only
  // once they are committed. Then this process's view is refreshed.
  async #write(work: (client: pg.PoolClient) => Promise<number[]>): Promise<void> {
    for (const month of await writeTransaction(this.#pool, this.#deadlineMs, work)) {
      this.#knownMonths.add(month);
    }
    // The commit stands; a failed refresh here (which forgets the recent samples, since the
    // data versions do not show this write) is retried by the next one.
    await this.refresh().catch(() => undefined);
  }
}
