import { perLanguage } from '../i18n/language.js';
import { indexLevels } from '../indexes/index-definitions.js';
import { INDEX_TYPE_NAMES, type IndexLevelDefinition } from '../indexes/index-table.js';
import type { IndexLevelMeta, IndexTypeMeta, Language } from '../model/api-types.js';

/**
 * The `values` text of a level: `<min>-<max>`, `<min>+` for the open top level, or just the
 * number for a level of one value (an EAQI level, a UK DAQI band, an AQHI step, a class of
 * DEU_UBA, FRA_ATMO or AUS_AQC).
 *
 * @example
 * levelRangeText({ minValue: 75, maxValue: 87.5 }); // '75-87.5'
 * levelRangeText({ minValue: 125, maxValue: null }); // '125+'
 * levelRangeText({ minValue: 4, maxValue: 4 }); // '4'
 */
export function levelRangeText(level: Pick<IndexLevelDefinition, 'minValue' | 'maxValue'>): string {
  if (level.maxValue === null) return `${level.minValue}+`;
  if (level.maxValue === level.minValue) return `${level.minValue}`;
  return `${level.minValue}-${level.maxValue}`;
}

function buildList(language: Language): readonly IndexTypeMeta[] {
  return Object.freeze(
    INDEX_TYPE_NAMES.map((name) => {
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
 * The `/v2/meta/indexes` list: every index type a payload can carry (the grid indexes
 * VENDOR_CAQI, CAQI, PIJP, then the national US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI,
 * DEU_UBA, FRA_ATMO, KOR_CAI, SGP_PSI, HKG_AQHI, AUS_AQC, THA_AQI)
 * with its levels, each level's range (`values` text plus numeric `minValue`/`maxValue`, `null`
 * at the open top), translated description and colour. A level of a grid index ends where the
 * next begins (`0-25`, `25-50`); a national index's levels hold integer ranges (`0-50`,
 * `51-100`) or single values (EAQI `1`). The array and its objects are shared and frozen.
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
