import { classLevels, upperInclusiveClass } from './class-bounds.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { FRA_ATMO_EDITIONS, type IndexEdition } from './index-editions.js';
import { worstBand } from './index-scale.js';

// France's ATMO index (arrêté of 10 July 2020, in force since 1 January 2021). Each pollutant
// gets one of six qualifiers, "Bon" to "Extrêmement mauvais", and the index is the most
// degraded one, so `value` is the qualifier's code 1–6 as the AASQA feeds number them. The
// official index is a daily value per zone; airq reads it per point over the last 24 hours
// (SO2, NO2, O3 as the highest hourly mean, PM as the 24-h mean), an "ATMO-style" value.

/** A pollutant of the ATMO index, all in µg/m³; CO is not part of it. */
export type FraAtmoPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2';

/** A level of the ATMO index: Bon, Moyen, Dégradé, Mauvais, Très mauvais, Extrêmement mauvais. */
export type FraAtmoLevel = 'GOOD' | 'FAIR' | 'DEGRADED' | 'POOR' | 'VERY_POOR' | 'EXTREMELY_POOR';

/**
 * Upper bounds in µg/m³ of qualifiers 1–5 per pollutant, upper-inclusive as the arrêté prints
 * them ("≤ 100 | 100 < … ≤ 200"); above the last a pollutant is "Extrêmement mauvais" (6). The
 * grid equals the EEA's 2019 one.
 *
 * @example
 * FRA_ATMO_BOUNDS.NO2; // [40, 90, 120, 230, 340]
 */
export const FRA_ATMO_BOUNDS: Readonly<Record<FraAtmoPollutant, readonly number[]>> =
  /* @__PURE__ */ Object.freeze({
    PM25: /* @__PURE__ */ Object.freeze([10, 20, 25, 50, 75]),
    PM10: /* @__PURE__ */ Object.freeze([20, 40, 50, 100, 150]),
    O3: /* @__PURE__ */ Object.freeze([50, 100, 130, 240, 380]),
    NO2: /* @__PURE__ */ Object.freeze([40, 90, 120, 230, 340]),
    SO2: /* @__PURE__ */ Object.freeze([100, 200, 350, 500, 750]),
  });

// The pollutants in the order the sub-indexes are listed.
const FRA_ATMO_POLLUTANTS = /* @__PURE__ */ Object.freeze([
  'PM25',
  'PM10',
  'O3',
  'NO2',
  'SO2',
] as const);

function computeFraAtmo(
  concentrations: Concentrations<string>,
): IndexComputation<FraAtmoPollutant> | undefined {
  return worstBand(concentrations, FRA_ATMO_POLLUTANTS, (pollutant, c) =>
    upperInclusiveClass(FRA_ATMO_BOUNDS[pollutant], c),
  );
}

// Colours: the arrêté names them only in words (blue, green, yellow, red, purple, magenta);
// the hexes are those of two implementations, the last differing from the EEA's #7D2181.
const FRA_ATMO_LEVELS = /* @__PURE__ */ classLevels<FraAtmoLevel>([
  {
    level: 'GOOD',
    color: '#50F0E6',
    description: { en: 'Good air quality.', pl: 'Dobra jakość powietrza.' },
    advice: {
      en: 'Make the most of your usual outdoor activities.',
      pl: 'Korzystaj w pełni ze zwykłych zajęć na świeżym powietrzu.',
    },
  },
  {
    level: 'FAIR',
    color: '#50CCAA',
    description: { en: 'Average air quality.', pl: 'Przeciętna jakość powietrza.' },
    advice: {
      en: 'No need to change your outdoor plans.',
      pl: 'Nie trzeba zmieniać planów na świeżym powietrzu.',
    },
  },
  {
    level: 'DEGRADED',
    color: '#F0E641',
    description: { en: 'Degraded air quality.', pl: 'Pogorszona jakość powietrza.' },
    advice: {
      en: 'Sensitive people should cut down on intense exertion outdoors.',
      pl: 'Osoby wrażliwe powinny ograniczyć intensywny wysiłek na zewnątrz.',
    },
  },
  {
    level: 'POOR',
    color: '#FF5050',
    description: { en: 'Poor air quality.', pl: 'Zła jakość powietrza.' },
    advice: {
      en: 'Sensitive people should avoid intense exertion outdoors; others should cut it down if symptoms appear.',
      pl: 'Osoby wrażliwe powinny unikać intensywnego wysiłku na zewnątrz; pozostali powinni go ograniczyć, gdy pojawią się objawy.',
    },
  },
  {
    level: 'VERY_POOR',
    color: '#960032',
    description: { en: 'Very poor air quality.', pl: 'Bardzo zła jakość powietrza.' },
    advice: {
      en: 'Everyone should cut down on intense exertion outdoors; sensitive people should avoid it.',
      pl: 'Wszyscy powinni ograniczyć intensywny wysiłek na zewnątrz, a osoby wrażliwe – go unikać.',
    },
  },
  {
    level: 'EXTREMELY_POOR',
    color: '#872181',
    description: { en: 'Extremely poor air quality.', pl: 'Skrajnie zła jakość powietrza.' },
    advice: {
      en: 'Avoid any exertion outdoors; sensitive people should stay indoors.',
      pl: 'Unikaj wszelkiego wysiłku na zewnątrz; osoby wrażliwe powinny pozostać w domu.',
    },
  },
]);

/**
 * FRA_ATMO, France's ATMO index (edition `2021`), per point: `value` is the most degraded
 * pollutant's qualifier code, 1 (GOOD, "Bon") to 6 (EXTREMELY_POOR, open above the last
 * bound); each present pollutant has its code as sub-index, and the dominant pollutant is the
 * worst one (ties: PM25, PM10, O3, NO2, SO2). One pollutant is enough.
 *
 * @example
 * computeIndex({ PM25: 22, PM10: 35, O3: 95, NO2: 30, SO2: 5 }, { indexType: FRA_ATMO_INDEX });
 * // value 3, level 'DEGRADED', dominantPollutant 'PM25'
 * computeIndex({ NO2: 40.1 }, { indexType: FRA_ATMO_INDEX }).level; // 'FAIR'
 */
export const FRA_ATMO_INDEX: IndexDefinition<
  'FRA_ATMO',
  FraAtmoLevel,
  FraAtmoPollutant,
  IndexEdition<'FRA_ATMO'>
> = /* @__PURE__ */ Object.freeze({
  name: 'FRA_ATMO',
  editions: FRA_ATMO_EDITIONS,
  inputs: FRA_ATMO_POLLUTANTS,
  levels: FRA_ATMO_LEVELS,
  levelBounds: 'lower-inclusive',
  compute: computeFraAtmo,
});
