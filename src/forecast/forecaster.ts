import type { WindowAverages } from '../model/window-averages.js';
import type { TimeWindow } from '../time/windows.js';

/** The measurement types a forecast carries, in payload order. */
export const FORECAST_POLLUTANTS = Object.freeze(['PM25', 'PM10'] as const);

/** A measurement type that a forecast carries. */
export type ForecastPollutant = (typeof FORECAST_POLLUTANTS)[number];

/**
 * The anticipated hourly average of one forecast hour, µg/m³. A pollutant the forecaster
 * cannot predict is absent (never `NaN`, never negative).
 */
export type ForecastHour = Readonly<Partial<Record<ForecastPollutant, number>>>;

/**
 * What a forecaster sees: the installation's own hourly history and the hours to predict.
 * The hours are consecutive, so `history[history.length - 1]` is the hour right before
 * `windows[0]`, and the hour `k` hours before `windows[0]` is `history[history.length - k]`.
 */
export interface ForecastInput {
  /**
   * Averages of the full hours before `windows[0]`, oldest first, one record per hour
   * (`{ PM25?, PM10?, ... }`, µg/m³). An hour without samples is an empty record.
   */
  readonly history: readonly WindowAverages[];
  /** The hours to forecast, oldest first; the first one contains the request time. */
  readonly windows: readonly TimeWindow[];
}

/**
 * The forecasting port of the measurements service. An implementation is a pure, synchronous
 * function of its input (the service gathers the history, so a forecaster never does I/O and
 * never reads the clock).
 *
 * @example
 * const flat: Forecaster = {
 *   historyHours: 1,
 *   forecast: ({ history, windows }) => windows.map(() => ({ PM10: history[0]?.PM10 ?? 0 })),
 * };
 * flat.forecast({ history: [{ PM10: 30 }], windows: hourlyWindows(0, 2) }); // [{PM10: 30}, {PM10: 30}]
 */
export interface Forecaster {
  /**
   * How many full hours of history `forecast` wants (a positive integer). The service always
   * passes at least 24, because it reads them for the payload's `history` anyway.
   */
  readonly historyHours: number;
  /**
   * One entry per element of `input.windows`, in the same order; `undefined` (or an empty
   * record) means "no forecast for this hour".
   */
  forecast(input: ForecastInput): readonly (ForecastHour | undefined)[];
}
