// Rounding steps of the national indexes, made safe against binary noise. Their tables are
// exact decimals, but a product such as 50 / 35 × 4.9 lands at 7.000000000000001 and a
// conversion such as 1281.32 µg/m³ of SO2 at 488.99999999999994 ppb. Nudging by ε = 1e-9
// before the floor or the ceiling puts such values back on the decimal they stand for
// (decided for every national index).

/** The tolerance of every float-safe step: far below any table's resolution. */
export const FLOAT_SAFE_EPSILON = 1e-9;

/**
 * Truncates `x` to `decimals` places: `floor(x·10^d + ε) / 10^d`. US AQI inputs are truncated
 * this way before the table lookup. ε is absolute, so it absorbs binary noise only while
 * x·10^d stays below about 2^25, far above any value an index table reads.
 *
 * @param x - a non-negative concentration
 * @param decimals - 0 (integer), 1 or 3
 * @example
 * truncateTo(9.05, 1); // 9
 * truncateTo(488.99999999999994, 0); // 489
 */
export function truncateTo(x: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.floor(x * scale + FLOAT_SAFE_EPSILON) / scale;
}

/**
 * Rounds half up to an integer: `floor(x + 0.5 + ε)`.
 *
 * @example
 * roundHalfUpInteger(65.5); // 66
 * roundHalfUpInteger(74.66); // 75
 */
export function roundHalfUpInteger(x: number): number {
  return Math.floor(x + 0.5 + FLOAT_SAFE_EPSILON);
}

/**
 * Rounds up to an integer, ignoring noise just above one: `ceil(x − ε)` (China's IAQI).
 *
 * @example
 * ceilInteger(7.000000000000001); // 7
 * ceilInteger(100.1); // 101
 */
export function ceilInteger(x: number): number {
  // `+ 0` turns the −0 that ceil gives just below zero (x = 0 − ε) into 0.
  return Math.ceil(x - FLOAT_SAFE_EPSILON) + 0;
}
