import { perLanguage } from '../i18n/language.js';
import { indexLevels } from '../indexes/index-scales.js';
import { type IndexLevelDefinition, PAYLOAD_INDEX_TYPE_NAMES } from '../indexes/index-table.js';
import type { IndexLevelMeta, IndexTypeMeta, Language } from '../model/api-types.js';

/**
 * The `values` text of a level: `<min>-<max>`, or `<min>+` for the open top level.
 *
 * @example
 * levelRangeText({ minValue: 75, maxValue: 87.5 }); // '75-87.5'
 * levelRangeText({ minValue: 125, maxValue: null }); // '125+'
 */
export function levelRangeText(level: Pick<IndexLevelDefinition, 'minValue' | 'maxValue'>): string {
  return level.maxValue === null ? `${level.minValue}+` : `${level.minValue}-${level.maxValue}`;
}

function buildList(language: Language): readonly IndexTypeMeta[] {
  return Object.freeze(
    PAYLOAD_INDEX_TYPE_NAMES.map((name) => {
      const levels = indexLevels(name).map(
        (level): IndexLevelMeta =>
          Object.freeze({
            values: levelRangeText(level),
            level: level.level,
            description: level.description[language],
            color: level.color,
            minValue: level.minValue,
            maxValue: level.maxValue,
          }),
      );
      return Object.freeze({ name, levels: Object.freeze(levels) });
    }),
  );
}

// Small and fixed: built once per language at load, then shared (deeply frozen).
const listFor = perLanguage('indexTypesMeta', buildList);

/**
 * The `/v2/meta/indexes` list: every index type (VENDOR_CAQI, CAQI, PIJP) with its levels,
 * each level's range (`values` text plus numeric `minValue`/`maxValue`, `null` at the open
 * top), translated description and colour. The array and its objects are shared and frozen.
 *
 * @param language - `en` or `pl`
 * @throws RangeError for another language
 * @example
 * indexTypesMeta('en')[0]?.levels[0];
 * // { values: '0-25', level: 'VERY_LOW', description: 'Excellent air quality.',
 * //   color: '#6BC926', minValue: 0, maxValue: 25 }
 */
export function indexTypesMeta(language: Language): readonly IndexTypeMeta[] {
  return listFor(language);
}
