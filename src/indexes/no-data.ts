import type { LocalizedText } from '../i18n/language.js';
import type { IndexResult, Language } from '../model/api-types.js';

/** Level name of the index when no pollutant that counts was measured. */
export const NO_DATA_LEVEL = 'UNKNOWN';

/** Colour of the no-data index: neutral grey, so that "no data" never looks like "clean". */
export const NO_DATA_COLOR = '#999999';

/** Description of the no-data index in each language. */
export const NO_DATA_DESCRIPTION: LocalizedText = /* @__PURE__ */ Object.freeze({
  en: 'There is no air quality data for this place or time.',
  pl: 'Brak danych o jakości powietrza dla tego miejsca lub czasu.',
});

/**
 * The index object for a window without any counting pollutant: value `null`, level
 * `UNKNOWN`, grey, a translated description and no advice. Clients test for this answer
 * (for example to fall back to the nearest installation), so it is a normal value, not an
 * error.
 *
 * @param indexName - the requested index, e.g. `VENDOR_CAQI`
 * @param language - language of the description
 * @example
 * noDataIndex('CAQI', 'en');
 * // { name: 'CAQI', value: null, level: 'UNKNOWN',
 * //   description: 'There is no air quality data for this place or time.', advice: null, color: '#999999' }
 */
// Shared by every no-data result: there is nothing in it to change.
const NO_SUB_INDEXES: Readonly<Record<string, number>> = /* @__PURE__ */ Object.freeze({});

export function noDataIndex<Name extends string>(
  indexName: Name,
  language: Language,
): IndexResult<Name, never, never> {
  return {
    name: indexName,
    value: null,
    level: NO_DATA_LEVEL,
    description: NO_DATA_DESCRIPTION[language],
    advice: null,
    color: NO_DATA_COLOR,
    dominantPollutant: null,
    subIndexes: NO_SUB_INDEXES,
  };
}
