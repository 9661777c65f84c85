import { describeValue } from '../time/instant.js';
import type { TimeWindow } from '../time/windows.js';

/**
 * Throws unless `value` is a finite number.
 *
 * @throws TypeError when `value` is not a number; RangeError when it is NaN or ±Infinity
 * @example
 * assertFiniteNumber('InMemoryStore.pruneBefore', 'atMs', Number.NaN);
 * // RangeError: InMemoryStore.pruneBefore: atMs must be a finite number, got NaN
 */
export function assertFiniteNumber(
  functionName: string,
  parameterName: string,
  value: unknown,
): void {
  if (typeof value === 'number' && Number.isFinite(value)) return;
  const message = `${functionName}: ${parameterName} must be a finite number, got ${describeValue(value)}`;
  throw typeof value === 'number' ? new RangeError(message) : new TypeError(message);
}

/**
 * Checks the windows of a `windowAverages` call: an array of `{ fromMs, tillMs }` with finite
 * numbers and `fromMs <= tillMs` (an empty window is fine; it has no samples).
 *
 * @throws TypeError / RangeError naming the window's position and value
 * @example
 * assertWindows('InMemoryStore.windowAverages', [{ fromMs: 2, tillMs: 1 }]);
 * // RangeError: InMemoryStore.windowAverages: windows[0].fromMs must not be after tillMs, got {"fromMs":2,"tillMs":1}
 */
export function assertWindows(functionName: string, windows: readonly TimeWindow[]): void {
  if (!Array.isArray(windows)) {
    throw new TypeError(`${functionName}: windows must be an array, got ${describeValue(windows)}`);
  }
  for (let w = 0; w < windows.length; w++) {
    const window: unknown = windows[w];
    const { fromMs, tillMs } = (
      typeof window === 'object' && window !== null ? window : {}
    ) as Partial<TimeWindow>;
    if (!Number.isFinite(fromMs) || !Number.isFinite(tillMs)) {
      throw new TypeError(
        `${functionName}: windows[${w}] must have finite fromMs and tillMs, got ${describeValue(window)}`,
      );
    }
    if ((fromMs as number) > (tillMs as number)) {
      throw new RangeError(
        `${functionName}: windows[${w}].fromMs must not be after tillMs, got ${describeValue(window)}`,
      );
    }
  }
}

/**
 * Whether `value` has a numeric `length` (an array or a typed array).
 *
 * @example
 * isNumberArrayLike(new Float64Array(2)); // true
 */
export function isNumberArrayLike(value: unknown): value is ArrayLike<number> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ArrayLike<number>).length === 'number'
  );
}
