import { classLevels, upperInclusiveClass } from './class-bounds.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { DEU_UBA_EDITIONS, type IndexEdition } from './index-editions.js';
import { worstBand } from './index-scale.js';

// Germany's air quality index (Luftqualitätsindex, LQI) of the Umweltbundesamt. Categorical:
// each pollutant falls into one of five classes, "sehr gut" to "sehr schlecht", and the worst
// pollutant decides, so `value` is the class number 1–5. UBA prints integer ranges (0-9, 10-27);
// the classes are read as upper-inclusive real edges on the unrounded value, as Sachsen-Anhalt
// renders them ("bis 20 / über 20 bis 40"), so PM2.5 5.1 µg/m³ is already "gut" (*decided*).

/** A pollutant of the LQI, all in µg/m³; CO is not part of it, SO2 only of edition 2025. */
export type DeuUbaPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2';

/** A level of the LQI: sehr gut, gut, mäßig, schlecht, sehr schlecht. */
export type DeuUbaLevel = 'VERY_GOOD' | 'GOOD' | 'MODERATE' | 'POOR' | 'VERY_POOR';

/**
 * Upper bounds in µg/m³ of classes 1–4 per edition and pollutant; above the last a pollutant is
 * class 5. Edition 2025 (UBA's revised LQI) reads 1-h means of five pollutants; edition 2019
 * reads 1-h NO2 and O3 and 24-h running means of PM10 and PM2.5, and no SO2 (the averaging is
 * the payload layer's job).
 *
 * @example
 * DEU_UBA_BOUNDS['2025'].PM25; // [5, 15, 30, 50]
 * DEU_UBA_BOUNDS['2019'].SO2; // undefined (not counted)
 */
export const DEU_UBA_BOUNDS: Readonly<
  Record<IndexEdition<'DEU_UBA'>, Readonly<Partial<Record<DeuUbaPollutant, readonly number[]>>>>
> = /* @__PURE__ */ Object.freeze({
  '2025': /* @__PURE__ */ Object.freeze({
    PM25: /* @__PURE__ */ Object.freeze([5, 15, 30, 50]),
    PM10: /* @__PURE__ */ Object.freeze([9, 27, 54, 90]),
    O3: /* @__PURE__ */ Object.freeze([24, 72, 144, 240]),
    NO2: /* @__PURE__ */ Object.freeze([10, 30, 60, 100]),
    SO2: /* @__PURE__ */ Object.freeze([10, 30, 60, 100]),
  }),
  '2019': /* @__PURE__ */ Object.freeze({
    PM25: /* @__PURE__ */ Object.freeze([10, 20, 25, 50]),
    PM10: /* @__PURE__ */ Object.freeze([20, 35, 50, 100]),
    O3: /* @__PURE__ */ Object.freeze([60, 120, 180, 240]),
    NO2: /* @__PURE__ */ Object.freeze([20, 40, 100, 200]),
  }),
});

// The pollutants each edition counts, in the order the sub-indexes are listed; the 2025 list
// is also every input the index reads.
const POLLUTANTS_2025 = /* @__PURE__ */ Object.freeze([
  'PM25',
  'PM10',
  'O3',
  'NO2',
  'SO2',
] as const);
const POLLUTANTS_2019 = /* @__PURE__ */ Object.freeze(['PM25', 'PM10', 'O3', 'NO2'] as const);
const COUNTED: Readonly<Record<IndexEdition<'DEU_UBA'>, readonly DeuUbaPollutant[]>> =
  /* @__PURE__ */ Object.freeze({ '2025': POLLUTANTS_2025, '2019': POLLUTANTS_2019 });

// `edition` has been checked against DEU_UBA_INDEX.editions by the caller.
function computeDeuUba(
  concentrations: Concentrations<string>,
  edition: IndexEdition<'DEU_UBA'>,
): IndexComputation<DeuUbaPollutant> | undefined {
  const bounds = DEU_UBA_BOUNDS[edition];
  return worstBand(concentrations, COUNTED[edition], (pollutant, c) =>
    upperInclusiveClass(bounds[pollutant]!, c),
  );
}

// Colours: the EEA palette, which matches UBA's turquoise … yellow … light red … dark red
// (*decided*; the same in both editions).
const DEU_UBA_LEVELS = /* @__PURE__ */ classLevels<DeuUbaLevel>([
  {
    level: 'VERY_GOOD',
    color: '#50F0E6',
    description: { en: 'Very good air quality.', pl: 'Bardzo dobra jakość powietrza.' },
    advice: {
      en: 'Ideal conditions for spending plenty of time outdoors.',
      pl: 'Idealne warunki, by spędzać dużo czasu na świeżym powietrzu.',
    },
  },
  {
    level: 'GOOD',
    color: '#50CCAA',
    description: { en: 'Good air quality.', pl: 'Dobra jakość powietrza.' },
    advice: {
      en: 'Enjoy outdoor activities; harm to health is unlikely.',
      pl: 'Korzystaj z aktywności na zewnątrz; szkody dla zdrowia są mało prawdopodobne.',
    },
  },
  {
    level: 'MODERATE',
    color: '#F0E641',
    description: { en: 'Moderate air quality.', pl: 'Umiarkowana jakość powietrza.' },
    advice: {
      en: 'Healthy people are unlikely to notice it; sensitive people may shorten strenuous outdoor activity.',
      pl: 'Zdrowe osoby raczej tego nie odczują; osoby wrażliwe mogą skrócić forsowny wysiłek na zewnątrz.',
    },
  },
  {
    level: 'POOR',
    color: '#FF5050',
    description: { en: 'Poor air quality.', pl: 'Zła jakość powietrza.' },
    advice: {
      en: 'Sensitive people should avoid strenuous outdoor activity; others may feel irritation and should take it easier.',
      pl: 'Osoby wrażliwe powinny unikać forsownego wysiłku na zewnątrz; inni mogą odczuć podrażnienia i powinni się oszczędzać.',
    },
  },
  {
    level: 'VERY_POOR',
    color: '#960032',
    description: { en: 'Very poor air quality.', pl: 'Bardzo zła jakość powietrza.' },
    advice: {
      en: 'Everyone should avoid strenuous outdoor activity; sensitive people should stay indoors where they can.',
      pl: 'Wszyscy powinni unikać forsownego wysiłku na zewnątrz; osoby wrażliwe w miarę możliwości powinny zostać w domu.',
    },
  },
]);

/**
 * DEU_UBA, the Umweltbundesamt's air quality index (LQI): `value` is the worst pollutant's
 * class, 1 (VERY_GOOD) to 5 (VERY_POOR, open above the last bound); each counted pollutant
 * present has its class as sub-index, and the dominant pollutant is the worst one (ties: PM25,
 * PM10, O3, NO2, SO2). Editions `2025` (default: PM25, PM10, O3, NO2, SO2, 1-h means) and
 * `2019` (no SO2; PM as 24-h running means). One pollutant is enough.
 *
 * @example
 * computeIndex({ PM10: 28, NO2: 25, O3: 80 }, { indexType: DEU_UBA_INDEX });
 * // value 3, level 'MODERATE', dominantPollutant 'PM10' (PM10 and O3 tie at 3)
 * computeIndex({ SO2: 500, O3: 50 }, { indexType: DEU_UBA_INDEX, edition: '2019' }).value; // 1
 */
export const DEU_UBA_INDEX: IndexDefinition<
  'DEU_UBA',
  DeuUbaLevel,
  DeuUbaPollutant,
  IndexEdition<'DEU_UBA'>
> = /* @__PURE__ */ Object.freeze({
  name: 'DEU_UBA',
  editions: DEU_UBA_EDITIONS,
  inputs: POLLUTANTS_2025,
  levels: DEU_UBA_LEVELS,
  levelBounds: 'lower-inclusive',
  compute: computeDeuUba,
});
