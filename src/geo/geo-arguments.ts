import { describeValue } from '../time/instant.js';

// Argument checks shared by the geo entry points. Each throws once, at the boundary, with a
// message that names the function, the parameter and the offending value.

/** Throws unless `value` is a number in [-90, 90]. */
export function checkLatitude(functionName: string, parameterName: string, value: unknown): void {
  checkNumberInRange(functionName, parameterName, value, -90, 90);
}

/** Throws unless `value` is a number in [-180, 180]. */
export function checkLongitude(functionName: string, parameterName: string, value: unknown): void {
  checkNumberInRange(functionName, parameterName, value, -180, 180);
}

/** Throws unless `value` is a number in `[min, max]` (NaN and ±Infinity are rejected). */
export function checkNumberInRange(
  functionName: string,
  parameterName: string,
  value: unknown,
  min: number,
  max: number,
): void {
  if (typeof value !== 'number') {
    throw new TypeError(
      `${functionName}: ${parameterName} must be a number, got ${describeValue(value)}`,
    );
  }
  // Written so that NaN fails too.
  if (!(value >= min && value <= max)) {
    throw new RangeError(
      `${functionName}: ${parameterName} must be a finite number in [${min}, ${max}], got ${describeValue(value)}`,
    );
  }
}

/** Throws unless `value` is a number that is not NaN (±Infinity allowed). */
export function checkNotNaN(functionName: string, parameterName: string, value: unknown): void {
  if (typeof value !== 'number') {
    throw new TypeError(
      `${functionName}: ${parameterName} must be a number, got ${describeValue(value)}`,
    );
  }
  if (Number.isNaN(value)) {
    throw new RangeError(`${functionName}: ${parameterName} must not be NaN, got NaN`);
  }
}
