import { checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { Forecaster, ForecastHour, ForecastInput, ForecastPollutant } from './forecaster.js';
import { FORECAST_POLLUTANTS } from './forecaster.js';
import { checkForecastInput, latestValueIndex, pollutantAt } from './history-access.js';

/** Tuning knobs of {@link baselineForecast}. */
export interface BaselineForecastOptions {
  /**
   * Share of the latest hour's departure from the level that survives each further hour,
   * in (0, 1]. Default 0.98 (tuned on January 2019 in Kraków, see docs/forecast.md).
   */
  readonly dampingPerHour?: number | undefined;
  /**
   * Weight of the same hour one day earlier against the 24-hour mean in the level the
   * forecast relaxes to, in [0, 1]. Default 0.5.
   */
  readonly diurnalWeight?: number | undefined;
  /**
   * Minimum number of hours with a value among the last 24 for a pollutant to be forecast
   * at all (an integer in [1, 24]). Default 6.
   */
  readonly minHistoryHours?: number | undefined;
}

/** The defaults of {@link BaselineForecastOptions}. */
export const BASELINE_FORECAST_DEFAULTS = Object.freeze({
  dampingPerHour: 0.98,
  diurnalWeight: 0.5,
  minHistoryHours: 6,
} as const);

/** Hours of history the baseline looks at: one day. */
export const BASELINE_HISTORY_HOURS = 24;

/**
 * The default forecast: damped persistence of the latest hourly value towards a level that
 * mixes the last 24 hours' mean with the value of the same hour one day earlier. For a target
 * hour `k` hours after the latest observed hour `x`:
 *
 * `level = mean24 + diurnalWeight · (sameHourYesterday − mean24)` (just `mean24` when that
 * hour is missing), `forecast = max(0, level + (x − level) · dampingPerHour^k)`.
 *
 * Each of PM25 and PM10 is forecast on its own; a pollutant with fewer than
 * `minHistoryHours` values in the last 24 hours is left out, and an hour with neither is
 * `undefined`. Pure and synchronous. On a constant history `c ≥ 0` it returns exactly `c`.
 *
 * @param input - the last hours (at least the last 24 are used) and the hours to forecast
 * @param options - see {@link BaselineForecastOptions}
 * @returns one entry per element of `input.windows`
 * @throws TypeError / RangeError on a malformed input or option
 * @example
 * const history = Array.from({ length: 24 }, () => ({ PM10: 40 }));
 * history[23] = { PM10: 60 };
 * baselineForecast({ history, windows: hourlyWindows(0, 2) });
 * // mean 40.83, level 40.42 (same hour yesterday was 40):
 * // [{ PM10: 59.608… }, { PM10: 59.224… }]
 */
export function baselineForecast(
  input: ForecastInput,
  options: BaselineForecastOptions = {},
): (ForecastHour | undefined)[] {
  const settings = resolveBaselineOptions('baselineForecast', options);
  checkForecastInput('baselineForecast', input);
  return forecastWith(input, settings);
}

/**
 * A {@link Forecaster} running {@link baselineForecast} with the given options, validated
 * once here.
 *
 * @example
 * const gentle = createBaselineForecaster({ dampingPerHour: 0.9 });
 * gentle.historyHours; // 24
 */
export function createBaselineForecaster(options: BaselineForecastOptions = {}): Forecaster {
  const settings = resolveBaselineOptions('createBaselineForecaster', options);
  return Object.freeze({
    historyHours: BASELINE_HISTORY_HOURS,
    forecast(input: ForecastInput) {
      checkForecastInput('baselineForecaster.forecast', input);
      return forecastWith(input, settings);
    },
  });
}

/**
 * The default forecaster of the measurements service: {@link baselineForecast} with
 * {@link BASELINE_FORECAST_DEFAULTS}.
 *
 * @example
 * baselineForecaster.forecast({ history: [], windows: hourlyWindows(0, 1) }); // [undefined]
 */
export const baselineForecaster: Forecaster = createBaselineForecaster();

type BaselineSettings = { readonly [K in keyof BaselineForecastOptions]-?: number };

function forecastWith(
  input: ForecastInput,
  settings: BaselineSettings,
): (ForecastHour | undefined)[] {
  const hours: Partial<Record<ForecastPollutant, number>>[] = input.windows.map(() => ({}));
  for (const pollutant of FORECAST_POLLUTANTS) {
    forecastPollutant(input, pollutant, settings, hours);
  }
  return hours.map((hour) => (Object.keys(hour).length > 0 ? Object.freeze(hour) : undefined));
}

function forecastPollutant(
  input: ForecastInput,
  pollutant: ForecastPollutant,
  settings: BaselineSettings,
  into: Partial<Record<ForecastPollutant, number>>[],
): void {
  const { history } = input;
  const dayStart = Math.max(0, history.length - BASELINE_HISTORY_HOURS);
  // The mean is taken as anchor + mean of differences, so that a constant history gives
  // back exactly that constant (a plain sum / count can be off by one unit in the last place).
  let anchor: number | undefined;
  let count = 0;
  let differenceSum = 0;
  for (let i = dayStart; i < history.length; i++) {
    const value = pollutantAt(history, i, pollutant);
    if (value === undefined) continue;
    anchor ??= value;
    differenceSum += value - anchor;
    count++;
  }
  if (anchor === undefined || count < settings.minHistoryHours) return;
  const mean = anchor + differenceSum / count;
  const latestIndex = latestValueIndex(history, pollutant, dayStart)!; // count > 0
  const latest = pollutantAt(history, latestIndex, pollutant)!;
  for (let j = 0; j < into.length; j++) {
    const targetIndex = history.length + j;
    const dayBefore = targetIndex - BASELINE_HISTORY_HOURS * (Math.floor(j / 24) + 1);
    const sameHour = pollutantAt(history, dayBefore, pollutant);
    // Written as "base + weight × difference" so that equal terms give the base exactly.
    const level = sameHour === undefined ? mean : mean + settings.diurnalWeight * (sameHour - mean);
    const damping = settings.dampingPerHour ** (targetIndex - latestIndex);
    const forecast = level + (latest - level) * damping;
    if (Number.isFinite(forecast)) into[j]![pollutant] = Math.max(forecast, 0);
  }
}

function resolveBaselineOptions(where: string, options: BaselineForecastOptions): BaselineSettings {
  checkObject(where, 'options', options);
  const {
    dampingPerHour = BASELINE_FORECAST_DEFAULTS.dampingPerHour,
    diurnalWeight = BASELINE_FORECAST_DEFAULTS.diurnalWeight,
    minHistoryHours = BASELINE_FORECAST_DEFAULTS.minHistoryHours,
  } = options;
  if (typeof dampingPerHour !== 'number' || !(dampingPerHour > 0 && dampingPerHour <= 1)) {
    throw argumentError(
      RangeError,
      where,
      'options.dampingPerHour',
      'must be a number in (0, 1]',
      dampingPerHour,
    );
  }
  if (typeof diurnalWeight !== 'number' || !(diurnalWeight >= 0 && diurnalWeight <= 1)) {
    throw argumentError(
      RangeError,
      where,
      'options.diurnalWeight',
      'must be a number in [0, 1]',
      diurnalWeight,
    );
  }
  if (!Number.isInteger(minHistoryHours) || minHistoryHours < 1 || minHistoryHours > 24) {
    throw argumentError(
      RangeError,
      where,
      'options.minHistoryHours',
      'must be an integer in [1, 24]',
      minHistoryHours,
    );
  }
  return { dampingPerHour, diurnalWeight, minHistoryHours };
}
