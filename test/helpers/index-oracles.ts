import {
  REFERENCE_DOMINANCE_ORDER,
  type ReferenceIndex,
  type ReferenceLevel,
} from './index-reference-tables.js';

/** What the grid oracles read of an index: its grids, its scale and what counts by default. */
export type ReferenceGrids = Pick<
  ReferenceIndex,
  'grids' | 'indexBreakpoints' | 'countedPollutants'
>;

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
  index: ReferenceGrids,
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
  const { negative, digits, scale } = printedDecimal('halfUp2OfPrintedDecimal', x);
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
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

// The digits and the power of ten of the decimal that `x` prints as: x = digits × 10^scale.
function printedDecimal(
  functionName: string,
  x: number,
): { negative: boolean; digits: bigint; scale: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (match === null) throw new RangeError(`${functionName}: not a finite number: ${x}`);
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  return {
    negative: sign === '-',
    digits: BigInt(`${whole}${fraction}`),
    scale: Number(exponentText) - fraction.length,
  };
}

/**
 * Rounding up to 2 decimals as the index value is shown (indexes.md section 3), computed on the
 * decimal that `x` prints as, in exact integer arithmetic on its digits: the smallest 2-decimal
 * value that is not below `x` minus an allowance for binary noise. The allowance is the one
 * roundUp2 documents: a billionth of `x`, never less than 1e-11 and never more than 1e-8, so
 * `62.50000000000001` shows as 62.5 and `22.1` stays 22.1. From 2^52 hundredths on a double has
 * no hundredths left to round and `x` comes back unchanged. Defined for `x ≥ 0` (a sub-index
 * never goes below 0). It reads the printed decimal, roundUp2 the double: the two agree up to
 * 1e9 or so, where the double lies far closer to its printed decimal than the allowance (the
 * properties' sub-indexes stay below 1e6); far above, a double's binary excess over its printed
 * hundredth can exceed the allowance and the two part.
 */
export function roundUp2OfPrintedDecimal(x: number): number {
  const { negative, digits, scale } = printedDecimal('roundUp2OfPrintedDecimal', x);
  if (negative && digits !== 0n) {
    throw new RangeError(`roundUp2OfPrintedDecimal: defined for x >= 0, got ${x}`);
  }
  // In hundredths: x = digits × 10^(scale + 2) = whole + remainder / divisor.
  const shift = scale + 2;
  let whole: bigint;
  let remainder = 0n;
  if (shift >= 0) whole = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    whole = digits / divisor;
    remainder = digits % divisor;
  }
  if (whole >= 2n ** 52n) return x;
  // The allowance in hundredths: 1e-9 of x, between 1e-11 and 1e-8 in units of 1.
  const hundredthsApprox = Number(whole);
  const allowance = Math.min(1e-6, 1e-9 * Math.max(1, hundredthsApprox));
  // remainder / divisor = remainder × 10^shift; parsing the text keeps it exact enough.
  const fraction = remainder === 0n ? 0 : Number(`${remainder}e${shift}`);
  const hundredths = fraction <= allowance ? whole : whole + 1n;
  return Number(`${hundredths}e-2`);
}

/**
 * The sub-indexes an index shows: for every counted pollutant present as a finite number, its
 * naive sub-index (capped at the largest double) rounded up to 2 decimals by
 * {@link roundUp2OfPrintedDecimal}. Pollutants that are absent, not numbers, NaN or ±Infinity,
 * or have no grid, are left out; no data gives `{}`.
 */
export function naiveSubIndexes(
  index: ReferenceGrids,
  concentrations: Readonly<Record<string, unknown>>,
  counted: readonly string[] = index.countedPollutants,
): Record<string, number> {
  const shown: Record<string, number> = {};
  for (const pollutant of counted) {
    const c = concentrations[pollutant];
    const grid = index.grids[pollutant];
    if (typeof c !== 'number' || !Number.isFinite(c) || grid === undefined) continue;
    const raw = Math.min(naiveSubIndex(c, grid, index.indexBreakpoints), Number.MAX_VALUE);
    shown[pollutant] = roundUp2OfPrintedDecimal(raw);
  }
  return shown;
}

/** The shown index value: the raw maximum (capped at the largest double), rounded up. */
export function naiveShownIndex(
  index: ReferenceGrids,
  concentrations: Readonly<Record<string, number>>,
  counted: readonly string[] = index.countedPollutants,
): number | null {
  const raw = naiveRawIndex(index, concentrations, counted);
  return raw === null ? null : roundUp2OfPrintedDecimal(Math.min(raw, Number.MAX_VALUE));
}

/**
 * The dominant pollutant by brute force: every pollutant whose sub-index equals the highest
 * one, then the first of them in the tie order of world-indexes.md section 1 (PM25, PM10, O3,
 * NO2, SO2, CO); names outside that order come after it, alphabetically. `null` for no
 * sub-indexes.
 */
export function naiveDominant(subIndexes: Readonly<Record<string, number>>): string | null {
  const entries = Object.entries(subIndexes);
  if (entries.length === 0) return null;
  const highest = Math.max(...entries.map(([, value]) => value));
  const tied = entries.filter(([, value]) => value === highest).map(([pollutant]) => pollutant);
  for (const pollutant of REFERENCE_DOMINANCE_ORDER) if (tied.includes(pollutant)) return pollutant;
  return [...tied].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0]!;
}
