import { describeValue } from '../arguments/describe-value.js';
import type { Forecaster } from '../forecast/forecaster.js';
import type { Installation, Measurements } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { MeasurementWindows, TimeWindow } from '../time/windows.js';
import { finiteAverages } from './averages-record.js';
import { currentWindow } from './current-window.js';
import { type InstallationSeries, readInstallationSeries } from './installation-series.js';
import { LruCache } from './lru-cache.js';

/** The rendered history and forecast elements of one hourly part, in one index and language. */
export type RenderedHours = Pick<Measurements, 'history' | 'forecast'>;

/**
 * The part of a payload that stays the same for a whole request hour: the 24 history and 24
 * forecast averages (of an installation, or interpolated for a point), and their rendered
 * elements, filled per `indexType:language` on first use.
 */
export interface HourlyPart {
  /** Start of the request hour (`windows.forecast[0].fromMs`). */
  readonly seamMs: number;
  readonly history: readonly WindowAverages[];
  readonly forecast: readonly WindowAverages[];
  readonly rendered: Map<string, RenderedHours>;
}

/** An installation's series for one request, and its hourly part when the cache holds it. */
export interface ReadSeries {
  readonly series: InstallationSeries;
  /** `undefined` when the store has no `dataVersion` or the cache is off. */
  readonly hours: HourlyPart | undefined;
}

interface CachedHours extends HourlyPart {
  readonly dataVersion: number;
}

const NO_VALUES: WindowAverages = Object.freeze({});

/**
 * Reads installation series for one measurements service, keeping each installation's hourly
 * part (history averages and forecast) until the request hour or the store's
 * `dataVersion(id, hourStart)` changes; a request then reads only its moving hour (and a
 * third-party station, whose `current` is one of its history hours, reads nothing). The
 * version is read before the data, so data that arrives during a read leaves the entry tagged
 * with an older version than its contents: the next request recomputes, never the reverse.
 * Without `store.dataVersion`, or with `capacity` 0, every read is `readInstallationSeries`.
 *
 * @example
 * const reader = new SeriesReader(store, baselineForecaster, 1024);
 * const { series, hours } = await reader.read(installation, measurementWindows(now));
 * series.history.length; // 24
 */
export class SeriesReader {
  readonly #store: MeasurementStore;
  readonly #forecaster: Forecaster;
  readonly #cache: LruCache<number, CachedHours>;

  /** @param capacity - installations whose hourly parts are kept at most */
  constructor(store: MeasurementStore, forecaster: Forecaster, capacity: number) {
    this.#store = store;
    this.#forecaster = forecaster;
    this.#cache = new LruCache(typeof store.dataVersion === 'function' ? capacity : 0);
  }

  /** Whether hourly parts are cached at all. */
  get caching(): boolean {
    return this.#cache.capacity > 0;
  }

  /** The series of `installation` for the request with `windows`. */
  async read(
    installation: Pick<Installation, 'id' | 'vendor'>,
    windows: MeasurementWindows,
  ): Promise<ReadSeries> {
    const store = this.#store;
    if (!this.caching) {
      return {
        series: await readInstallationSeries(store, installation, windows, this.#forecaster),
        hours: undefined,
      };
    }
    const seamMs = windows.forecast[0]!.fromMs; // measurementWindows gives 24 forecast hours
    const dataVersion = readDataVersion(store, installation.id, seamMs);
    const cached = this.#cache.get(installation.id);
    if (cached !== undefined && cached.seamMs === seamMs && cached.dataVersion === dataVersion) {
      const movingHour = installation.vendor
        ? await readMovingHour(store, installation.id, windows.current)
        : NO_VALUES;
      const current = currentWindow(installation.vendor, windows, movingHour, cached.history);
      return {
        series: { current, history: cached.history, forecast: cached.forecast },
        hours: cached,
      };
    }
    const series = await readInstallationSeries(store, installation, windows, this.#forecaster);
    const hours: CachedHours = {
      seamMs,
      dataVersion,
      history: Object.freeze([...series.history]),
      forecast: Object.freeze([...series.forecast]),
      rendered: new Map(),
    };
    this.#cache.set(installation.id, hours);
    return { series, hours };
  }
}

function readDataVersion(store: MeasurementStore, installationId: number, seamMs: number): number {
  const version = store.dataVersion!(installationId, seamMs); // checked by the constructor
  if (typeof version !== 'number' || Number.isNaN(version)) {
    // The store broke its contract: name the method and the installation, not an argument.
    throw new TypeError(
      `MeasurementStore.dataVersion: must return a number for installation ${installationId}, got ${describeValue(version)}`,
    );
  }
  return version;
}

async function readMovingHour(
  store: MeasurementStore,
  installationId: number,
  window: TimeWindow,
): Promise<WindowAverages> {
  const records = await store.windowAverages(installationId, [window]);
  if (!Array.isArray(records) || records.length !== 1) {
    throw new TypeError(
      `MeasurementStore.windowAverages: must return one record per window (1) for installation ${installationId}, got ${Array.isArray(records) ? `${records.length} records` : typeof records}`,
    );
  }
  return finiteAverages(records[0]);
}
