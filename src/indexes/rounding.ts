import { argumentError } from '../arguments/describe-value.js';

// A product like 1.1 * 100 lands a few units in the last place away from the integer it
// stands for (110.00000000000001). Within this distance, counted in hundredths, a scaled value
// is treated as lying exactly on the 2-decimal grid: relative for ordinary magnitudes, never
// looser than an absolute millionth of a hundredth, never tighter than 1e-9 of one.
const GRID_RELATIVE_TOLERANCE = 1e-9;
const GRID_ABSOLUTE_TOLERANCE_MAX = 1e-6;

// From 2^52 hundredths on, a double has no fractional hundredths left to round.
const NOTHING_TO_ROUND = 2 ** 52;

function gridTolerance(hundredths: number): number {
  return Math.min(
    GRID_ABSOLUTE_TOLERANCE_MAX,
    GRID_RELATIVE_TOLERANCE * Math.max(1, Math.abs(hundredths)),
  );
}

function requireFinite(functionName: string, x: number): void {
  if (typeof x !== 'number' || !Number.isFinite(x)) {
    throw argumentError(RangeError, functionName, 'x', 'must be a finite number', x);
  }
}

/**
 * Rounds to 2 decimals, halves away from zero, as the payload shows measured values and WHO
 * percentages. Binary noise is absorbed first: `1.005` is stored as 1.00499999999999989…, yet
 * it is meant as a half and rounds up. Negative values round symmetrically (`-1.005` →
 * `-1.01`). The result is the double closest to the decimal (`n / 100`), and `-0` comes back
 * as `0`.
 *
 * @param x - any finite number
 * @returns `x` rounded half-up to 2 decimals
 * @throws RangeError when `x` is `NaN` or infinite
 * @example
 * roundHalfUp2(1.005); // 1.01
 * roundHalfUp2(2.675); // 2.68
 * roundHalfUp2(1.004); // 1
 * roundHalfUp2(-1.005); // -1.01
 */
export function roundHalfUp2(x: number): number {
  requireFinite('roundHalfUp2', x);
  const hundredths = Math.abs(x) * 100;
  if (hundredths >= NOTHING_TO_ROUND) return x;
  const whole = Math.floor(hundredths);
  const rounded = hundredths - whole >= 0.5 - gridTolerance(hundredths) ? whole + 1 : whole;
  return x < 0 && rounded !== 0 ? -rounded / 100 : rounded / 100;
}

/**
 * Rounds up (toward +∞) to 2 decimals, as the shown index value is rounded so that it never
 * understates the pollution. A value that already lies on the 2-decimal grid, up to binary
 * noise, comes back unchanged: `22.1` stays `22.1` although `22.1 * 100` is 2210.0000000000005.
 * The price of that tolerance: a raw value a hair above a grid value shows as that grid value,
 * so the result can undercut `x` by at most a billionth of `x` (at most 1e-8 in absolute terms,
 * 1e-11 below 0.01), never more; otherwise it exceeds `x` by less than 0.01.
 *
 * @param x - any finite number
 * @returns the smallest 2-decimal value that is not below `x` (up to binary noise)
 * @throws RangeError when `x` is `NaN` or infinite
 * @example
 * roundUp2(68.24375); // 68.25
 * roundUp2(1.1); // 1.1
 * roundUp2(109.0909); // 109.1
 */
export function roundUp2(x: number): number {
  requireFinite('roundUp2', x);
  const hundredths = x * 100;
  if (Math.abs(hundredths) >= NOTHING_TO_ROUND) return x;
  const nearest = Math.round(hundredths);
  const onGrid = Math.abs(hundredths - nearest) <= gridTolerance(hundredths);
  const rounded = onGrid ? nearest : Math.ceil(hundredths);
  // `+ 0` turns -0 (from ceil of a small negative) into 0.
  return rounded / 100 + 0;
}
