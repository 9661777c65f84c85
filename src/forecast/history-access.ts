import { checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { ForecastInput, ForecastPollutant } from './forecaster.js';

/**
 * Throws when `input` is not shaped like a {@link ForecastInput}. Only the outer shape is
 * checked: a missing or non-finite value inside an hour is data (an hour without a value),
 * not misuse.
 *
 * @param where - the function named in the error message
 * @example
 * checkForecastInput('f', { history: [], windows: [] }); // passes
 * checkForecastInput('f', { history: null, windows: [] }); // TypeError: f: input.history must be an array, got null
 */
export function checkForecastInput(where: string, input: ForecastInput): void {
  checkObject(where, 'input', input);
  if (!Array.isArray(input.history)) {
    throw argumentError(TypeError, where, 'input.history', 'must be an array', input.history);
  }
  if (!Array.isArray(input.windows)) {
    throw argumentError(TypeError, where, 'input.windows', 'must be an array', input.windows);
  }
}

/**
 * The value of `pollutant` in hour `index` of `history`, or `undefined` when the hour is
 * outside the history, has no such value, or holds something that is not a finite number.
 *
 * @example
 * pollutantAt([{ PM10: 12 }, {}], 0, 'PM10'); // 12
 * pollutantAt([{ PM10: 12 }, {}], 1, 'PM10'); // undefined
 */
export function pollutantAt(
  history: readonly WindowAverages[],
  index: number,
  pollutant: ForecastPollutant,
): number | undefined {
  if (index < 0 || index >= history.length) return undefined;
  const value = history[index]?.[pollutant];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Index of the newest hour at or after `fromIndex` that has a value of `pollutant`, or
 * `undefined` when there is none.
 *
 * @example
 * latestValueIndex([{ PM10: 1 }, { PM10: 2 }, {}], 'PM10', 0); // 1
 */
export function latestValueIndex(
  history: readonly WindowAverages[],
  pollutant: ForecastPollutant,
  fromIndex: number,
): number | undefined {
  for (let i = history.length - 1; i >= Math.max(0, fromIndex); i--) {
    if (pollutantAt(history, i, pollutant) !== undefined) return i;
  }
  return undefined;
}
