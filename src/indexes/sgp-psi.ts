import { type BreakpointRow, interpolateRows, nodeRows } from './breakpoint-rows.js';
import { FLOAT_SAFE_EPSILON, roundHalfUpInteger } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { type IndexEdition, SGP_PSI_EDITIONS } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';

// Singapore's 24-h Pollutant Standards Index (NEA, six sub-indexes since 1 April 2014). NEA's
// table gives a concentration at each PSI node; a sub-index is linear between consecutive
// nodes, on concentrations that are not rounded first, and is rounded half up ("rounds off").
// Above PSI 500 the last segment continues (*decided*).

/** A pollutant of Singapore's PSI (`O3_1H` reports under `O3`). */
export type SgpPsiPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';

/** A level of Singapore's PSI, as NEA's health advisory names the bands. */
export type SgpPsiLevel = 'GOOD' | 'MODERATE' | 'UNHEALTHY' | 'VERY_UNHEALTHY' | 'HAZARDOUS';

const PSI_NODES = [0, 50, 100, 200, 300, 400, 500] as const;

// The columns of NEA's table that start at PSI 0; CO is kept in µg/m³ (mg/m³ × 1000), so an
// input is never divided. Listed in the order the sub-indexes are.
const FULL_COLUMNS = /* @__PURE__ */ Object.freeze({
  PM25: /* @__PURE__ */ nodeRows([0, 12, 55, 150, 250, 350, 500], PSI_NODES),
  PM10: /* @__PURE__ */ nodeRows([0, 50, 150, 350, 420, 500, 600], PSI_NODES),
  SO2: /* @__PURE__ */ nodeRows([0, 80, 365, 800, 1600, 2100, 2620], PSI_NODES),
  CO: /* @__PURE__ */ nodeRows([0, 5000, 10_000, 17_000, 34_000, 46_000, 57_500], PSI_NODES),
});

// The 8-h O3 column stops at PSI 300 (785 µg/m³); from there the 1-h column takes over.
const O3_8H_TOP = 785;
const O3_8H_ROWS = /* @__PURE__ */ nodeRows([0, 118, 157, 235, O3_8H_TOP], [0, 50, 100, 200, 300]);
const O3_1H_ROWS = /* @__PURE__ */ nodeRows([O3_8H_TOP, 980, 1180], [300, 400, 500]);

// NO2 has no node below PSI 200: under 1130 µg/m³ NEA reports no NO2 sub-index.
const NO2_FIRST = 1130;
const NO2_ROWS = /* @__PURE__ */ nodeRows([NO2_FIRST, 2260, 3000, 3750], [200, 300, 400, 500]);

const LEVELS = /* @__PURE__ */ defineIndexLevels<SgpPsiLevel>([
  {
    level: 'GOOD',
    minValue: 0,
    maxValue: 50,
    color: '#79C466',
    description: {
      en: 'Good air quality, with no expected risk to health.',
      pl: 'Dobra jakość powietrza, bez spodziewanego ryzyka dla zdrowia.',
    },
    advice: {
      en: 'Carry on with outdoor activities as normal.',
      pl: 'Prowadź aktywność na zewnątrz bez zmian.',
    },
  },
  {
    level: 'MODERATE',
    minValue: 51,
    maxValue: 100,
    color: '#63BAE8',
    description: {
      en: 'Moderate air quality, acceptable for nearly everyone.',
      pl: 'Umiarkowana jakość powietrza, do przyjęcia dla niemal wszystkich.',
    },
    advice: {
      en: 'Normal activities are fine; unusually sensitive people may take it easier.',
      pl: 'Zwykła aktywność jest w porządku; osoby bardzo wrażliwe mogą ją nieco ograniczyć.',
    },
  },
  {
    level: 'UNHEALTHY',
    minValue: 101,
    maxValue: 200,
    color: '#FED630',
    description: {
      en: 'Unhealthy air: people with heart or lung disease, children and older adults are at risk.',
      pl: 'Niezdrowe powietrze: zagraża osobom chorym na serce lub płuca, dzieciom i seniorom.',
    },
    advice: {
      en: 'Reduce prolonged or strenuous exertion outdoors; vulnerable people should avoid it.',
      pl: 'Ogranicz długi lub forsowny wysiłek na zewnątrz; osoby narażone powinny go unikać.',
    },
  },
  {
    level: 'VERY_UNHEALTHY',
    minValue: 201,
    maxValue: 300,
    color: '#F4A331',
    description: {
      en: 'Very unhealthy air: healthy people may also notice symptoms.',
      pl: 'Bardzo niezdrowe powietrze: objawy mogą wystąpić także u zdrowych osób.',
    },
    advice: {
      en: 'Avoid strenuous exertion outdoors; vulnerable people should stay indoors.',
      pl: 'Unikaj forsownego wysiłku na zewnątrz; osoby narażone powinny zostać w domu.',
    },
  },
  {
    level: 'HAZARDOUS',
    minValue: 301,
    maxValue: null,
    color: '#EC1A31',
    description: {
      en: 'Hazardous air: it may worsen illness and harm the health of everyone.',
      pl: 'Niebezpieczne powietrze: może nasilać choroby i szkodzić zdrowiu wszystkich.',
    },
    advice: {
      en: 'Everyone should stay indoors and avoid any exertion outside.',
      pl: 'Wszyscy powinni pozostać w domu i unikać jakiegokolwiek wysiłku na zewnątrz.',
    },
  },
]);

// I on the rows, rounded half up. No slope of the table is above 1 PSI per µg/m³ and inputs
// are not converted, so even the largest double gives a finite PSI.
function psiOf(rows: readonly BreakpointRow[], c: number): number {
  return roundHalfUpInteger(interpolateRows(rows, c));
}

// O3: the 8-h column up to 785 µg/m³, where O3_1H is ignored. Above it the 1-h column on O3_1H
// when that reaches 785, otherwise the 8-h 200–300 segment continues (*decided*). O3_1H
// without O3 counts only from 785 (*decided*, as US_AQI's O3_1H).
function ozonePsi(concentrations: Concentrations<string>): number | undefined {
  const eightHour = readInput(concentrations, 'O3');
  const oneHour = readInput(concentrations, 'O3_1H');
  const oneHourCounts = oneHour !== undefined && oneHour >= O3_8H_TOP - FLOAT_SAFE_EPSILON;
  if (eightHour !== undefined && eightHour <= O3_8H_TOP + FLOAT_SAFE_EPSILON) {
    return psiOf(O3_8H_ROWS, eightHour);
  }
  if (oneHourCounts) return psiOf(O3_1H_ROWS, oneHour);
  return eightHour === undefined ? undefined : psiOf(O3_8H_ROWS, eightHour);
}

function nitrogenDioxidePsi(concentrations: Concentrations<string>): number | undefined {
  const no2 = readInput(concentrations, 'NO2');
  if (no2 === undefined || no2 < NO2_FIRST - FLOAT_SAFE_EPSILON) return undefined;
  return psiOf(NO2_ROWS, no2);
}

function compute(
  concentrations: Concentrations<string>,
): IndexComputation<SgpPsiPollutant> | undefined {
  const subIndexes: Partial<Record<SgpPsiPollutant, number>> = {};
  for (const pollutant of ['PM25', 'PM10', 'SO2', 'CO'] as const) {
    const c = readInput(concentrations, pollutant);
    if (c !== undefined) subIndexes[pollutant] = psiOf(FULL_COLUMNS[pollutant], c);
  }
  const o3 = ozonePsi(concentrations);
  if (o3 !== undefined) subIndexes.O3 = o3;
  const no2 = nitrogenDioxidePsi(concentrations);
  if (no2 !== undefined) subIndexes.NO2 = no2;
  Object.freeze(subIndexes);
  const dominant = dominantPollutant(subIndexes);
  if (dominant === null) return undefined;
  return { value: subIndexes[dominant]!, subIndexes, dominantPollutant: dominant };
}

/**
 * SGP_PSI, Singapore's 24-h Pollutant Standards Index (NEA, one edition `2014`): sub-indexes of
 * 24-h PM25, PM10 and SO2, 8-h CO and O3 and 1-h NO2, all in µg/m³, linear between NEA's nodes
 * and rounded half up; `value` is the largest, with levels GOOD (0–50), MODERATE (51–100),
 * UNHEALTHY (101–200), VERY_UNHEALTHY (201–300) and HAZARDOUS (≥ 301). Above 500 the last
 * segment continues. NO2 below 1130 µg/m³ has no sub-index, so NO2 alone below it is no data.
 * 8-h O3 above 785 µg/m³ is replaced by `O3_1H` when that reaches 785 (otherwise the 8-h slope
 * continues); `O3_1H` alone counts only from 785. One pollutant is enough.
 *
 * @example
 * SGP_PSI_INDEX.compute({ PM25: 10 }, '2014'); // { value: 42, subIndexes: { PM25: 42 }, dominantPollutant: 'PM25' }
 * SGP_PSI_INDEX.compute({ O3: 800, O3_1H: 1000 }, '2014')?.value; // 410
 * SGP_PSI_INDEX.compute({ NO2: 1000 }, '2014'); // undefined (no NO2 sub-index below 1130)
 */
export const SGP_PSI_INDEX: IndexDefinition<
  'SGP_PSI',
  SgpPsiLevel,
  SgpPsiPollutant,
  IndexEdition<'SGP_PSI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'SGP_PSI',
  editions: SGP_PSI_EDITIONS,
  inputs: /* @__PURE__ */ Object.freeze(['PM25', 'PM10', 'SO2', 'CO', 'O3', 'O3_1H', 'NO2']),
  levels: LEVELS,
  levelBounds: 'lower-inclusive',
  compute,
});
