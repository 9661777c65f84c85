import { type BreakpointRow, interpolateRows } from './breakpoint-rows.js';
import { roundHalfUpInteger, truncateTo } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import type { IndexEdition } from './index-editions.js';
import { US_AQI_EDITIONS } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';
import { ugm3ToPpb, ugm3ToPpm } from './unit-conversion.js';
import {
  US_AQI_BREAKPOINTS,
  US_AQI_INPUT_UNITS,
  type UsAqiBreakpoints,
  type UsAqiEdition,
  type UsAqiInput,
} from './us-aqi-breakpoints.js';

// The US EPA Air Quality Index (EPA, Technical Assistance Document for the Reporting of Daily
// Air Quality, 2024): each input is converted and truncated to
// its table's resolution, interpolated on its row, rounded half up; the AQI is the largest
// sub-index. O3 and SO2 each have a second input with rules of their own (40 CFR 58 App. G
// notes 1–3); their sub-indexes are reported under `O3` and `SO2`.

/** A level of the US AQI. */
export type UsAqiLevel =
  | 'GOOD'
  | 'MODERATE'
  | 'UNHEALTHY_FOR_SENSITIVE_GROUPS'
  | 'UNHEALTHY'
  | 'VERY_UNHEALTHY'
  | 'HAZARDOUS';

/** A pollutant with a US AQI sub-index (`O3_1H` and `SO2_24H` report under `O3` and `SO2`). */
export type UsAqiPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';

const US_AQI_LEVELS = /* @__PURE__ */ defineIndexLevels<UsAqiLevel>([
  {
    level: 'GOOD',
    minValue: 0,
    maxValue: 50,
    color: '#00E400',
    description: {
      en: 'Good air quality: the air poses little or no health risk.',
      pl: 'Dobra jakość powietrza: zanieczyszczenie nie zagraża zdrowiu.',
    },
    advice: {
      en: 'A good time for any activity outdoors.',
      pl: 'Dobry czas na każdą aktywność na świeżym powietrzu.',
    },
  },
  {
    level: 'MODERATE',
    minValue: 51,
    maxValue: 100,
    color: '#FFFF00',
    description: {
      en: 'Acceptable air quality, though unusually sensitive people may feel the pollution.',
      pl: 'Jakość powietrza do przyjęcia, choć osoby szczególnie wrażliwe mogą odczuć zanieczyszczenie.',
    },
    advice: {
      en: 'If you are unusually sensitive to pollution, shorten long or hard exertion outdoors.',
      pl: 'Jeśli źle znosisz zanieczyszczenia, skróć długi lub ciężki wysiłek na zewnątrz.',
    },
  },
  {
    level: 'UNHEALTHY_FOR_SENSITIVE_GROUPS',
    minValue: 101,
    maxValue: 150,
    color: '#FF7E00',
    description: {
      en: 'Unhealthy for sensitive groups: children, older adults and people with heart or lung disease.',
      pl: 'Powietrze niezdrowe dla osób wrażliwych: dzieci, seniorów oraz chorych na serce lub płuca.',
    },
    advice: {
      en: 'Sensitive groups should reduce long or heavy exertion outdoors; others can carry on as usual.',
      pl: 'Osoby wrażliwe powinny ograniczyć długi lub intensywny wysiłek na zewnątrz; pozostali mogą zachować zwykłą aktywność.',
    },
  },
  {
    level: 'UNHEALTHY',
    minValue: 151,
    maxValue: 200,
    color: '#FF0000',
    description: {
      en: 'Unhealthy air: anyone may feel its effects, sensitive groups more seriously.',
      pl: 'Niezdrowe powietrze: skutki może odczuć każdy, a osoby wrażliwe dotkliwiej.',
    },
    advice: {
      en: 'Sensitive groups should avoid exertion outdoors; everyone else should cut it down.',
      pl: 'Osoby wrażliwe powinny unikać wysiłku na zewnątrz, a pozostali go ograniczyć.',
    },
  },
  {
    level: 'VERY_UNHEALTHY',
    minValue: 201,
    maxValue: 300,
    color: '#8F3F97',
    description: {
      en: 'Very unhealthy air: a health alert, with a higher risk of symptoms for everyone.',
      pl: 'Bardzo niezdrowe powietrze: alarm zdrowotny, u każdego rośnie ryzyko dolegliwości.',
    },
    advice: {
      en: 'Everyone should avoid exertion outdoors; sensitive groups should stay indoors.',
      pl: 'Wszyscy powinni unikać wysiłku na zewnątrz, a osoby wrażliwe pozostać w domu.',
    },
  },
  {
    level: 'HAZARDOUS',
    minValue: 301,
    maxValue: null,
    color: '#7E0023',
    description: {
      en: 'Hazardous air: a health emergency for everyone.',
      pl: 'Niebezpieczne powietrze: poważne zagrożenie dla zdrowia wszystkich.',
    },
    advice: {
      en: 'Everyone should stay indoors with the windows shut and avoid all activity outdoors.',
      pl: 'Wszyscy powinni zostać w domu przy zamkniętych oknach i zrezygnować z wyjść na zewnątrz.',
    },
  },
]);

// The input `key` on its table: converted to ppb or ppm at 25 °C where the table is in them,
// then truncated to the table's resolution (PM25 9.05 µg/m³ → 9.0, SO2 900 µg/m³ → 343 ppb).
function tableConcentration(
  concentrations: Concentrations<string>,
  key: UsAqiInput,
): number | undefined {
  const ugm3 = readInput(concentrations, key);
  if (ugm3 === undefined) return undefined;
  const { gas, unit, decimals } = US_AQI_INPUT_UNITS[key];
  let c = ugm3;
  if (gas !== null) c = unit === 'ppm' ? ugm3ToPpm(gas, ugm3) : ugm3ToPpb(gas, ugm3);
  return truncateTo(c, decimals);
}

// I on the rows, rounded half up; capped so that absurd inputs give a finite value.
function aqiOf(rows: readonly BreakpointRow[], c: number): number {
  return Math.min(roundHalfUpInteger(interpolateRows(rows, c)), Number.MAX_VALUE);
}

// O3 (notes 1–2): 1-h O3 counts only from its first breakpoint (0.125 ppm) and the larger of
// the two sub-indexes wins. 8-h values above the last 8-h breakpoint (0.200 ppm) define no AQI:
// then the 1-h value is used when it counts, and otherwise the 8-h 201–300 row continues
// (decided).
function ozoneAqi(
  table: UsAqiBreakpoints,
  concentrations: Concentrations<string>,
): number | undefined {
  const eightHour = tableConcentration(concentrations, 'O3');
  const oneHour = tableConcentration(concentrations, 'O3_1H');
  const oneHourAqi =
    oneHour !== undefined && oneHour >= table.O3_1H[0]!.cLo
      ? aqiOf(table.O3_1H, oneHour)
      : undefined;
  if (eightHour === undefined) return oneHourAqi;
  const eightHourAqi = aqiOf(table.O3, eightHour);
  if (oneHourAqi === undefined) return eightHourAqi;
  return eightHour > table.O3.at(-1)!.cHi ? oneHourAqi : Math.max(eightHourAqi, oneHourAqi);
}

// SO2 (note 3): 1-h values define the AQI up to the 1-h top (304 ppb, AQI 200). Above it the
// 24-h mean is used on the 24-h rows when it reaches their first breakpoint (305 ppb);
// otherwise the sub-index is the 1-h top, 200 (decided). SO2_24H alone counts for nothing.
function sulphurDioxideAqi(
  table: UsAqiBreakpoints,
  concentrations: Concentrations<string>,
): number | undefined {
  const oneHour = tableConcentration(concentrations, 'SO2');
  if (oneHour === undefined) return undefined;
  const top = table.SO2.at(-1)!;
  if (oneHour <= top.cHi) return aqiOf(table.SO2, oneHour);
  const dayMean = tableConcentration(concentrations, 'SO2_24H');
  if (dayMean === undefined || dayMean < table.SO2_24H[0]!.cLo) return top.iHi;
  return aqiOf(table.SO2_24H, dayMean);
}

function simpleAqi(key: UsAqiInput) {
  return (table: UsAqiBreakpoints, concentrations: Concentrations<string>): number | undefined => {
    const c = tableConcentration(concentrations, key);
    return c === undefined ? undefined : aqiOf(table[key], c);
  };
}

// Every pollutant with its rule, in the order the sub-indexes are listed.
const SUB_INDEX_RULES = /* @__PURE__ */ Object.freeze([
  ['PM25', /* @__PURE__ */ simpleAqi('PM25')],
  ['PM10', /* @__PURE__ */ simpleAqi('PM10')],
  ['O3', ozoneAqi],
  ['NO2', /* @__PURE__ */ simpleAqi('NO2')],
  ['SO2', sulphurDioxideAqi],
  ['CO', /* @__PURE__ */ simpleAqi('CO')],
] as const);

// `edition` has been checked against US_AQI_INDEX.editions by computeIndex.
function compute(
  concentrations: Concentrations<string>,
  edition: UsAqiEdition,
): IndexComputation<UsAqiPollutant> | undefined {
  const table = US_AQI_BREAKPOINTS[edition];
  const subIndexes: Partial<Record<UsAqiPollutant, number>> = {};
  for (const [pollutant, rule] of SUB_INDEX_RULES) {
    const aqi = rule(table, concentrations);
    if (aqi !== undefined) subIndexes[pollutant] = aqi;
  }
  Object.freeze(subIndexes);
  const dominant = dominantPollutant(subIndexes);
  if (dominant === null) return undefined;
  return { value: subIndexes[dominant]!, subIndexes, dominantPollutant: dominant };
}

/**
 * The US AQI: editions `2024` (default) and `2012`, six levels from GOOD to HAZARDOUS. Values
 * are integers without an upper limit: above the top row its slope continues (PM25 500 µg/m³
 * gives 848).
 *
 * @example
 * computeIndex({ PM25: 17.4 }, { indexType: 'US_AQI' }).value; // 66
 * computeIndex({ PM25: 400 }, { indexType: 'US_AQI', edition: '2012' }).value; // 434
 */
export const US_AQI_INDEX: IndexDefinition<
  'US_AQI',
  UsAqiLevel,
  UsAqiPollutant,
  IndexEdition<'US_AQI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'US_AQI',
  editions: US_AQI_EDITIONS,
  inputs: /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.keys(US_AQI_INPUT_UNITS)),
  levels: US_AQI_LEVELS,
  levelBounds: 'lower-inclusive',
  compute,
});
