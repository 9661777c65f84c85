import { caqiGridTable } from './caqi-grid.js';
import { gridIndex } from './grid-index.js';
import type { IndexTable } from './index-table.js';

/**
 * The Common Air Quality Index (CITEAIR) with its five levels, the top one open from 100.
 * Levels are lower-inclusive: 25.00 is already LOW.
 *
 * @example
 * CAQI_TABLE.levels.map((l) => l.level); // ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH']
 */
export const CAQI_TABLE: IndexTable = /* @__PURE__ */ caqiGridTable('CAQI', [
  {
    level: 'VERY_LOW',
    minValue: 0,
    maxValue: 25,
    color: '#79BC6A',
    description: {
      en: 'Very low pollution.',
      pl: 'Bardzo niskie zanieczyszczenie.',
    },
    advice: {
      en: 'Enjoy being outside: the air is clean.',
      pl: 'Korzystaj z pobytu na zewnątrz: powietrze jest czyste.',
    },
  },
  {
    level: 'LOW',
    minValue: 25,
    maxValue: 50,
    color: '#B9CE45',
    description: {
      en: 'Low pollution.',
      pl: 'Niskie zanieczyszczenie.',
    },
    advice: {
      en: 'No reason to change your plans outdoors.',
      pl: 'Nie ma powodu, by zmieniać plany na świeżym powietrzu.',
    },
  },
  {
    level: 'MEDIUM',
    minValue: 50,
    maxValue: 75,
    color: '#EDC100',
    description: {
      en: 'Medium pollution.',
      pl: 'Średnie zanieczyszczenie.',
    },
    advice: {
      en: 'Sensitive people may notice it; consider lighter activity outdoors.',
      pl: 'Osoby wrażliwe mogą to odczuć; rozważ lżejszą aktywność na zewnątrz.',
    },
  },
  {
    level: 'HIGH',
    minValue: 75,
    maxValue: 100,
    color: '#F69208',
    description: {
      en: 'High pollution.',
      pl: 'Wysokie zanieczyszczenie.',
    },
    advice: {
      en: 'Cut down on time outdoors, above all with heart or lung conditions.',
      pl: 'Ogranicz czas na zewnątrz, zwłaszcza przy chorobach serca lub płuc.',
    },
  },
  {
    level: 'VERY_HIGH',
    minValue: 100,
    maxValue: null,
    color: '#960018',
    description: {
      en: 'Very high pollution.',
      pl: 'Bardzo wysokie zanieczyszczenie.',
    },
    advice: {
      en: 'Stay indoors with the windows shut and postpone outdoor exercise.',
      pl: 'Zostań w domu przy zamkniętych oknach i przełóż ćwiczenia na zewnątrz.',
    },
  },
]);

/** A level of the CAQI. */
export type CaqiLevel = 'VERY_LOW' | 'LOW' | 'MEDIUM' | 'HIGH' | 'VERY_HIGH';

/** A pollutant with a CAQI grid (only PM10 and PM25 count unless `countedPollutants` says so). */
export type CaqiPollutant = 'PM10' | 'PM25' | 'NO2' | 'O3' | 'SO2' | 'CO';

/**
 * The CAQI as an index definition, for `computeIndexWith` (no editions).
 *
 * @example
 * computeIndexWith(CAQI_INDEX, { PM25: 62.77 }).level; // 'HIGH'
 */
export const CAQI_INDEX = /* @__PURE__ */ gridIndex<'CAQI', CaqiLevel, CaqiPollutant>(CAQI_TABLE);
