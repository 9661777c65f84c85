import { checkObject, checkOneOf, checkOptionalFunction } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { baselineForecaster } from '../forecast/baseline-forecaster.js';
import type { Forecaster } from '../forecast/forecaster.js';
import { DEFAULT_WHO_EDITION, WHO_EDITIONS, type WhoEdition } from '../standards/who.js';
import type { MeasurementStore } from '../store/measurement-store.js';

/** Options of {@link createMeasurementsService}. */
export interface MeasurementsServiceOptions {
  /** Where installations and samples come from (e.g. an `InMemoryStore`). */
  readonly store: MeasurementStore;
  /** Produces the 24 forecast hours. Default {@link baselineForecaster}. */
  readonly forecaster?: Forecaster;
  /** Guideline edition of the `standards` entries. Default `WHO_2021`. */
  readonly whoEdition?: WhoEdition;
  /**
   * How many installations, and separately how many query points, keep their hourly history
   * and forecast (with rendered elements and JSON: about 60 KB per entry and index/language
   * variant on the sample network) when the store implements `dataVersion`. Least recently
   * used go first; 0 turns the cache off. Default {@link DEFAULT_CACHE_SIZE}.
   */
  readonly cacheSize?: number;
}

/** The most history a forecaster may ask for: 31 days, so one request stays bounded. */
export const MAX_FORECAST_HISTORY_HOURS = 24 * 31;

/** Default `cacheSize` of the measurements service: entries per cache. */
export const DEFAULT_CACHE_SIZE = 1024;

const WHERE = 'createMeasurementsService';

/**
 * Validates the service options once, at creation, and applies the defaults.
 *
 * @throws TypeError / RangeError naming the offending option
 * @example
 * resolveServiceOptions({ store }).whoEdition; // 'WHO_2021'
 */
export function resolveServiceOptions(
  options: MeasurementsServiceOptions,
): Required<MeasurementsServiceOptions> {
  checkObject(WHERE, 'options', options);
  const {
    store,
    forecaster = baselineForecaster,
    whoEdition = DEFAULT_WHO_EDITION,
    cacheSize = DEFAULT_CACHE_SIZE,
  } = options;
  checkStore(store);
  checkForecaster(forecaster);
  checkOneOf(WHERE, 'options.whoEdition', whoEdition, WHO_EDITIONS);
  if (!Number.isSafeInteger(cacheSize) || cacheSize < 0) {
    throw argumentError(
      RangeError,
      WHERE,
      'options.cacheSize',
      'must be a non-negative integer',
      cacheSize,
    );
  }
  return { store, forecaster, whoEdition, cacheSize };
}

function checkStore(store: MeasurementStore): void {
  if (typeof store !== 'object' || store === null) {
    throw argumentError(TypeError, WHERE, 'options.store', 'must be a MeasurementStore', store);
  }
  for (const method of ['findInstallation', 'listActiveInstallations', 'windowAverages'] as const) {
    if (typeof store[method] !== 'function') {
      throw new TypeError(
        `${WHERE}: options.store must be a MeasurementStore, got an object without ${method}()`,
      );
    }
  }
  checkOptionalFunction(WHERE, 'options.store.dataVersion', store.dataVersion);
  if (typeof store.installationsVersion !== 'number') {
    throw argumentError(
      TypeError,
      WHERE,
      'options.store.installationsVersion',
      'must be a number',
      store.installationsVersion,
    );
  }
}

function checkForecaster(forecaster: Forecaster): void {
  if (
    typeof forecaster !== 'object' ||
    forecaster === null ||
    typeof forecaster.forecast !== 'function'
  ) {
    throw argumentError(
      TypeError,
      WHERE,
      'options.forecaster',
      'must be an object with a forecast() method',
      forecaster,
    );
  }
  const hours = forecaster.historyHours;
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_FORECAST_HISTORY_HOURS) {
    throw argumentError(
      RangeError,
      WHERE,
      'options.forecaster.historyHours',
      `must be an integer in [1, ${MAX_FORECAST_HISTORY_HOURS}]`,
      hours,
    );
  }
}
