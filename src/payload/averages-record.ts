import { FORECAST_POLLUTANTS, type ForecastHour } from '../forecast/forecaster.js';
import type { WindowAverages } from '../model/window-averages.js';

// Records coming from a store or a forecaster are ports that users may implement themselves,
// so payload assembly keeps only finite numbers from them: a NaN from outside can never reach
// a payload.

const EMPTY: WindowAverages = Object.freeze({});

/**
 * The finite numeric entries of `averages` (the record itself when it has nothing else), so
 * that a misbehaving store can never put `NaN` or `Infinity` into a payload.
 *
 * @example
 * finiteAverages({ PM10: 20, PM25: Number.NaN }); // { PM10: 20 }
 */
export function finiteAverages(averages: WindowAverages | undefined): WindowAverages {
  if (typeof averages !== 'object' || averages === null) return EMPTY;
  const names = Object.keys(averages);
  if (names.every((name) => isFiniteNumber(averages[name]))) return averages;
  const clean: Record<string, number> = {};
  for (const name of names) {
    const value = averages[name];
    if (isFiniteNumber(value)) clean[name] = value;
  }
  return Object.freeze(clean);
}

/**
 * A forecast hour as window averages: PM25 and PM10 only, finite, clamped at 0 (a forecast of
 * a concentration is never negative, whatever a custom forecaster returns).
 *
 * @example
 * forecastAverages({ PM10: -2, PM25: 7.5 }); // { PM25: 7.5, PM10: 0 }
 * forecastAverages(undefined); // {}
 */
export function forecastAverages(hour: ForecastHour | undefined): WindowAverages {
  if (typeof hour !== 'object' || hour === null) return EMPTY;
  const clean: Record<string, number> = {};
  let any = false;
  for (const pollutant of FORECAST_POLLUTANTS) {
    const value = hour[pollutant];
    if (!isFiniteNumber(value)) continue;
    clean[pollutant] = Math.max(value, 0);
    any = true;
  }
  return any ? Object.freeze(clean) : EMPTY;
}

/**
 * Whether a window has any value at all (of any measurement type).
 *
 * @example
 * hasAnyValue({}); // false
 * hasAnyValue({ TEMPERATURE: -3 }); // true
 */
export function hasAnyValue(averages: WindowAverages): boolean {
  return Object.keys(averages).some((name) => averages[name] !== undefined);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
