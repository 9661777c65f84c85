import type { Forecaster, ForecastHour, ForecastInput, ForecastPollutant } from './forecaster.js';
import { FORECAST_POLLUTANTS } from './forecaster.js';
import { checkForecastInput, latestValueIndex, pollutantAt } from './history-access.js';

// The naive forecasts that the baseline has to beat (see scripts/forecast-eval.ts). They are
// public so that anyone can repeat the comparison on their own data.

const DAY_HOURS = 24;

/**
 * Persistence: every hour ahead equals the newest hourly value of the last 24 hours.
 * A pollutant without any value in the last 24 hours is left out.
 *
 * @example
 * persistenceForecast({ history: [{ PM10: 30 }, { PM10: 35 }], windows: hourlyWindows(0, 2) });
 * // [{ PM10: 35 }, { PM10: 35 }]
 */
export function persistenceForecast(input: ForecastInput): (ForecastHour | undefined)[] {
  checkForecastInput('persistenceForecast', input);
  const { history } = input;
  const hour: Partial<Record<ForecastPollutant, number>> = {};
  for (const pollutant of FORECAST_POLLUTANTS) {
    const index = latestValueIndex(history, pollutant, history.length - DAY_HOURS);
    if (index !== undefined) hour[pollutant] = pollutantAt(history, index, pollutant)!;
  }
  const entry = Object.keys(hour).length > 0 ? Object.freeze(hour) : undefined;
  return input.windows.map(() => entry);
}

/**
 * Same hour yesterday: the forecast for an hour is the value of the hour 24 hours earlier
 * (48 hours earlier for a second forecast day, and so on); missing when that hour is missing.
 *
 * @example
 * const history = Array.from({ length: 24 }, (_, i) => ({ PM25: i }));
 * sameHourYesterdayForecast({ history, windows: hourlyWindows(0, 2) }); // [{ PM25: 0 }, { PM25: 1 }]
 */
export function sameHourYesterdayForecast(input: ForecastInput): (ForecastHour | undefined)[] {
  checkForecastInput('sameHourYesterdayForecast', input);
  const { history } = input;
  return input.windows.map((_, j) => {
    const dayBefore = history.length + j - DAY_HOURS * (Math.floor(j / DAY_HOURS) + 1);
    const hour: Partial<Record<ForecastPollutant, number>> = {};
    for (const pollutant of FORECAST_POLLUTANTS) {
      const value = pollutantAt(history, dayBefore, pollutant);
      if (value !== undefined) hour[pollutant] = value;
    }
    return Object.keys(hour).length > 0 ? Object.freeze(hour) : undefined;
  });
}

/**
 * {@link persistenceForecast} as a {@link Forecaster}.
 *
 * @example
 * persistenceForecaster.historyHours; // 24
 */
export const persistenceForecaster: Forecaster = Object.freeze({
  historyHours: DAY_HOURS,
  forecast: persistenceForecast,
});

/**
 * {@link sameHourYesterdayForecast} as a {@link Forecaster}.
 *
 * @example
 * sameHourYesterdayForecaster.historyHours; // 24
 */
export const sameHourYesterdayForecaster: Forecaster = Object.freeze({
  historyHours: DAY_HOURS,
  forecast: sameHourYesterdayForecast,
});
