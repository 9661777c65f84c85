import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { outranks } from './index-scale.js';
import type { IndexTable } from './index-table.js';
import { roundUp2 } from './rounding.js';
import { subIndex } from './sub-index.js';

/**
 * A grid index (CAQI style) as an {@link IndexDefinition}: each counted pollutant's sub-index
 * is a piecewise-linear map of its grid (slope continued above the top), rounded up to 2
 * decimals, and the value is the largest. Pass `tables` for an index with named editions, each
 * edition its own table (PIJP); without it the index has no editions and reads `table`.
 *
 * The type parameters narrow the result's names; they are taken on trust from the caller.
 *
 * @param table - the index table (the default edition's, when there are editions)
 * @param tables - the table of each edition, the default first
 * @example
 * const text = { en: 'Fine.', pl: 'Dobrze.' };
 * const pm25Only = gridIndex(defineIndexTable({
 *   name: 'PM25_ONLY', indexBreakpoints: [0, 10], grids: { PM25: [0, 50] },
 *   countedPollutants: ['PM25'], levelBounds: 'lower-inclusive',
 *   levels: [{ level: 'ANY', minValue: 0, maxValue: null, color: '#00AA00', description: text, advice: text }],
 * }));
 * computeIndexWith(pm25Only, { PM25: 25 }).value; // 5
 */
export function gridIndex<
  Name extends string = string,
  Level extends string = string,
  Pollutant extends string = string,
  Edition extends string = never,
>(
  table: IndexTable,
  tables?: Readonly<Record<Edition, IndexTable>>,
): IndexDefinition<Name, Level, Pollutant, Edition> {
  const grids = Object.keys(table.grids);
  return Object.freeze({
    name: table.name as Name,
    editions: Object.freeze(tables === undefined ? [] : (Object.keys(tables) as Edition[])),
    inputs: Object.freeze(grids),
    countablePollutants: Object.freeze(grids as Pollutant[]),
    levels: table.levels as IndexDefinition<Name, Level>['levels'],
    levelBounds: table.levelBounds,
    compute(
      concentrations: Concentrations<string>,
      edition: Edition,
      countedPollutants?: readonly Pollutant[] | undefined,
    ): IndexComputation<Pollutant> | undefined {
      const chosen = tables === undefined ? table : tables[edition];
      return computeOnGrid(chosen, concentrations, countedPollutants) as
        | IndexComputation<Pollutant>
        | undefined;
    },
  });
}

/**
 * The value, rounded sub-indexes and dominant pollutant of `table`, over `counted` (default the
 * table's own list, each with a grid); `undefined` when no counted pollutant is present.
 *
 * @example
 * computeOnGrid(CAQI_TABLE, { PM10: 70, PM25: 10 }, undefined);
 * // { value: 62.5, subIndexes: { PM10: 62.5, PM25: 16.67 }, dominantPollutant: 'PM10' }
 */
export function computeOnGrid(
  table: IndexTable,
  concentrations: Concentrations<string>,
  counted: readonly string[] = table.countedPollutants,
): IndexComputation | undefined {
  // Rounding up is monotone, so the largest shown sub-index is the raw maximum rounded up: the
  // value and the dominant pollutant both come out of this one pass, as they are shown.
  let shown = -1;
  let dominant: string | null = null;
  const subIndexes: Record<string, number> = {};
  for (let i = 0; i < counted.length; i++) {
    const pollutant = counted[i]!;
    const concentration = concentrations[pollutant];
    if (typeof concentration !== 'number' || !Number.isFinite(concentration)) continue;
    // Checked by the caller (or by the table's own invariants): every counted pollutant has a grid.
    const value = subIndex(concentration, table.grids[pollutant]!, table.indexBreakpoints);
    // A table whose last slope exceeds 1 could overflow on absurd input; cap instead of failing.
    const rounded = roundUp2(Math.min(value, Number.MAX_VALUE));
    subIndexes[pollutant] = rounded;
    if (rounded > shown || (rounded === shown && outranks(pollutant, dominant!))) {
      shown = rounded;
      dominant = pollutant;
    }
  }
  if (dominant === null) return undefined;
  return { value: shown, subIndexes, dominantPollutant: dominant };
}
