import type { IndexLevelDefinition, IndexTable } from './index-table.js';

/**
 * The level of `table` whose range holds `indexValue`, honouring the table's
 * {@link IndexTable.levelBounds}. Values below 0 fall into the first level, values above the
 * top into the open last one, so every finite value has a level.
 *
 * @param table - an index table
 * @param indexValue - a finite index value, normally already rounded for display
 * @example
 * findIndexLevel(CAQI_TABLE, 25).level; // 'LOW' (lower-inclusive)
 * findIndexLevel(PIJP_TABLE, 1).level; // 'VERY_GOOD' (upper-inclusive)
 */
export function findIndexLevel(
  table: Pick<IndexTable, 'levels' | 'levelBounds'>,
  indexValue: number,
): IndexLevelDefinition {
  const levels = table.levels;
  const last = levels.length - 1;
  if (table.levelBounds === 'lower-inclusive') {
    let i = last;
    while (i > 0 && indexValue < levels[i]!.minValue) i--;
    return levels[i]!;
  }
  let i = 0;
  // The last level is open (maxValue null), so the walk stops there at the latest.
  while (i < last && indexValue > (levels[i]!.maxValue ?? Number.POSITIVE_INFINITY)) i++;
  return levels[i]!;
}
