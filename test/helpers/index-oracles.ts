import type { IndexLevelDefinition, IndexTable } from '../../src/indexes/index-table.js';

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

/** Whether `value` lies in the level's range, honouring the table's bounds. */
export function levelHolds(table: IndexTable, level: IndexLevelDefinition, value: number): boolean {
  const isFirst = table.levels[0] === level;
  const max = level.maxValue ?? Number.POSITIVE_INFINITY;
  if (table.levelBounds === 'lower-inclusive') return value >= level.minValue && value < max;
  return (value > level.minValue || (isFirst && value >= level.minValue)) && value <= max;
}

/** Whether `x` is on the 2-decimal grid (it prints with at most 2 decimals). */
export function hasAtMostTwoDecimals(x: number): boolean {
  return Number(x.toFixed(2)) === x;
}
