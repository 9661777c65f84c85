import { type BreakpointRow, breakpointRows, interpolateRows } from './breakpoint-rows.js';
import { FLOAT_SAFE_EPSILON, roundHalfUpInteger, truncateTo } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { type IndexEdition, THA_AQI_EDITIONS } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';
import { type ConvertibleGas, ugm3ToPpb } from './unit-conversion.js';

// Thailand's Air Quality Index (Pollution Control Department, announcement B.E. 2566 / 2023).
// EPA-style: each input is converted and truncated to its table's resolution, interpolated on
// its row, rounded half up; the AQI is the largest sub-index. AQI 100 is the national standard.
// The top row, "201 and above", prints only its first concentration: from there the slope of
// the 101–200 row continues from 201 (*decided*; PCD's own calculator shows 201 flat).

/** A pollutant of the Thai AQI. */
export type ThaAqiPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';

/** A level of the Thai AQI, very good to affecting health. */
export type ThaAqiLevel =
  | 'VERY_GOOD'
  | 'GOOD'
  | 'MODERATE'
  | 'STARTING_TO_AFFECT_HEALTH'
  | 'AFFECTS_HEALTH';

/** One pollutant of the Thai AQI: unit, resolution, closed rows and the open top row's start. */
export interface ThaAqiTable {
  /** The unit of the rows: µg/m³, or ppb / ppm at 25 °C. */
  readonly unit: 'ugm3' | 'ppb' | 'ppm';
  /** Decimals the concentration is truncated to before the rows are read. */
  readonly decimals: number;
  /** The rows 0–25, 26–50, 51–100 and 101–200. */
  readonly rows: readonly BreakpointRow[];
  /** The first concentration of the open row "201 and above". */
  readonly openFrom: number;
}

// The AQI ranges of the closed rows, as every column shares them.
const AQI_RANGES = [
  [0, 25],
  [26, 50],
  [51, 100],
  [101, 200],
] as const;

// The AQI where the open top row starts.
const OPEN_ROW_AQI = 201;

function table(
  unit: ThaAqiTable['unit'],
  decimals: number,
  ranges: readonly (readonly [number, number])[],
  openFrom: number,
): ThaAqiTable {
  const rows = breakpointRows(
    ranges.map(([cLo, cHi], i) => [cLo, cHi, ...AQI_RANGES[i]!] as const),
  );
  return Object.freeze({ unit, decimals, rows, openFrom });
}

// biome-ignore format: one line per column of the printed table
/**
 * The PCD table per pollutant, in the order the sub-indexes are listed. Averaging periods (the
 * payload layer's job): PM 24-h running means, O3 and CO 8-h running means, NO2 and SO2 1 h.
 *
 * @example
 * THA_AQI_TABLES.PM25.openFrom; // 75.1
 * THA_AQI_TABLES.CO.rows[1]; // { cLo: 4.5, cHi: 6.4, iLo: 26, iHi: 50 } (ppm)
 */
export const THA_AQI_TABLES: Readonly<Record<ThaAqiPollutant, ThaAqiTable>> = /* @__PURE__ */ Object.freeze({
  PM25: /* @__PURE__ */ table('ugm3', 1, [[0, 15], [15.1, 25], [25.1, 37.5], [37.6, 75]], 75.1),
  PM10: /* @__PURE__ */ table('ugm3', 0, [[0, 50], [51, 80], [81, 120], [121, 180]], 181),
  O3: /* @__PURE__ */ table('ppb', 0, [[0, 35], [36, 50], [51, 70], [71, 120]], 121),
  NO2: /* @__PURE__ */ table('ppb', 0, [[0, 60], [61, 106], [107, 170], [171, 340]], 341),
  SO2: /* @__PURE__ */ table('ppb', 0, [[0, 100], [101, 200], [201, 300], [301, 400]], 401),
  CO: /* @__PURE__ */ table('ppm', 1, [[0, 4.4], [4.5, 6.4], [6.5, 9], [9.1, 30]], 30.1),
});

const THA_AQI_POLLUTANTS = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ Object.keys(THA_AQI_TABLES) as ThaAqiPollutant[],
);

// The unrounded AQI of a truncated concentration: on its closed row, or from 201 on the open
// row with the 101–200 row's slope (PM25 100 → 201 + 99 / 37.4 × 24.9 = 266.91).
function rawAqi({ rows, openFrom }: ThaAqiTable, c: number): number {
  if (c < openFrom - FLOAT_SAFE_EPSILON) return interpolateRows(rows, c);
  const { cLo, cHi, iLo, iHi } = rows[rows.length - 1]!;
  return OPEN_ROW_AQI + ((iHi - iLo) / (cHi - cLo)) * (c - openFrom);
}

// One pollutant's AQI: converted, truncated, interpolated, rounded half up; capped so that an
// absurd input gives a finite value.
function subIndexOf(pollutant: ThaAqiPollutant, ugm3: number): number {
  const pollutantTable = THA_AQI_TABLES[pollutant];
  const { unit, decimals } = pollutantTable;
  const gas = pollutant as ConvertibleGas;
  let c = ugm3;
  if (unit !== 'ugm3') c = ugm3ToPpb(gas, ugm3) / (unit === 'ppm' ? 1000 : 1);
  const aqi = rawAqi(pollutantTable, truncateTo(c, decimals));
  return Math.min(roundHalfUpInteger(aqi), Number.MAX_VALUE);
}

function computeThaAqi(
  concentrations: Concentrations<string>,
): IndexComputation<ThaAqiPollutant> | undefined {
  const subIndexes: Partial<Record<ThaAqiPollutant, number>> = {};
  for (const pollutant of THA_AQI_POLLUTANTS) {
    const ugm3 = readInput(concentrations, pollutant);
    if (ugm3 !== undefined) subIndexes[pollutant] = subIndexOf(pollutant, ugm3);
  }
  Object.freeze(subIndexes);
  const dominant = dominantPollutant(subIndexes);
  if (dominant === null) return undefined;
  return { value: subIndexes[dominant]!, subIndexes, dominantPollutant: dominant };
}

// Colours: the hexes OpenAQ gives for PCD's sky blue, green, yellow, orange and red.
const THA_AQI_LEVELS = /* @__PURE__ */ defineIndexLevels<ThaAqiLevel>([
  {
    level: 'VERY_GOOD',
    minValue: 0,
    maxValue: 25,
    color: '#3CCCFF',
    description: {
      en: 'Very good air quality, fit for outdoor activities and travel.',
      pl: 'Bardzo dobra jakość powietrza, sprzyjająca zajęciom na zewnątrz i podróżom.',
    },
    advice: {
      en: 'A fine time for any outdoor activity or trip.',
      pl: 'Dobry moment na każdą aktywność na zewnątrz lub wycieczkę.',
    },
  },
  {
    level: 'GOOD',
    minValue: 26,
    maxValue: 50,
    color: '#92D051',
    description: { en: 'Good air quality.', pl: 'Dobra jakość powietrza.' },
    advice: {
      en: 'Outdoor activities and travel can go ahead as usual.',
      pl: 'Zajęcia na zewnątrz i podróże mogą odbywać się jak zwykle.',
    },
  },
  {
    level: 'MODERATE',
    minValue: 51,
    maxValue: 100,
    color: '#FFFF00',
    description: { en: 'Moderate air quality.', pl: 'Umiarkowana jakość powietrza.' },
    advice: {
      en: 'Sensitive people who notice symptoms such as coughing or breathlessness should spend less time outdoors.',
      pl: 'Osoby wrażliwe, u których pojawią się objawy takie jak kaszel czy duszność, powinny krócej przebywać na zewnątrz.',
    },
  },
  {
    level: 'STARTING_TO_AFFECT_HEALTH',
    minValue: 101,
    maxValue: 200,
    color: '#FFA202',
    description: {
      en: 'Air quality is starting to affect health.',
      pl: 'Jakość powietrza zaczyna wpływać na zdrowie.',
    },
    advice: {
      en: 'Everyone should cut down on outdoor activity; sensitive people should keep it short and see a doctor if symptoms appear.',
      pl: 'Wszyscy powinni ograniczyć aktywność na zewnątrz; osoby wrażliwe powinny ją skrócić, a w razie objawów zgłosić się do lekarza.',
    },
  },
  {
    level: 'AFFECTS_HEALTH',
    minValue: 201,
    maxValue: null,
    color: '#F04645',
    description: {
      en: 'Air quality affects the health of everyone.',
      pl: 'Jakość powietrza szkodzi zdrowiu wszystkich.',
    },
    advice: {
      en: 'Everyone should avoid outdoor activity or wear a protective mask outside; see a doctor if symptoms appear.',
      pl: 'Wszyscy powinni unikać przebywania na zewnątrz lub nosić tam maskę ochronną; w razie objawów należy zgłosić się do lekarza.',
    },
  },
]);

/**
 * THA_AQI, Thailand's AQI (edition `2023`): integer sub-indexes of PM25, PM10 (24-h means), O3,
 * CO (8-h means), NO2 and SO2 (1 h), all in µg/m³; the value is the largest, with levels
 * VERY_GOOD (0–25) to AFFECTS_HEALTH (≥ 201, without an upper limit). Dominant pollutant: the
 * largest sub-index (ties: PM25, PM10, O3, NO2, SO2, CO). One pollutant is enough.
 *
 * @example
 * computeIndex({ PM25: 50, PM10: 100, NO2: 60 }, { indexType: THA_AQI_INDEX }).value; // 134
 * computeIndex({ PM25: 100 }, { indexType: THA_AQI_INDEX }).value; // 267 (open row)
 */
export const THA_AQI_INDEX: IndexDefinition<
  'THA_AQI',
  ThaAqiLevel,
  ThaAqiPollutant,
  IndexEdition<'THA_AQI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'THA_AQI',
  editions: THA_AQI_EDITIONS,
  inputs: THA_AQI_POLLUTANTS,
  levels: THA_AQI_LEVELS,
  levelBounds: 'lower-inclusive',
  compute: computeThaAqi,
});
