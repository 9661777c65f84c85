import type { ReferenceIndex, ReferenceLevel } from './index-reference-tables.js';

/**
 * Brute-force GIOŚ class: how many class bounds the concentration exceeds (a value equal to
 * a bound stays in that class). 0 = VERY_GOOD … 5 = VERY_BAD.
 */
export function giosClassIndex(bounds: readonly number[], concentration: number): number {
  let exceeded = 0;
  for (const bound of bounds) if (Math.max(concentration, 0) > bound) exceeded++;
  return exceeded;
}

/**
 * Sub-index written the obvious way, independently of src: collect every segment, pick the
 * one that holds the concentration (or the last one above the grid) and interpolate.
 */
export function naiveSubIndex(
  concentration: number,
  concentrations: readonly number[],
  indexValues: readonly number[],
): number {
  const c = Math.max(concentration, 0);
  const segments = concentrations.slice(1).map((high, i) => ({
    cLow: concentrations[i]!,
    cHigh: high,
    iLow: indexValues[i]!,
    iHigh: indexValues[i + 1]!,
  }));
  const segment = segments.find((s) => c <= s.cHigh) ?? segments[segments.length - 1]!;
  const slope = (segment.iHigh - segment.iLow) / (segment.cHigh - segment.cLow);
  return segment.iLow + slope * (c - segment.cLow);
}

/**
 * The unrounded index of a reference index: the largest naive sub-index of the counted
 * pollutants that are present as finite numbers, or `null` when none is.
 */
export function naiveRawIndex(
  index: ReferenceIndex,
  concentrations: Readonly<Record<string, number>>,
  counted: readonly string[] = index.countedPollutants,
): number | null {
  let raw: number | null = null;
  for (const pollutant of counted) {
    const c = concentrations[pollutant];
    const grid = index.grids[pollutant];
    if (c === undefined || !Number.isFinite(c) || grid === undefined) continue;
    const sub = naiveSubIndex(c, grid, index.indexBreakpoints);
    raw = raw === null ? sub : Math.max(raw, sub);
  }
  return raw;
}

/** Whether `value` lies in the level's range, honouring the index's level bounds. */
export function levelHolds(index: ReferenceIndex, level: ReferenceLevel, value: number): boolean {
  const isFirst = index.levels[0] === level;
  const max = level.maxValue ?? Number.POSITIVE_INFINITY;
  if (index.levelBounds === 'lower-inclusive') return value >= level.minValue && value < max;
  return (value > level.minValue || (isFirst && value >= level.minValue)) && value <= max;
}

/**
 * Brute-force level of an index value: every level whose range holds it (there must be exactly
 * one); a value below 0 belongs to the first level.
 */
export function referenceLevel(index: ReferenceIndex, value: number): ReferenceLevel {
  if (value < 0) return index.levels[0]!;
  const holding = index.levels.filter((level) => levelHolds(index, level, value));
  if (holding.length !== 1) {
    throw new Error(`referenceLevel: ${holding.length} levels of ${index.name} hold ${value}`);
  }
  return holding[0]!;
}

/** Whether `x` is on the 2-decimal grid (it prints with at most 2 decimals). */
export function hasAtMostTwoDecimals(x: number): boolean {
  return Number(x.toFixed(2)) === x;
}

/**
 * Half-up (away from zero) rounding to 2 decimals of the decimal that `x` prints as (its
 * shortest round-trip text, so `1.005` is the decimal 1.005 and goes up), done in exact
 * integer arithmetic on the digits. Returns the double nearest to the rounded decimal, never -0.
 */
export function halfUp2OfPrintedDecimal(x: number): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (match === null) throw new RangeError(`halfUp2OfPrintedDecimal: not a finite number: ${x}`);
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  // x = digits × 10^scale, exactly.
  const digits = BigInt(`${whole}${fraction}`);
  const scale = Number(exponentText) - fraction.length;
  // The value in hundredths is digits × 10^(scale + 2); round its fraction half-up.
  const shift = scale + 2;
  let hundredths: bigint;
  if (shift >= 0) hundredths = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    hundredths = digits / divisor + (2n * (digits % divisor) >= divisor ? 1n : 0n);
  }
  // Parsing the decimal text gives the double nearest to it, at any magnitude.
  const magnitude = Number(`${hundredths}e-2`);
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}
