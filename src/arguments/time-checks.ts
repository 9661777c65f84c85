// The checks of time arguments: instants (a Date or epoch milliseconds within the ECMAScript
// date range) and the windows of a window-average query.
import type { TimeWindow } from '../time/windows.js';
import { argumentError } from './describe-value.js';

// ECMAScript dates are limited to ±8.64e15 ms around the epoch.
const MAX_EPOCH_MS = 8.64e15;

/**
 * Converts a point in time (a `Date` or epoch milliseconds) to epoch milliseconds, rejecting
 * anything that is not a real instant, so a bad clock fails loudly instead of giving NaN windows.
 *
 * @returns epoch milliseconds
 * @throws TypeError when `value` is neither a `Date` nor a number; RangeError when it is an
 *   invalid date or outside the ECMAScript date range (±8.64e15 ms)
 * @example
 * checkInstant('f', 'now', new Date('2026-11-21T09:27:00.000Z')); // 1795253220000
 */
export function checkInstant(functionName: string, parameterName: string, value: unknown): number {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else {
    const expectation = 'must be a Date or epoch milliseconds';
    throw argumentError(TypeError, functionName, parameterName, expectation, value);
  }
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_EPOCH_MS) {
    const expectation = 'must be a valid point in time';
    throw argumentError(RangeError, functionName, parameterName, expectation, value);
  }
  return ms;
}

/**
 * Checks the windows of a window-average query: an array of `{ fromMs, tillMs }` with finite
 * numbers and `fromMs <= tillMs` (an empty window is fine; it has no samples).
 *
 * @throws TypeError / RangeError naming the window's position and value
 * @example
 * checkWindows('InMemoryStore.windowAverages', [{ fromMs: 2, tillMs: 1 }]);
 * // RangeError: InMemoryStore.windowAverages: windows[0].fromMs must not be after tillMs, got {"fromMs":2,"tillMs":1}
 */
export function checkWindows(functionName: string, windows: readonly TimeWindow[]): void {
  if (!Array.isArray(windows)) {
    throw argumentError(TypeError, functionName, 'windows', 'must be an array', windows);
  }
  for (let w = 0; w < windows.length; w++) {
    const window: unknown = windows[w];
    const { fromMs, tillMs } = (
      typeof window === 'object' && window !== null ? window : {}
    ) as Partial<TimeWindow>;
    if (!Number.isFinite(fromMs) || !Number.isFinite(tillMs)) {
      const expectation = 'must have finite fromMs and tillMs';
      throw argumentError(TypeError, functionName, `windows[${w}]`, expectation, window);
    }
    if ((fromMs as number) > (tillMs as number)) {
      const parameterName = `windows[${w}].fromMs`;
      throw argumentError(
        RangeError,
        functionName,
        parameterName,
        'must not be after tillMs',
        window,
      );
    }
  }
}
