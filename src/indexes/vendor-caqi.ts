import type { CaqiPollutant } from './caqi.js';
import { caqiGridTable } from './caqi-grid.js';
import { gridIndex } from './grid-index.js';
import type { IndexTable } from './index-table.js';

/**
 * The default index of the reference service: the CAQI number on the same grid, read against
 * seven levels instead of five. It splits CAQI's HIGH at 87.5 and adds two levels above 100 for
 * the smog episodes that CAQI lumps together. Below 75 its level names match CAQI's.
 *
 * @example
 * VENDOR_CAQI_TABLE.levels.at(-1); // { level: 'AIRMAGEDDON', minValue: 125, maxValue: null, color: '#770078', … }
 */
export const VENDOR_CAQI_TABLE: IndexTable = /* @__PURE__ */ caqiGridTable('VENDOR_CAQI', [
  {
    level: 'VERY_LOW',
    minValue: 0,
    maxValue: 25,
    color: '#6BC926',
    description: {
      en: 'Excellent air quality.',
      pl: 'Doskonała jakość powietrza.',
    },
    advice: {
      en: 'Perfect conditions for anything outdoors; a good moment to air your home.',
      pl: 'Świetne warunki na wszystko na zewnątrz; dobry moment, by przewietrzyć mieszkanie.',
    },
  },
  {
    level: 'LOW',
    minValue: 25,
    maxValue: 50,
    color: '#D1CF1E',
    description: {
      en: 'Good air quality.',
      pl: 'Dobra jakość powietrza.',
    },
    advice: {
      en: 'Outdoor plans can go ahead as usual.',
      pl: 'Plany na świeżym powietrzu można realizować jak zwykle.',
    },
  },
  {
    level: 'MEDIUM',
    minValue: 50,
    maxValue: 75,
    color: '#EFBB0F',
    description: {
      en: 'Fair air quality.',
      pl: 'Przeciętna jakość powietrza.',
    },
    advice: {
      en: 'If you react to pollution, keep intense outdoor exercise short.',
      pl: 'Jeśli reagujesz na zanieczyszczenia, skróć intensywny wysiłek na zewnątrz.',
    },
  },
  {
    level: 'HIGH',
    minValue: 75,
    maxValue: 87.5,
    color: '#EF7120',
    description: {
      en: 'Poor air quality.',
      pl: 'Słaba jakość powietrza.',
    },
    advice: {
      en: 'Limit time outdoors, especially with children, older people or breathing problems.',
      pl: 'Ogranicz pobyt na zewnątrz, zwłaszcza z dziećmi, seniorami lub przy kłopotach z oddychaniem.',
    },
  },
  {
    level: 'VERY_HIGH',
    minValue: 87.5,
    maxValue: 100,
    color: '#EF2A36',
    description: {
      en: 'Very poor air quality.',
      pl: 'Bardzo słaba jakość powietrza.',
    },
    advice: {
      en: 'Skip outdoor exercise and keep the windows closed.',
      pl: 'Zrezygnuj z ćwiczeń na zewnątrz i trzymaj okna zamknięte.',
    },
  },
  {
    level: 'EXTREME',
    minValue: 100,
    maxValue: 125,
    color: '#B00057',
    description: {
      en: 'Extremely polluted air.',
      pl: 'Skrajnie zanieczyszczone powietrze.',
    },
    advice: {
      en: 'Stay indoors if you can; if you must go out, wear a well-fitting filtering mask.',
      pl: 'Jeśli możesz, zostań w domu; gdy musisz wyjść, załóż dobrze dopasowaną maskę z filtrem.',
    },
  },
  {
    level: 'AIRMAGEDDON',
    minValue: 125,
    maxValue: null,
    color: '#770078',
    description: {
      en: 'Hazardous air, far beyond the top of the scale.',
      pl: 'Powietrze groźne dla zdrowia, daleko poza skalą.',
    },
    advice: {
      en: 'Go out only when unavoidable, run an air purifier and look after those most at risk.',
      pl: 'Wychodź tylko w razie konieczności, włącz oczyszczacz powietrza i zadbaj o najbardziej narażonych.',
    },
  },
]);

/** A level of VENDOR_CAQI. */
export type VendorCaqiLevel =
  | 'VERY_LOW'
  | 'LOW'
  | 'MEDIUM'
  | 'HIGH'
  | 'VERY_HIGH'
  | 'EXTREME'
  | 'AIRMAGEDDON';

/**
 * VENDOR_CAQI as an index definition, for `computeIndexWith` (no editions; the CAQI grids).
 *
 * @example
 * computeIndexWith(VENDOR_CAQI_INDEX, { PM10: 270 }).level; // 'AIRMAGEDDON'
 */
export const VENDOR_CAQI_INDEX = /* @__PURE__ */ gridIndex<
  'VENDOR_CAQI',
  VendorCaqiLevel,
  CaqiPollutant
>(VENDOR_CAQI_TABLE);
