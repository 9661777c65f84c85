import { describeValue } from '../arguments/describe-value.js';
import type { Forecaster } from '../forecast/forecaster.js';
import type { Installation, Measurements } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import { MS_PER_HOUR } from '../time/instant.js';
import { hourlyWindows, type MeasurementWindows } from '../time/windows.js';
import { finiteAverages } from './averages-record.js';
import { currentHours, currentWindow, movingHourWindows } from './current-window.js';
import { OLDER_HOURS } from './index-hours.js';
import {
  type InstallationSeries,
  readInstallationSeries,
  readWindows,
} from './installation-series.js';
import { LruCache } from './lru-cache.js';

/** The rendered history and forecast elements of one hourly part, in one index and language. */
export type RenderedHours = Pick<Measurements, 'history' | 'forecast'>;

/**
 * The part of a payload that stays the same for a whole request hour: the 24 history and 24
 * forecast averages (of an installation, or interpolated for a point), the older clock hours
 * that the national indexes read, and the rendered elements, filled per
 * `indexType:language:whoEdition` on first use.
 */
export interface HourlyPart {
  /** Start of the request hour (`windows.forecast[0].fromMs`). */
  readonly seamMs: number;
  readonly history: readonly WindowAverages[];
  readonly forecast: readonly WindowAverages[];
  /**
   * The 23 clock hours before `history`, oldest first, which the 24-h means of the national
   * indexes reach. Filled by the first request for a national index (a grid index never reads
   * them), then kept with the rest of the part; never replaced once set.
   */
  older: readonly WindowAverages[] | undefined;
  readonly rendered: Map<string, RenderedHours>;
}

/** Options of {@link SeriesReader.read}. */
export interface ReadOptions {
  /**
   * Also read the hours the national indexes average over: the 23 older clock hours (kept in
   * the hourly part) and, for the service's own installations, the 24 60-minute windows that
   * end at `now` (read per request, like the moving hour). Default `false`.
   */
  readonly indexHours?: boolean;
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

  /**
   * The series of `installation` for the request with `windows` (with `older` and
   * `currentHours` when `options.indexHours`).
   */
  async read(
    installation: Pick<Installation, 'id' | 'vendor'>,
    windows: MeasurementWindows,
    options: ReadOptions = {},
  ): Promise<ReadSeries> {
    const store = this.#store;
    const indexHours = options.indexHours === true;
    if (!this.caching) {
      return {
        series: await readInstallationSeries(
          store,
          installation,
          windows,
          this.#forecaster,
          indexHours,
        ),
        hours: undefined,
      };
    }
    const seamMs = windows.forecast[0]!.fromMs; // measurementWindows gives 24 forecast hours
    const dataVersion = readDataVersion(store, installation.id, seamMs);
    const cached = this.#cache.get(installation.id);
    if (cached !== undefined && cached.seamMs === seamMs && cached.dataVersion === dataVersion) {
      if (indexHours)
        return {
          series: await readIndexHours(store, installation, windows, cached),
          hours: cached,
        };
      const movingHour = installation.vendor
        ? (await readWindows(store, installation.id, [windows.current])).map(finiteAverages)[0]!
        : NO_VALUES;
      const current = currentWindow(installation.vendor, windows, movingHour, cached.history);
      return {
        series: { current, history: cached.history, forecast: cached.forecast },
        hours: cached,
      };
    }
    const series = await readInstallationSeries(
      store,
      installation,
      windows,
      this.#forecaster,
      indexHours,
    );
    const hours: CachedHours = {
      seamMs,
      dataVersion,
      history: Object.freeze([...series.history]),
      forecast: Object.freeze([...series.forecast]),
      older: series.older === undefined ? undefined : Object.freeze([...series.older]),
      rendered: new Map(),
    };
    this.#cache.set(installation.id, hours);
    return { series, hours };
  }
}

// A cached part's series with the national indexes' hours, in one store call at most: the
// 24 hours that end at `now` of an own installation (per request), and the older clock hours
// when the part does not hold them yet (once per part).
async function readIndexHours(
  store: MeasurementStore,
  installation: Pick<Installation, 'id' | 'vendor'>,
  windows: MeasurementWindows,
  part: CachedHours,
): Promise<InstallationSeries> {
  const moving = installation.vendor ? movingHourWindows(windows.current) : [];
  const older =
    part.older === undefined
      ? hourlyWindows(windows.history[0]!.fromMs - OLDER_HOURS * MS_PER_HOUR, OLDER_HOURS)
      : [];
  const wanted = [...moving, ...older];
  const records =
    wanted.length === 0
      ? []
      : (await readWindows(store, installation.id, wanted)).map(finiteAverages);
  // A concurrent request may have filled it meanwhile, from the same data version.
  if (part.older === undefined) part.older = Object.freeze(records.slice(moving.length));
  const movingHours = installation.vendor ? records.slice(0, moving.length) : undefined;
  const current = currentWindow(
    installation.vendor,
    windows,
    movingHours?.at(-1) ?? NO_VALUES,
    part.history,
  );
  return {
    current,
    history: part.history,
    forecast: part.forecast,
    older: part.older,
    currentHours: currentHours(current, windows, movingHours, part.older, part.history),
  };
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
