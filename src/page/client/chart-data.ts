import type { AveragedValues, Measurements } from '../../model/api-types.js';

/** What the 48-hour chart draws, as uPlot's aligned columns plus the hours' colours. */
export interface ChartData {
  /** Middle of each hour, epoch seconds (uPlot's time unit). */
  readonly hourMidSec: number[];
  /** Start and end of each hour, epoch seconds. */
  readonly hourStartSec: number[];
  readonly hourEndSec: number[];
  /** The index level's colour of each hour (`#RRGGBB`), `undefined` where there is no index. */
  readonly levelColors: (string | undefined)[];
  /** Where the forecast begins, epoch seconds (the end of the last history hour). */
  readonly forecastStartSec: number;
  /** The history lines end at the last history hour; the forecast lines start there too, so the two join. */
  readonly pm25History: (number | null)[];
  readonly pm25Forecast: (number | null)[];
  readonly pm10History: (number | null)[];
  readonly pm10Forecast: (number | null)[];
  /** How many hours are drawn (history and forecast). */
  readonly hours: number;
}

function measuredValue(window: AveragedValues, name: string): number | null {
  return window.values.find((value) => value.name === name)?.value ?? null;
}

function seconds(timestamp: string): number {
  return Date.parse(timestamp) / 1000;
}

/**
 * The chart's columns from a Measurements payload: its 24 history hours then its 24 forecast
 * hours (in the payload's order, which the spec makes one uninterrupted run of 48 hours).
 * History and forecast are separate series so the forecast can be drawn differently; the
 * forecast series also holds the last history hour, so the dashed line starts where the
 * solid one ends.
 */
export function chartData(payload: Measurements): ChartData {
  const windows = [...payload.history, ...payload.forecast];
  const historyCount = payload.history.length;
  const series = (name: string, forecast: boolean) =>
    windows.map((window, i) => {
      const inHistory = i < historyCount;
      const joins = forecast && i === historyCount - 1;
      return inHistory !== forecast || joins ? measuredValue(window, name) : null;
    });
  const last = payload.history.at(-1);
  return {
    hourMidSec: windows.map((w) => (seconds(w.fromDateTime) + seconds(w.tillDateTime)) / 2),
    hourStartSec: windows.map((w) => seconds(w.fromDateTime)),
    hourEndSec: windows.map((w) => seconds(w.tillDateTime)),
    levelColors: windows.map((w) => {
      const index = w.indexes[0];
      return index === undefined || index.value === null ? undefined : index.color;
    }),
    forecastStartSec:
      last === undefined ? seconds(payload.current.tillDateTime) : seconds(last.tillDateTime),
    pm25History: series('PM25', false),
    pm25Forecast: series('PM25', true),
    pm10History: series('PM10', false),
    pm10Forecast: series('PM10', true),
    hours: windows.length,
  };
}
