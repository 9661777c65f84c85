export {
  BASELINE_FORECAST_DEFAULTS,
  BASELINE_HISTORY_HOURS,
  type BaselineForecastOptions,
  baselineForecast,
  baselineForecaster,
  createBaselineForecaster,
} from './baseline-forecaster.js';
export {
  FORECAST_POLLUTANTS,
  type Forecaster,
  type ForecastHour,
  type ForecastInput,
  type ForecastPollutant,
} from './forecaster.js';
export {
  persistenceForecast,
  persistenceForecaster,
  sameHourYesterdayForecast,
  sameHourYesterdayForecaster,
} from './reference-forecasters.js';
