import { checkFiniteNumber } from '../arguments/argument-checks.js';
import { measurementTypeOrdinal } from '../meta/measurement-types.js';
import type { Installation } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { TimeWindow } from '../time/windows.js';
import { correctedWindows } from './corrected-averages.js';
import {
  InMemoryContents,
  type PreparedIngest,
  type PreparedPlaces,
} from './in-memory-contents.js';
import type { IngestError, IngestOptions, IngestReport, Sample } from './ingest-report.js';
import { InstallationRegistry } from './installation-registry.js';
import type { InstallationLookup, MeasurementStore } from './measurement-store.js';
import {
  checkReadPlacesArguments,
  type PlacedInstallation,
  type PlaceWriter,
} from './placed-installation.js';
import {
  checkFirstSampleTimesArguments,
  checkIngestArguments,
  checkIngestColumnsArguments,
  checkLookupId,
  checkRetentionMs,
  checkWindowAveragesArguments,
} from './store-arguments.js';
import type { StoredInstallation } from './stored-installation.js';

export type { PreparedIngest, PreparedPlaces };

/** Options of {@link InMemoryStore}. */
export interface InMemoryStoreOptions {
  /**
   * How much history {@link InMemoryStore.pruneExpired} keeps, in milliseconds. Default: none
   * (keep everything until {@link InMemoryStore.pruneBefore} is called).
   */
  readonly retentionMs?: number;
}

/**
 * The default {@link MeasurementStore}: installations plus one `TimeSeries` per (installation,
 * measurement type), all in memory. Never reads the clock: retention and pruning take the time
 * as a parameter.
 *
 * Ingest policy: {@link ingest} keeps the valid part of a batch and reports every rejected
 * sample; `{ atomic: true }` stores nothing and throws an {@link IngestError} when any sample
 * is rejected. A stored sample is only ever replaced by a sample with the same installation,
 * type and timestamp, or removed by pruning. Late (out-of-order) samples are accepted. Samples
 * of replaced and removed installations are accepted: their history is still their own data.
 *
 * @example
 * const store = new InMemoryStore([installation]); // installation.id === 1001
 * store.ingest([{ installationId: 1001, name: 'PM10', atMs: Date.UTC(2026, 10, 21, 9, 5), value: 40 }]);
 * // { accepted: 1, rejected: [] }
 * await store.windowAverages(1001, [{ fromMs: Date.UTC(2026, 10, 21, 9), tillMs: Date.UTC(2026, 10, 21, 10) }]);
 * // [{ PM10: 40 }]
 */
export class InMemoryStore implements MeasurementStore, PlaceWriter {
  /** The retention of {@link pruneExpired} in ms, or `undefined` for none. */
  readonly retentionMs: number | undefined;
  // Installations, places and series, and the writes that change them (in-memory-contents.ts).
  readonly #contents: InMemoryContents;

  /**
   * @param installations - every installation, including replaced and removed ones
   * @param options - see {@link InMemoryStoreOptions}
   * @throws TypeError naming the position and field of an invalid installation;
   *   RangeError on a duplicate id, a successor that does not exist or a replacement cycle
   */
  constructor(installations: readonly StoredInstallation[], options: InMemoryStoreOptions = {}) {
    checkRetentionMs('InMemoryStore', options.retentionMs);
    this.retentionMs = options.retentionMs;
    this.#contents = new InMemoryContents(
      InstallationRegistry.from('InMemoryStore', installations),
    );
  }

  /**
   * Starts at 0 and increases by one on every successful {@link putInstallations} and every
   * {@link writePlaces} of at least one place.
   */
  get installationsVersion(): number {
    return this.#contents.version;
  }

  /**
   * {@inheritDoc MeasurementStore.dataVersion} Changes when an ingest stores a sample of the
   * installation from an hour that starts before `beforeMs`, pruning removes any of its
   * samples, or its `correction` changes (see `DataVersions`).
   *
   * @example
   * store.ingest([{ installationId: 1001, name: 'PM10', atMs: nine + 60_000, value: 40 }]);
   * store.dataVersion(1001, nine); // 0: that sample belongs to the hour from `nine`
   */
  dataVersion(installationId: number, beforeMs: number): number {
    return this.#contents.series.version(installationId, beforeMs);
  }

  /**
   * {@inheritDoc MeasurementStore.firstSampleTimes}
   *
   * @throws TypeError when `installationId` is not a number; TypeError / RangeError when an
   *   instant is not a finite number
   * @example
   * store.ingest([{ installationId: 1001, name: 'PM10', atMs: nine + 60_000, value: 40 }]);
   * await store.firstSampleTimes(1001, [nine, nine + 120_000]); // [nine + 60_000, Infinity]
   */
  async firstSampleTimes(
    installationId: number,
    instantsMs: readonly number[],
  ): Promise<readonly number[]> {
    checkFirstSampleTimesArguments('InMemoryStore.firstSampleTimes', installationId, instantsMs);
    return this.#contents.series.firstSampleTimes(installationId, instantsMs);
  }

  /** Samples currently held, over all series. */
  get sampleCount(): number {
    return this.#contents.series.sampleCount;
  }

  /** Bytes held by the typed arrays of all series. */
  get byteLength(): number {
    return this.#contents.series.byteLength;
  }

  /** Samples before this epoch-ms instant have been pruned and are refused; `-Infinity` at first. */
  get retainedFromMs(): number {
    return this.#contents.series.retainedFromMs;
  }

  /** {@inheritDoc MeasurementStore.findInstallation} */
  async findInstallation(id: number): Promise<InstallationLookup> {
    checkLookupId('InMemoryStore.findInstallation', id);
    return this.#contents.registry.lookup(id);
  }

  /** Active installations in ascending id order, spec-shaped (no `successorId` / `removed`). */
  async listActiveInstallations(): Promise<readonly Installation[]> {
    return this.#contents.registry.active;
  }

  /**
   * {@inheritDoc SampleWriter.deviceInstallation}
   *
   * @param device - as the airRohr `X-Sensor` header names it
   * @example
   * const store = new InMemoryStore([{ ...installation, sensors: ['esp8266-12345678'] }]);
   * await store.deviceInstallation('esp8266-12345678'); // installation.id
   * await store.deviceInstallation('esp8266-1'); // undefined
   */
  async deviceInstallation(device: string): Promise<number | undefined> {
    return this.#contents.registry.deviceInstallation(device);
  }

  /**
   * Mean of every series of the installation over each window `[fromMs, tillMs)`, in the order
   * of `windows`, PM25 corrected when the installation has a `correction` (`correctedAverages`).
   * A record holds only the types that have samples in its window; an unknown installation
   * gives empty records. Each mean is the series' O(log n) range average.
   *
   * @throws TypeError when `installationId` is not a number; TypeError / RangeError when a
   *   window is not `{ fromMs, tillMs }` with finite numbers and `fromMs <= tillMs`
   */
  async windowAverages(
    installationId: number,
    windows: readonly TimeWindow[],
  ): Promise<readonly WindowAverages[]> {
    checkWindowAveragesArguments('InMemoryStore.windowAverages', installationId, windows);
    const correction = this.#contents.registry.correction(installationId);
    return correctedWindows(this.#contents.series.averages(installationId, windows), correction);
  }

  /**
   * Stores a batch of samples (see the class comment for the policy).
   *
   * @param samples - samples in any order; repeated timestamps keep the last one
   * @param options - `{ atomic: true }` for all-or-nothing
   * @returns how many samples were stored and every rejected one with its reasons
   * @throws IngestError in atomic mode when any sample is rejected (nothing stored);
   *   TypeError when `samples` is not an array
   * @example
   * store.ingest([{ installationId: 1001, name: 'PM2.5', atMs: 0, value: 3 }]);
   * // { accepted: 0, rejected: [{ index: 0, sample: {…}, reason: 'unknown measurement type "PM2.5"' }] }
   */
  ingest(samples: readonly Sample[], options: IngestOptions = {}): IngestReport {
    checkIngestArguments('InMemoryStore.ingest', samples, options);
    return this.#contents.ingest('InMemoryStore.ingest', samples, options);
  }

  /**
   * Judges a batch as {@link ingest} would (same planner, installations and horizon) without
   * storing it: `report` is what `ingest` would report, and `apply()` stores the accepted
   * samples later, without planning them again. A writer answers for a batch this way, makes
   * it durable, and only then lets readers see it. When the installations or the horizon
   * changed in between, `apply()` judges the accepted samples anew (never the refused ones).
   *
   * @throws TypeError when `samples` is not an array
   * @example
   * const prepared = store.prepareIngest([{ installationId: 1001, name: 'PM10', atMs, value: 40 }]);
   * prepared.report; // { accepted: 1, rejected: [] }, and store.sampleCount is unchanged
   * prepared.apply(); // now stored
   */
  prepareIngest(samples: readonly Sample[]): PreparedIngest {
    checkIngestArguments('InMemoryStore.prepareIngest', samples, {});
    return this.#contents.prepareIngest('InMemoryStore.prepareIngest', samples);
  }

  /**
   * Bulk path for generated or columnar data: appends parallel arrays of timestamps and values
   * to one (installation, type) series without building a sample object per value.
   * All-or-nothing.
   *
   * @param installationId - a known installation (active, replaced or removed)
   * @param name - a measurement type name
   * @param atMs - epoch milliseconds, ideally ascending (the fast path)
   * @param values - one value per timestamp
   * @returns the number of samples passed
   * @throws RangeError / TypeError naming the parameter or the first invalid sample
   * @example
   * store.ingestColumns(1001, 'PM10', Float64Array.of(t0, t0 + 60_000), Float64Array.of(12.5, 13));
   * // 2
   */
  ingestColumns(
    installationId: number,
    name: string,
    atMs: ArrayLike<number>,
    values: ArrayLike<number>,
  ): number {
    const fn = 'InMemoryStore.ingestColumns';
    const { registry, series } = this.#contents;
    const context = registry.ingestContext(this.retainedFromMs);
    checkIngestColumnsArguments(fn, installationId, name, atMs, values, context);
    series.append(installationId, measurementTypeOrdinal(name)!, atMs, values); // checked above
    return atMs.length;
  }

  /**
   * Removes every sample before `atMs` and refuses such samples from then on.
   *
   * @param atMs - epoch milliseconds
   * @returns how many samples were removed
   * @throws RangeError when `atMs` is not a finite number
   * @example
   * store.pruneBefore(Date.UTC(2026, 10, 19)); // e.g. 120000
   */
  pruneBefore(atMs: number): number {
    checkFiniteNumber('InMemoryStore.pruneBefore', 'atMs', atMs);
    return this.#contents.series.pruneBefore(atMs);
  }

  /**
   * Applies `retentionMs`: prunes everything older than `nowMs − retentionMs`; 0 without one.
   *
   * @param nowMs - the current time in epoch milliseconds (the store never reads the clock)
   * @example
   * new InMemoryStore(list, { retentionMs: 72 * MS_PER_HOUR }).pruneExpired(Date.now()); // 0
   */
  pruneExpired(nowMs: number): number {
    checkFiniteNumber('InMemoryStore.pruneExpired', 'nowMs', nowMs);
    return this.retentionMs === undefined ? 0 : this.pruneBefore(nowMs - this.retentionMs);
  }

  /**
   * Adds installations or replaces those with the same id, at run time, and optionally stores
   * samples with them. Removing is putting the installation again with `removed: true` (and a
   * `successorId` when it was replaced). The whole resulting set, and the samples as an atomic
   * {@link ingest} against it, are checked first; on any problem nothing changes. Bumps
   * {@link installationsVersion}. Samples already stored are kept.
   *
   * @param samples - optional; checked like `ingest(samples, { atomic: true })`
   * @throws TypeError on an invalid installation; RangeError on a duplicate id in the list, a
   *   successor that does not exist, a replacement cycle or a device named in the `sensors` of
   *   two installations of the resulting set (to move a device, put both installations in one
   *   call); IngestError when a sample is refused
   * @example
   * store.putInstallations([{ ...old, successorId: 1200 }, successor]);
   * store.installationsVersion; // 1
   */
  putInstallations(
    installations: readonly StoredInstallation[],
    samples?: readonly Sample[],
  ): void {
    this.#contents.putInstallations('InMemoryStore.putInstallations', installations, samples);
  }

  /**
   * {@inheritDoc PlaceWriter.readPlaces}
   *
   * @example
   * await store.readPlaces('openaq', [1071]); // [{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]
   */
  async readPlaces(
    source: string,
    sourceIds: readonly number[],
  ): Promise<readonly PlacedInstallation[]> {
    checkReadPlacesArguments('InMemoryStore.readPlaces', source, sourceIds);
    return this.#contents.places.read(source, sourceIds);
  }

  /**
   * {@inheritDoc PlaceWriter.writePlaces} In memory only: nothing here survives the process
   * (`JournaledStore.writePlaces` makes the same write durable first). Bumps
   * {@link installationsVersion}.
   *
   * @example
   * await store.writePlaces([{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]);
   */
  async writePlaces(entries: readonly PlacedInstallation[]): Promise<void> {
    this.preparePlaces(entries).apply();
  }

  /**
   * Judges placed installations as {@link writePlaces} would, without storing them: a writer
   * makes `entries` durable, then calls `apply()`.
   *
   * @throws as {@link writePlaces}, and as {@link putInstallations} for the resulting set
   * @example
   * const prepared = store.preparePlaces([placed]);
   * await journal.appendPlaces(prepared.entries);
   * prepared.apply();
   */
  preparePlaces(entries: readonly PlacedInstallation[]): PreparedPlaces {
    return this.#contents.preparePlaces('InMemoryStore.writePlaces', entries);
  }
}
