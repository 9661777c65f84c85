import type { LocalizedText } from '../i18n/language.js';
import { FLOAT_SAFE_EPSILON } from './float-safe.js';
import { defineIndexLevels, type IndexLevelDefinition } from './index-table.js';

// What the categorical national indexes (DEU_UBA, FRA_ATMO, AUS_AQC) share: the class of a
// concentration read against printed bounds, with the ε of every float-safe step, and levels
// whose range is their own class number. Their tables are exact decimals, but a conversion to
// ppb lands a hair off an edge (133 ppb of SO2 comes back as 132.99999999999997), so each
// comparison gives way by ε in the unit of the table.

/**
 * The class (1 = best) of `x` on upper-inclusive bounds: the first class whose upper bound u
 * holds it as `x ≤ u + ε`, one past the last bound above them all. DEU_UBA and FRA_ATMO print
 * their tables this way ("≤ 100 | 100 < … ≤ 200").
 *
 * @param upperBounds - the upper bounds of the classes but the open last one, increasing
 * @param x - a non-negative concentration in the bounds' unit
 * @example
 * upperInclusiveClass([40, 90, 120, 230, 340], 40); // 1
 * upperInclusiveClass([40, 90, 120, 230, 340], 40.1); // 2
 * upperInclusiveClass([40, 90, 120, 230, 340], 1000); // 6
 */
export function upperInclusiveClass(upperBounds: readonly number[], x: number): number {
  // A count over every bound rather than a walk that stops: the bounds increase, so both give
  // the same class, and the count has no loop guard to get wrong.
  let above = 0;
  for (const bound of upperBounds) if (x > bound + FLOAT_SAFE_EPSILON) above++;
  return above + 1;
}

/**
 * The class (1 = best) of `x` on lower-inclusive edges: one more than the number of edges e it
 * reaches as `x ≥ e − ε`, so a value on an edge is already in the higher class. AUS_AQC prints
 * its table this way ("< 25 | 25 – < 50 | …").
 *
 * @param lowerEdges - the lower edges of classes 2 and up, increasing
 * @param x - a non-negative concentration in the edges' unit
 * @example
 * lowerInclusiveClass([25, 50, 100, 300], 24.9); // 1
 * lowerInclusiveClass([25, 50, 100, 300], 25); // 2
 * lowerInclusiveClass([133, 200, 300, 400], 132.99999999999997); // 2
 */
export function lowerInclusiveClass(lowerEdges: readonly number[], x: number): number {
  let reached = 0;
  for (const edge of lowerEdges) if (x >= edge - FLOAT_SAFE_EPSILON) reached++;
  return reached + 1;
}

/** One level of a categorical index as written in its file: name, colour and texts. */
export interface ClassLevelSpec<Level extends string> {
  readonly level: Level;
  /** `#RRGGBB`. */
  readonly color: string;
  readonly description: LocalizedText;
  readonly advice: LocalizedText;
}

/**
 * The frozen levels of a categorical index, best first: level i holds the one value i (from 1),
 * the last one open above, as {@link upperInclusiveClass} and {@link lowerInclusiveClass} count.
 * Read with `levelBounds: 'lower-inclusive'`.
 *
 * @example
 * const text = { en: 'Text.', pl: 'Tekst.' };
 * const levels = classLevels([
 *   { level: 'GOOD', color: '#50F0E6', description: text, advice: text },
 *   { level: 'POOR', color: '#FF5050', description: text, advice: text },
 * ]);
 * levels.map((l) => [l.minValue, l.maxValue]); // [[1, 1], [2, null]]
 */
export function classLevels<Level extends string>(
  specs: readonly ClassLevelSpec<Level>[],
): readonly IndexLevelDefinition<Level>[] {
  const last = specs.length;
  return defineIndexLevels(
    specs.map((spec, i) => ({
      level: spec.level,
      minValue: i + 1,
      maxValue: i + 1 < last ? i + 1 : null,
      color: spec.color,
      description: spec.description,
      advice: spec.advice,
    })),
  );
}
