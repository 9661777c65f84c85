// The one way airq prints an offending value inside an error message. Internal: the package
// does not export it, since its output is for people reading errors, not for programs.

/**
 * A short printable form of any value, for error messages: strings quoted, bigints with `n`,
 * dates as ISO text, objects as JSON (or their tag when they cannot be serialised).
 *
 * @param value - anything a caller passed
 * @returns a one-line description
 * @example
 * describeValue('x'); // '"x"'
 * describeValue(Number.NaN); // 'NaN'
 * describeValue({ a: 1 }); // '{"a":1}'
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Date)
    return `Date(${Number.isNaN(value.getTime()) ? 'Invalid' : value.toISOString()})`;
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  return String(value);
}

/**
 * Builds the error every argument check throws: `<function>: <parameter> <expectation>, got
 * <value>`. Every check in airq goes through here, so messages share one shape.
 *
 * @param ErrorType - `TypeError` for a value of the wrong kind, `RangeError` for one out of range
 * @param functionName - the public function or method, as a user would write it
 * @param parameterName - the parameter, with its path (`options.now`, `windows[2]`)
 * @param expectation - what was expected, starting with a verb (`must be a number`)
 * @param value - the value that was passed
 * @example
 * argumentError(RangeError, 'f', 'radiusKm', 'must be positive', -1).message;
 * // 'f: radiusKm must be positive, got -1'
 */
export function argumentError(
  ErrorType: typeof TypeError | typeof RangeError,
  functionName: string,
  parameterName: string,
  expectation: string,
  value: unknown,
): TypeError | RangeError {
  return new ErrorType(
    `${functionName}: ${parameterName} ${expectation}, got ${describeValue(value)}`,
  );
}
