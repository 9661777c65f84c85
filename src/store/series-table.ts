import { MEASUREMENT_TYPE_NAMES } from '../meta/measurement-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import { TimeSeries } from '../series/time-series.js';
import type { TimeWindow } from '../time/windows.js';
import { DataVersions } from './data-versions.js';
import type { SeriesBatch } from './ingest-plan.js';

const NO_AVERAGES: WindowAverages = Object.freeze({});
const TYPE_COUNT = MEASUREMENT_TYPE_NAMES.length;

/**
 * One `TimeSeries` per (installation, measurement type), created on the first sample. The
 * series of an installation sit in an array indexed by the type's position in
 * `MEASUREMENT_TYPE_NAMES`, so averaging a window walks 14 slots in canonical order and needs
 * no string lookups.
 *
 * @example
 * const table = new SeriesTable();
 * table.append(1001, 2, [Date.UTC(2026, 10, 21, 9, 5)], [40]); // 2 = PM10
 * table.averages(1001, [{ fromMs: Date.UTC(2026, 10, 21, 9), tillMs: Date.UTC(2026, 10, 21, 10) }]);
 * // [{ PM10: 40 }]
 */
export class SeriesTable {
  readonly #byInstallation = new Map<number, (TimeSeries | undefined)[]>();
  readonly #all: TimeSeries[] = [];
  readonly #versions = new DataVersions();
  #retainedFromMs = Number.NEGATIVE_INFINITY;

  /**
   * Changes whenever an append or a pruning touched a sample of the installation from an hour
   * that starts before `beforeMs` (see {@link DataVersions}); 0 before any such change.
   */
  version(installationId: number, beforeMs: number): number {
    return this.#versions.versionBefore(installationId, beforeMs);
  }

  /** Samples held over all series. */
  get sampleCount(): number {
    let count = 0;
    for (const series of this.#all) count += series.length;
    return count;
  }

  /** Bytes held by the typed arrays of all series. */
  get byteLength(): number {
    let bytes = 0;
    for (const series of this.#all) bytes += series.byteLength;
    return bytes;
  }

  /**
   * Samples before this epoch-ms instant have been pruned (see {@link pruneBefore});
   * `-Infinity` before any pruning. Never moves back.
   */
  get retainedFromMs(): number {
    return this.#retainedFromMs;
  }

  /**
   * Adds samples to one series (all-or-nothing, as `TimeSeries.addBatch`). A new series is
   * registered only after its first batch went in, so a refused batch leaves no empty series.
   *
   * @param typeOrdinal - position of the type in `MEASUREMENT_TYPE_NAMES`
   * @throws what `TimeSeries.addBatch` throws for an invalid sample
   */
  append(
    installationId: number,
    typeOrdinal: number,
    atMs: ArrayLike<number>,
    values: ArrayLike<number>,
  ): void {
    let seriesByType = this.#byInstallation.get(installationId);
    const existing = seriesByType?.[typeOrdinal];
    if (existing !== undefined) {
      addTo(existing, atMs, values);
      this.#versions.record(installationId, oldest(atMs));
      return;
    }
    const series = new TimeSeries({ initialCapacity: Math.max(16, atMs.length) });
    addTo(series, atMs, values);
    if (seriesByType === undefined) {
      seriesByType = new Array<TimeSeries | undefined>(TYPE_COUNT).fill(undefined);
      this.#byInstallation.set(installationId, seriesByType);
    }
    seriesByType[typeOrdinal] = series;
    this.#all.push(series);
    this.#versions.record(installationId, oldest(atMs));
  }

  /**
   * Adds the batches of an ingest plan, one {@link append} per series. Planned batches are
   * validated, sorted and de-duplicated, so none fails half-way.
   *
   * @example
   * const samples = [{ installationId: 1001, name: 'PM10', atMs: 0, value: 40 }];
   * table.appendBatches(planIngest(samples, registry.ingestContext(table.retainedFromMs)).batches);
   * table.sampleCount; // 1
   */
  appendBatches(batches: readonly SeriesBatch[]): void {
    for (const batch of batches) {
      this.append(batch.installationId, batch.typeOrdinal, batch.atMs, batch.values);
    }
  }

  /**
   * Means per type for each window (types without samples in a window are absent); empty
   * records for an installation without series. Windows are assumed checked.
   */
  averages(installationId: number, windows: readonly TimeWindow[]): readonly WindowAverages[] {
    const seriesByType = this.#byInstallation.get(installationId);
    const result: WindowAverages[] = new Array(windows.length);
    for (let w = 0; w < windows.length; w++) {
      if (seriesByType === undefined) {
        result[w] = NO_AVERAGES;
        continue;
      }
      const { fromMs, tillMs } = windows[w]!; // w < windows.length
      const record: Record<string, number> = {};
      for (let type = 0; type < TYPE_COUNT; type++) {
        const average = seriesByType[type]?.average(fromMs, tillMs);
        if (average !== undefined) record[MEASUREMENT_TYPE_NAMES[type]!] = average;
      }
      result[w] = Object.freeze(record);
    }
    return Object.freeze(result);
  }

  /**
   * For each instant, the earliest timestamp of any sample of the installation at or after it
   * (`+Infinity` when none). Instants are assumed checked.
   */
  firstSampleTimes(installationId: number, instantsMs: readonly number[]): number[] {
    const seriesByType = this.#byInstallation.get(installationId);
    return instantsMs.map((atMs) => {
      let first = Number.POSITIVE_INFINITY;
      for (const series of seriesByType ?? []) {
        const next = series?.firstAtOrAfter(atMs);
        if (next !== undefined && next < first) first = next;
      }
      return first;
    });
  }

  /**
   * Marks every window of the installation changed, as if each of its samples had been
   * rewritten: its PM25 correction changed, so every average the store serves for it did.
   */
  touch(installationId: number): void {
    this.#versions.record(installationId, Number.NEGATIVE_INFINITY);
  }

  /**
   * Removes every sample before `atMs` from every series and moves {@link retainedFromMs} up to
   * `atMs` (never back); returns how many samples were removed.
   */
  pruneBefore(atMs: number): number {
    this.#retainedFromMs = Math.max(this.#retainedFromMs, atMs);
    let removed = 0;
    for (const [installationId, seriesByType] of this.#byInstallation) {
      let removedHere = 0;
      for (const series of seriesByType) removedHere += series?.pruneBefore(atMs) ?? 0;
      // Pruning removes from the far end of every window: it counts for any `beforeMs`.
      if (removedHere > 0) this.#versions.record(installationId, Number.NEGATIVE_INFINITY);
      removed += removedHere;
    }
    return removed;
  }
}

// One sample (every series of an airRohr push) goes in without the batch's sorted copies.
function addTo(series: TimeSeries, atMs: ArrayLike<number>, values: ArrayLike<number>): void {
  if (atMs.length === 1 && values.length === 1) series.add(atMs[0]!, values[0]!);
  else series.addBatch(atMs, values);
}

function oldest(atMs: ArrayLike<number>): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < atMs.length; i++) if (atMs[i]! < min) min = atMs[i]!; // i < length
  return min;
}
