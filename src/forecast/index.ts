export {
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
export { persistenceForecaster, sameHourYesterdayForecaster } from './reference-forecasters.js';
