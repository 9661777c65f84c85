import { perLanguage } from '../i18n/language.js';
import type { Language, MeasurementTypeMeta } from '../model/api-types.js';
import { MEASUREMENT_TYPE_NAMES, MEASUREMENT_TYPES } from './measurement-types.js';

function buildList(language: Language): readonly MeasurementTypeMeta[] {
  return Object.freeze(
    MEASUREMENT_TYPE_NAMES.map((name) => {
      const type = MEASUREMENT_TYPES[name];
      return Object.freeze({ name, label: type.label[language], unit: type.unit });
    }),
  );
}

// Small and fixed: built once per language at load, then shared (deeply frozen).
const listFor = perLanguage('measurementTypesMeta', buildList);

/**
 * The `/v2/meta/measurements` list: every measurement type with its unit and translated
 * label, in payload order. The array and its objects are shared and frozen.
 *
 * @param language - `en` or `pl`
 * @throws RangeError for another language
 * @example
 * measurementTypesMeta('pl')[1]; // { name: 'PM25', label: 'PM2,5', unit: 'µg/m³' }
 */
export function measurementTypesMeta(language: Language): readonly MeasurementTypeMeta[] {
  return listFor(language);
}
