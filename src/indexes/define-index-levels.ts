import type { IndexLevelDefinition } from './index-table.js';

/**
 * Freezes a list of levels and everything inside them (each level, its description and its
 * advice), as {@link defineIndexTable} does for a table's levels: the national indexes keep
 * their levels outside an `IndexTable`, and no caller may edit a shared level or text.
 *
 * @returns the same list, now deeply frozen
 * @example
 * const text = { en: 'Fine.', pl: 'Dobrze.' };
 * const levels = defineIndexLevels([
 *   { level: 'ANY', minValue: 0, maxValue: null, color: '#00AA00', description: text, advice: text },
 * ]);
 * Object.isFrozen(levels[0].description); // true
 */
export function defineIndexLevels(
  levels: readonly IndexLevelDefinition[],
): readonly IndexLevelDefinition[] {
  for (const level of levels) {
    Object.freeze(level.description);
    Object.freeze(level.advice);
    Object.freeze(level);
  }
  return Object.freeze(levels);
}
