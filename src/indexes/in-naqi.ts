import { type BreakpointRow, breakpointRows, interpolateRows } from './breakpoint-rows.js';
import { roundHalfUpInteger } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { IN_NAQI_EDITIONS, type IndexEdition } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';

// India's National Air Quality Index (CPCB, National Air Quality Index, October 2014). Every
// pollutant has six classes mapped onto the same index ranges; a concentration is first
// rounded half up to the table's resolution, which closes the printed gaps (30 | 31), and the
// sub-index is rounded half up as well.

// The index range of each class, Good to Severe.
const CLASS_INDEX_RANGES = [
  [0, 50],
  [51, 100],
  [101, 200],
  [201, 300],
  [301, 400],
  [401, 500],
] as const;

/** One pollutant's class limits and the resolution its concentrations are rounded to. */
interface NaqiPollutant {
  /** The table's resolution in µg/m³: 1, or 100 for CO (its table is in 0.1 mg/m³). */
  readonly stepUgm3: number;
  /** The classes, concentrations in steps of `stepUgm3`. */
  readonly rows: readonly BreakpointRow[];
}

// The class limits in table steps, Good to Severe. CPCB prints only "above" the Very-poor
// limit; the Severe row starts one step above it and ends at twice it (*decided*, as OpenAQ
// closes an open top row), and above that its slope continues.
function naqiPollutant(
  stepUgm3: number,
  limits: readonly (readonly [number, number])[],
): NaqiPollutant {
  const rows = breakpointRows(
    limits.map(([cLo, cHi], i) => [cLo, cHi, ...CLASS_INDEX_RANGES[i]!] as const),
  );
  return Object.freeze({ stepUgm3, rows });
}

// biome-ignore format: one line per pollutant, as the printed table
/** A pollutant of India's NAQI. */
export type InNaqiPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';

/** A level of India's NAQI. */
export type InNaqiLevel = 'GOOD' | 'SATISFACTORY' | 'MODERATE' | 'POOR' | 'VERY_POOR' | 'SEVERE';

const POLLUTANTS: Readonly<Record<InNaqiPollutant, NaqiPollutant>> = /* @__PURE__ */ Object.freeze({
  PM25: /* @__PURE__ */ naqiPollutant(1, [
    [0, 30],
    [31, 60],
    [61, 90],
    [91, 120],
    [121, 250],
    [251, 500],
  ]),
  PM10: /* @__PURE__ */ naqiPollutant(1, [
    [0, 50],
    [51, 100],
    [101, 250],
    [251, 350],
    [351, 430],
    [431, 860],
  ]),
  // 8-h means on every row: CPCB's switch to 1-h O3 above 208 is not applied (*decided*).
  O3: /* @__PURE__ */ naqiPollutant(1, [
    [0, 50],
    [51, 100],
    [101, 168],
    [169, 208],
    [209, 748],
    [749, 1496],
  ]),
  NO2: /* @__PURE__ */ naqiPollutant(1, [
    [0, 40],
    [41, 80],
    [81, 180],
    [181, 280],
    [281, 400],
    [401, 800],
  ]),
  SO2: /* @__PURE__ */ naqiPollutant(1, [
    [0, 40],
    [41, 80],
    [81, 380],
    [381, 800],
    [801, 1600],
    [1601, 3200],
  ]),
  // Tenths of mg/m³: 0–1.0, 1.1–2.0, 2.1–10.0, 10.1–17.0, 17.1–34.0, 34.1–68.0 mg/m³.
  CO: /* @__PURE__ */ naqiPollutant(100, [
    [0, 10],
    [11, 20],
    [21, 100],
    [101, 170],
    [171, 340],
    [341, 680],
  ]),
});

// The pollutants in the order the sub-indexes are listed.
const NAQI_POLLUTANTS = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ Object.keys(POLLUTANTS) as InNaqiPollutant[],
);

const LEVELS = /* @__PURE__ */ defineIndexLevels<InNaqiLevel>([
  {
    level: 'GOOD',
    minValue: 0,
    maxValue: 50,
    color: '#00B050',
    description: {
      en: 'Good air quality with minimal impact on health.',
      pl: 'Dobra jakość powietrza, minimalny wpływ na zdrowie.',
    },
    advice: {
      en: 'Enjoy your outdoor activities as usual.',
      pl: 'Korzystaj z aktywności na świeżym powietrzu jak zwykle.',
    },
  },
  {
    level: 'SATISFACTORY',
    minValue: 51,
    maxValue: 100,
    color: '#92D050',
    description: {
      en: 'Satisfactory air quality; sensitive people may notice minor breathing discomfort.',
      pl: 'Zadowalająca jakość powietrza; osoby wrażliwe mogą odczuwać lekki dyskomfort przy oddychaniu.',
    },
    advice: {
      en: 'Sensitive people should watch for symptoms during long outdoor exertion.',
      pl: 'Osoby wrażliwe powinny zwracać uwagę na objawy podczas długiego wysiłku na zewnątrz.',
    },
  },
  {
    level: 'MODERATE',
    minValue: 101,
    maxValue: 200,
    color: '#FFFF00',
    description: {
      en: 'Moderately polluted air: breathing discomfort for people with asthma, lung or heart disease, children and older adults.',
      pl: 'Umiarkowanie zanieczyszczone powietrze: trudności w oddychaniu u osób z astmą, chorobami płuc lub serca, u dzieci i seniorów.',
    },
    advice: {
      en: 'People in these groups should cut down on long or heavy exertion outdoors.',
      pl: 'Osoby z tych grup powinny ograniczyć długi lub intensywny wysiłek na zewnątrz.',
    },
  },
  {
    level: 'POOR',
    minValue: 201,
    maxValue: 300,
    color: '#FF9900',
    description: {
      en: 'Poor air quality: most people may feel breathing discomfort on prolonged exposure.',
      pl: 'Zła jakość powietrza: przy dłuższym narażeniu większość osób może mieć trudności z oddychaniem.',
    },
    advice: {
      en: 'Everyone should limit long exertion outdoors; sensitive people should avoid it.',
      pl: 'Wszyscy powinni ograniczyć długi wysiłek na zewnątrz, a osoby wrażliwe – zrezygnować z niego.',
    },
  },
  {
    level: 'VERY_POOR',
    minValue: 301,
    maxValue: 400,
    color: '#FF0000',
    description: {
      en: 'Very poor air quality: prolonged exposure may cause respiratory illness.',
      pl: 'Bardzo zła jakość powietrza: dłuższe narażenie może wywołać choroby układu oddechowego.',
    },
    advice: {
      en: 'Avoid exertion outdoors; sensitive people should stay indoors.',
      pl: 'Unikaj wysiłku na zewnątrz; osoby wrażliwe powinny zostać w domu.',
    },
  },
  {
    level: 'SEVERE',
    minValue: 401,
    maxValue: null,
    color: '#C00000',
    description: {
      en: 'Severe pollution: it affects healthy people and seriously harms those already ill.',
      pl: 'Skrajne zanieczyszczenie: szkodzi także zdrowym, a osobom chorym poważnie zagraża.',
    },
    advice: {
      en: 'Everyone should stay indoors with the windows shut and avoid any exertion outside.',
      pl: 'Wszyscy powinni zostać w domu przy zamkniętych oknach i unikać wysiłku na zewnątrz.',
    },
  },
]);

// The index needs this many pollutants, one of them a particle fraction [CPCB-HOW].
const MINIMUM_POLLUTANTS = 3;

// The concentration rounded half up to the table's resolution (µg/m³; CO 0.1 mg/m³ as
// n = floor(x/100 + 0.5 + ε), so tenths stay integers), interpolated in its class, rounded
// half up: PM25 45 → 74.66 → 75; CO 1150 µg/m³ → 1.2 mg/m³ → 56.44 → 56.
function naqiSubIndex(pollutant: InNaqiPollutant, ugm3: number): number {
  const { stepUgm3, rows } = POLLUTANTS[pollutant];
  return roundHalfUpInteger(interpolateRows(rows, roundHalfUpInteger(ugm3 / stepUgm3)));
}

/**
 * IN_NAQI, India's National Air Quality Index (CPCB 2014, one edition `2014`): sub-indexes of
 * PM10, PM25, NO2, SO2 (24-h means), O3 and CO (8-h means), all in µg/m³; the value is the
 * largest, with levels GOOD (0–50) to SEVERE (≥ 401). Without at least three pollutants, one
 * of them PM25 or PM10, the result is no data.
 *
 * @example
 * IN_NAQI_INDEX.compute({ PM25: 45, NO2: 10, SO2: 10 }, '2014');
 * // { value: 75, subIndexes: { PM25: 75, NO2: 13, SO2: 13 }, dominantPollutant: 'PM25' }
 * IN_NAQI_INDEX.compute({ PM25: 200, NO2: 10 }, '2014'); // undefined (two pollutants)
 */
export const IN_NAQI_INDEX: IndexDefinition<
  'IN_NAQI',
  InNaqiLevel,
  InNaqiPollutant,
  IndexEdition<'IN_NAQI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'IN_NAQI',
  editions: IN_NAQI_EDITIONS,
  inputs: NAQI_POLLUTANTS,
  levels: LEVELS,
  levelBounds: 'lower-inclusive',
  compute(concentrations: Concentrations<string>): IndexComputation<InNaqiPollutant> | undefined {
    const subIndexes: Partial<Record<InNaqiPollutant, number>> = {};
    let present = 0;
    for (const pollutant of NAQI_POLLUTANTS) {
      const ugm3 = readInput(concentrations, pollutant);
      if (ugm3 === undefined) continue;
      subIndexes[pollutant] = naqiSubIndex(pollutant, ugm3);
      present++;
    }
    const hasParticles = subIndexes.PM25 !== undefined || subIndexes.PM10 !== undefined;
    if (present < MINIMUM_POLLUTANTS || !hasParticles) return undefined;
    return {
      value: Math.max(...Object.values(subIndexes)),
      subIndexes: Object.freeze(subIndexes),
      dominantPollutant: dominantPollutant(subIndexes),
    };
  },
});
