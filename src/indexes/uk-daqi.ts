import type { LocalizedText } from '../i18n/language.js';
import { roundHalfUpInteger } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { type IndexEdition, UK_DAQI_EDITIONS } from './index-editions.js';
import { worstBand } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';

// The UK Daily Air Quality Index of Defra (COMEAP 2011, in use since 2012).
// Each concentration is rounded to an integer and read against ten bands; the index is the
// highest band. Levels group the bands (LOW 1–3, MODERATE 4–6, HIGH 7–9, VERY_HIGH 10) but every
// band has a colour of its own, so each band is a level entry of its own.

/** The pollutants the DAQI reads, all in µg/m³; CO is not part of it. */
export const UK_DAQI_POLLUTANTS = /* @__PURE__ */ Object.freeze([
  'O3',
  'NO2',
  'SO2',
  'PM25',
  'PM10',
] as const);

/** A pollutant of the DAQI. */
export type UkDaqiPollutant = (typeof UK_DAQI_POLLUTANTS)[number];

/**
 * Upper bounds in whole µg/m³ of bands 1–9 per pollutant [Defra]; band 10 is open above the
 * last. Averaging periods (the payload layer's job): O3 8-h running mean, NO2 and SO2 1 h,
 * PM25 and PM10 24-h running means.
 *
 * @example
 * UK_DAQI_BANDS.PM25; // [11, 23, 35, 41, 47, 53, 58, 64, 70]
 */
export const UK_DAQI_BANDS: Readonly<Record<UkDaqiPollutant, readonly number[]>> =
  /* @__PURE__ */ Object.freeze({
    O3: /* @__PURE__ */ Object.freeze([33, 66, 100, 120, 140, 160, 187, 213, 240]),
    NO2: /* @__PURE__ */ Object.freeze([67, 134, 200, 267, 334, 400, 467, 534, 600]),
    SO2: /* @__PURE__ */ Object.freeze([88, 177, 266, 354, 443, 532, 710, 887, 1064]),
    PM25: /* @__PURE__ */ Object.freeze([11, 23, 35, 41, 47, 53, 58, 64, 70]),
    PM10: /* @__PURE__ */ Object.freeze([16, 33, 50, 58, 66, 75, 83, 91, 100]),
  });

/**
 * The DAQI band (1–10) of a concentration: round it half up to a whole µg/m³ (float-safe),
 * then take the first band whose upper bound holds it; 10 above the last bound. Defra rounds
 * to the nearest integer; half up on a tie is *decided*.
 *
 * @param upperBounds - the nine bounds of one pollutant, e.g. `UK_DAQI_BANDS.NO2`
 * @param concentration - µg/m³, non-negative
 * @example
 * ukDaqiBand(UK_DAQI_BANDS.NO2, 200.4); // 3 (rounds to 200)
 * ukDaqiBand(UK_DAQI_BANDS.NO2, 200.5); // 4 (rounds to 201)
 */
export function ukDaqiBand(upperBounds: readonly number[], concentration: number): number {
  const rounded = roundHalfUpInteger(concentration);
  let band = 1;
  while (band <= upperBounds.length && rounded > upperBounds[band - 1]!) band++;
  return band;
}

function computeUkDaqi(
  concentrations: Concentrations<string>,
): IndexComputation<UkDaqiPollutant> | undefined {
  return worstBand(concentrations, UK_DAQI_POLLUTANTS, (pollutant, c) =>
    ukDaqiBand(UK_DAQI_BANDS[pollutant], c),
  );
}

interface LevelTexts {
  readonly description: LocalizedText;
  readonly advice: LocalizedText;
}

// Defra words its health advice per level, not per band, so the bands of a level share texts.
const TEXTS: Readonly<Record<UkDaqiLevel, LevelTexts>> = {
  LOW: {
    description: { en: 'Low air pollution.', pl: 'Niskie zanieczyszczenie powietrza.' },
    advice: {
      en: 'Enjoy your usual outdoor activities.',
      pl: 'Możesz jak zwykle spędzać czas aktywnie na świeżym powietrzu.',
    },
  },
  MODERATE: {
    description: { en: 'Moderate air pollution.', pl: 'Umiarkowane zanieczyszczenie powietrza.' },
    advice: {
      en: 'People with lung or heart conditions who feel unwell should take it easier outdoors.',
      pl: 'Osoby z chorobami płuc lub serca, które źle się czują, powinny oszczędzać się na zewnątrz.',
    },
  },
  HIGH: {
    description: { en: 'High air pollution.', pl: 'Wysokie zanieczyszczenie powietrza.' },
    advice: {
      en: 'Cut down on strenuous outdoor activity, above all with lung or heart conditions or a sore throat or cough.',
      pl: 'Ogranicz forsowny wysiłek na zewnątrz, zwłaszcza przy chorobach płuc lub serca albo gdy pojawi się kaszel lub ból gardła.',
    },
  },
  VERY_HIGH: {
    description: {
      en: 'Very high air pollution.',
      pl: 'Bardzo wysokie zanieczyszczenie powietrza.',
    },
    advice: {
      en: 'Everyone should reduce physical exertion outdoors; older people and those with lung or heart conditions should avoid it.',
      pl: 'Wszyscy powinni ograniczyć wysiłek fizyczny na zewnątrz; osoby starsze oraz chore na płuca lub serce powinny go unikać.',
    },
  },
};

// Band → [level, colour]; colours after the Met Office and other implementations.
const BAND_LEVELS: readonly (readonly [UkDaqiLevel, string])[] = [
  ['LOW', '#9CFF9C'],
  ['LOW', '#31FF00'],
  ['LOW', '#31CF00'],
  ['MODERATE', '#FFFF00'],
  ['MODERATE', '#FFCF00'],
  ['MODERATE', '#FF9A00'],
  ['HIGH', '#FF6464'],
  ['HIGH', '#FF0000'],
  ['HIGH', '#990000'],
  ['VERY_HIGH', '#CE30FF'],
];

/** A level of the DAQI; each groups three bands (VERY_HIGH only band 10). */
export type UkDaqiLevel = 'LOW' | 'MODERATE' | 'HIGH' | 'VERY_HIGH';

const UK_DAQI_LEVELS = /* @__PURE__ */ defineIndexLevels(
  /* @__PURE__ */ BAND_LEVELS.map(([level, color], i) => ({
    level,
    minValue: i + 1,
    maxValue: i + 1 < BAND_LEVELS.length ? i + 1 : null,
    color,
    ...TEXTS[level],
  })),
);

/**
 * The UK DAQI, edition `2013` (Defra's implementation update of April 2013): `value` is the
 * highest band 1–10 of the present pollutants, each pollutant's sub-index its band, the
 * dominant pollutant the one in the highest band (ties: PM25, PM10, O3, NO2, SO2). Ten level
 * entries, one per band: LOW 1–3, MODERATE 4–6, HIGH 7–9, VERY_HIGH 10 (open).
 *
 * @example
 * UK_DAQI_INDEX.compute({ PM10: 100, PM25: 64 }, '2013');
 * // { value: 9, subIndexes: { PM25: 8, PM10: 9 }, dominantPollutant: 'PM10' }
 */
export const UK_DAQI_INDEX: IndexDefinition<
  'UK_DAQI',
  UkDaqiLevel,
  UkDaqiPollutant,
  IndexEdition<'UK_DAQI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'UK_DAQI',
  editions: UK_DAQI_EDITIONS,
  inputs: UK_DAQI_POLLUTANTS,
  levels: UK_DAQI_LEVELS,
  levelBounds: 'lower-inclusive',
  compute: computeUkDaqi,
});
