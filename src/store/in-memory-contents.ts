import { ingestReport, planIngest } from './ingest-plan.js';
import type { IngestOptions, IngestReport, Sample } from './ingest-report.js';
import type { InstallationRegistry } from './installation-registry.js';
import { PlaceTable } from './place-table.js';
import { checkedPlacedInstallations, type PlacedInstallation } from './placed-installation.js';
import { SeriesTable } from './series-table.js';
import { checkOptionalSamples } from './store-arguments.js';
import type { StoredInstallation } from './stored-installation.js';

// What an `InMemoryStore` holds (installations, followed places, series) and the only code
// that changes it. Every write is judged first against the installations, places and horizon
// of one moment, and applied later without being judged again: a journaled store makes the
// write durable in between (journaled-store.ts), so a reader never sees what a crash could
// take back. When anything it was judged against changed meanwhile, the write is judged anew
// against what holds now (its refused samples never come back). Kept apart from the store's
// public face (in-memory-store.ts), which checks arguments, reads and documents the contract.

/**
 * A batch judged by `InMemoryStore.prepareIngest`, not stored yet.
 *
 * @example
 * const prepared = store.prepareIngest(samples);
 * if (prepared.report.accepted > 0) prepared.apply();
 */
export interface PreparedIngest {
  /** What `ingest` would have reported for the batch. */
  readonly report: IngestReport;
  /** Stores the accepted samples (once; a second call stores them again, harmlessly). */
  apply(): void;
}

/**
 * Places judged by `InMemoryStore.preparePlaces`, not stored yet.
 *
 * @example
 * const prepared = store.preparePlaces([placed]);
 * await journal.appendPlaces(prepared.entries);
 * prepared.apply();
 */
export interface PreparedPlaces {
  /** The checked, frozen copies that {@link apply} stores (what a journal record holds). */
  readonly entries: readonly PlacedInstallation[];
  /** Stores them (judged anew when the installations changed in between). */
  apply(): void;
}

/**
 * The installations, followed places and series of one in-memory store, and its writes. Each
 * write takes the name of the public function it serves, for its error messages; its
 * arguments are checked by the caller except where noted.
 *
 * @example
 * const contents = new InMemoryContents(InstallationRegistry.from('InMemoryStore', [installation]));
 * contents.ingest('InMemoryStore.ingest', [{ installationId: 1001, name: 'PM10', atMs, value: 40 }], {});
 * // { accepted: 1, rejected: [] }
 * contents.series.sampleCount; // 1
 */
export class InMemoryContents {
  /** One `TimeSeries` per (installation, measurement type), with the retention horizon. */
  readonly series = new SeriesTable();
  #registry: InstallationRegistry;
  #places = PlaceTable.EMPTY;
  #version = 0;

  /** @param registry - the installations the store starts with */
  constructor(registry: InstallationRegistry) {
    this.#registry = registry;
  }

  /** Every installation, including replaced and removed ones; replaced whole by a write. */
  get registry(): InstallationRegistry {
    return this.#registry;
  }

  /** The followed places; replaced whole by a write. */
  get places(): PlaceTable {
    return this.#places;
  }

  /** 0 at first, one more on every change of the installations (`installationsVersion`). */
  get version(): number {
    return this.#version;
  }

  /**
   * Plans `samples` against the installations and the horizon, and stores the accepted ones.
   *
   * @throws IngestError in atomic mode when any sample is rejected (nothing stored)
   * @example
   * contents.ingest('InMemoryStore.ingest', [{ installationId: 1001, name: 'PM2.5', atMs: 0, value: 3 }], {});
   * // { accepted: 0, rejected: [{ index: 0, sample: {…}, reason: 'unknown measurement type "PM2.5"' }] }
   */
  ingest(fn: string, samples: readonly Sample[], options: IngestOptions): IngestReport {
    const plan = planIngest(samples, this.#registry.ingestContext(this.series.retainedFromMs));
    const report = ingestReport(fn, samples.length, plan, options);
    this.series.appendBatches(plan.batches);
    return report;
  }

  /**
   * Judges `samples` as {@link ingest} would, storing nothing until `apply()`; a change of the
   * installations or the horizon in between has `apply()` ingest the accepted samples anew.
   *
   * @example
   * const prepared = contents.prepareIngest('InMemoryStore.prepareIngest', samples);
   * prepared.report; // { accepted: 1, rejected: [] }
   * prepared.apply(); // now stored
   */
  prepareIngest(fn: string, samples: readonly Sample[]): PreparedIngest {
    const [registry, horizonMs] = [this.#registry, this.series.retainedFromMs];
    const plan = planIngest(samples, registry.ingestContext(horizonMs));
    const report = ingestReport(fn, samples.length, plan);
    const apply = () => {
      if (this.#registry === registry && this.series.retainedFromMs === horizonMs) {
        this.series.appendBatches(plan.batches);
        return;
      }
      const refused = new Set(report.rejected.map((rejected) => rejected.index));
      const accepted = samples.filter((_, index) => !refused.has(index));
      this.ingest(fn, accepted, {}); // not atomic: `fn` names no error here
    };
    return Object.freeze({ report, apply });
  }

  /**
   * Puts `installations` (added, or replacing those with the same ids) and stores `samples`
   * with them, all or nothing: the resulting set and the samples, as an atomic ingest against
   * it, are checked first (`samples` here, as an optional array). Samples already stored stay.
   *
   * @throws TypeError / RangeError on an invalid installation or set; TypeError when `samples`
   *   is neither an array nor `undefined`; IngestError when a sample is refused
   * @example
   * contents.putInstallations('InMemoryStore.putInstallations', [{ ...old, successorId: 1200 }, successor]);
   * contents.version; // 1
   */
  putInstallations(
    fn: string,
    installations: readonly StoredInstallation[],
    samples: readonly Sample[] | undefined,
  ): void {
    const registry = this.#registry.with(fn, installations);
    checkOptionalSamples(fn, samples);
    const plan = planIngest(samples ?? [], registry.ingestContext(this.series.retainedFromMs));
    ingestReport(fn, samples?.length ?? 0, plan, { atomic: true }); // throws on a refused sample
    for (const id of this.#registry.correctionChanges(registry)) this.series.touch(id);
    this.#registry = registry;
    this.#version++;
    this.series.appendBatches(plan.batches);
  }

  /**
   * Judges placed installations (`entries` checked here) against the places and the
   * installations, storing nothing until `apply()`; a change of either in between has
   * `apply()` judge them anew.
   *
   * @throws TypeError / RangeError on an invalid entry, a place or id that clashes, or a
   *   resulting set of installations that is not valid
   * @example
   * const prepared = contents.preparePlaces('InMemoryStore.writePlaces', [placed]);
   * prepared.entries; // [placed], checked and frozen
   * prepared.apply(); // contents.version: one more
   */
  preparePlaces(fn: string, entries: readonly PlacedInstallation[]): PreparedPlaces {
    const checked = checkedPlacedInstallations(fn, entries);
    const [registry, places] = [this.#registry, this.#places];
    const nextPlaces = places.with(fn, checked, (id) => registry.has(id));
    const next = registry.with(
      fn,
      checked.map((entry) => entry.installation),
    );
    const apply = () => {
      if (checked.length === 0) return;
      if (this.#registry !== registry || this.#places !== places) {
        this.preparePlaces(fn, checked).apply();
        return;
      }
      for (const id of registry.correctionChanges(next)) this.series.touch(id);
      this.#registry = next;
      this.#places = nextPlaces;
      this.#version++;
    };
    return Object.freeze({ entries: Object.freeze(checked), apply });
  }
}
