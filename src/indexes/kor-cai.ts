import { type BreakpointRow, breakpointRows, interpolateRows } from './breakpoint-rows.js';
import { roundHalfUpInteger, truncateTo } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { type IndexEdition, KOR_CAI_EDITIONS } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';
import { type ConvertibleGas, ugm3ToPpm } from './unit-conversion.js';

// Korea's Comprehensive Air-quality Index (통합대기환경지수, AirKorea; rows as the Jeju provincial
// CAI page prints them, PM2.5 bands of March 2018). EPA-style rows on 1-h gases and the predicted
// 24-h PM mean; the index is the largest sub-index plus a bonus when several pollutants are bad.

/** A pollutant of Korea's CAI. */
export type KorCaiPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';

/** A level of Korea's CAI (좋음, 보통, 나쁨, 매우나쁨). */
export type KorCaiLevel = 'GOOD' | 'MODERATE' | 'UNHEALTHY' | 'VERY_UNHEALTHY';

// The index range of each grade, 좋음 to 매우나쁨.
const GRADE_RANGES = [
  [0, 50],
  [51, 100],
  [101, 250],
  [251, 500],
] as const;

/** One pollutant's table: the gas to convert to ppm (null for PM), decimals kept, grade limits. */
interface CaiPollutant {
  readonly gas: ConvertibleGas | null;
  readonly decimals: number;
  readonly rows: readonly BreakpointRow[];
}

function caiPollutant(
  gas: ConvertibleGas | null,
  decimals: number,
  limits: readonly (readonly [number, number])[],
): CaiPollutant {
  const rows = breakpointRows(
    limits.map(([cLo, cHi], i) => [cLo, cHi, ...GRADE_RANGES[i]!] as const),
  );
  return Object.freeze({ gas, decimals, rows });
}

// Gases in ppm (SO2, NO2, O3 to 0.001, CO to 0.01), PM in whole µg/m³; listed in the order the
// sub-indexes are. CO's second row starts at 2.01 as Jeju prints it (some copies say 2.1).
// biome-ignore format: one line per grade, as the printed table
const POLLUTANTS: Readonly<Record<KorCaiPollutant, CaiPollutant>> = /* @__PURE__ */ Object.freeze({
  PM25: /* @__PURE__ */ caiPollutant(null, 0, [[0, 15], [16, 35], [36, 75], [76, 500]]),
  PM10: /* @__PURE__ */ caiPollutant(null, 0, [[0, 30], [31, 80], [81, 150], [151, 600]]),
  O3: /* @__PURE__ */ caiPollutant('O3', 3, [[0, 0.03], [0.031, 0.09], [0.091, 0.15], [0.151, 0.6]]),
  NO2: /* @__PURE__ */ caiPollutant('NO2', 3, [[0, 0.03], [0.031, 0.06], [0.061, 0.2], [0.201, 2]]),
  SO2: /* @__PURE__ */ caiPollutant('SO2', 3, [[0, 0.02], [0.021, 0.05], [0.051, 0.15], [0.151, 1]]),
  CO: /* @__PURE__ */ caiPollutant('CO', 2, [[0, 2], [2.01, 9], [9.01, 15], [15.01, 50]]),
});

const CAI_POLLUTANTS = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ Object.keys(POLLUTANTS) as KorCaiPollutant[],
);

// The calculator refuses a CAI unless these four are entered; SO2 and CO count when present.
const REQUIRED: readonly KorCaiPollutant[] = /* @__PURE__ */ Object.freeze([
  'PM10',
  'PM25',
  'NO2',
  'O3',
]);

// A sub-index from this value on is 나쁨 or worse and counts towards the bonus.
const BAD_SUB_INDEX = 101;
// The bonus for two bad pollutants, and for three or more.
const TWO_BAD_BONUS = 50;
const MANY_BAD_BONUS = 75;

const LEVELS = /* @__PURE__ */ defineIndexLevels<KorCaiLevel>([
  {
    level: 'GOOD',
    minValue: 0,
    maxValue: 50,
    color: '#0000FF',
    description: {
      en: 'Good air: no effect on health is expected, even for sensitive people.',
      pl: 'Dobre powietrze: nie należy się spodziewać wpływu na zdrowie, także u osób wrażliwych.',
    },
    advice: {
      en: 'Go about your outdoor activities as usual.',
      pl: 'Spędzaj czas na zewnątrz tak jak zwykle.',
    },
  },
  {
    level: 'MODERATE',
    minValue: 51,
    maxValue: 100,
    color: '#00FF00',
    description: {
      en: 'Moderate air: sensitive people may feel mild effects after long exposure.',
      pl: 'Umiarkowane powietrze: osoby wrażliwe mogą odczuć łagodne skutki po dłuższym narażeniu.',
    },
    advice: {
      en: 'Sensitive people should keep an eye on symptoms during long exertion outdoors.',
      pl: 'Osoby wrażliwe powinny obserwować objawy podczas długiego wysiłku na zewnątrz.',
    },
  },
  {
    level: 'UNHEALTHY',
    minValue: 101,
    maxValue: 250,
    color: '#FFFF00',
    description: {
      en: 'Unhealthy air: sensitive people are affected and others may feel discomfort.',
      pl: 'Niezdrowe powietrze: szkodzi osobom wrażliwym, a pozostali mogą odczuwać dyskomfort.',
    },
    advice: {
      en: 'Cut down on long or hard exertion outdoors; sensitive people should avoid it.',
      pl: 'Ogranicz długi lub ciężki wysiłek na zewnątrz; osoby wrażliwe powinny go unikać.',
    },
  },
  {
    level: 'VERY_UNHEALTHY',
    minValue: 251,
    maxValue: null,
    color: '#FF0000',
    description: {
      en: 'Very unhealthy air: serious effects are possible for everyone, sensitive people most.',
      pl: 'Bardzo niezdrowe powietrze: poważne skutki możliwe u każdego, najbardziej u osób wrażliwych.',
    },
    advice: {
      en: 'Everyone should avoid exertion outdoors; sensitive people should stay indoors.',
      pl: 'Wszyscy powinni unikać wysiłku na zewnątrz, a osoby wrażliwe pozostać w domu.',
    },
  },
]);

// One sub-index: µg/m³ converted to ppm at 25 °C for the gases, truncated to the table's
// resolution, interpolated on its row, rounded half up (not stated by AirKorea: *decided*).
// Above the top row the slope continues; capped so that absurd input stays finite.
function caiSubIndex(pollutant: KorCaiPollutant, ugm3: number): number {
  const { gas, decimals, rows } = POLLUTANTS[pollutant];
  const c = truncateTo(gas === null ? ugm3 : ugm3ToPpm(gas, ugm3), decimals);
  return Math.min(roundHalfUpInteger(interpolateRows(rows, c)), Number.MAX_VALUE);
}

// The multi-pollutant bonus: +50 for two sub-indexes of 101 or more, +75 for three or more.
function bonus(subIndexes: Readonly<Partial<Record<KorCaiPollutant, number>>>): number {
  let bad = 0;
  for (const pollutant of CAI_POLLUTANTS) {
    if ((subIndexes[pollutant] ?? 0) >= BAD_SUB_INDEX) bad++;
  }
  if (bad >= 3) return MANY_BAD_BONUS;
  return bad === 2 ? TWO_BAD_BONUS : 0;
}

function compute(
  concentrations: Concentrations<string>,
): IndexComputation<KorCaiPollutant> | undefined {
  const subIndexes: Partial<Record<KorCaiPollutant, number>> = {};
  for (const pollutant of CAI_POLLUTANTS) {
    const ugm3 = readInput(concentrations, pollutant);
    if (ugm3 !== undefined) subIndexes[pollutant] = caiSubIndex(pollutant, ugm3);
  }
  if (!REQUIRED.every((pollutant) => subIndexes[pollutant] !== undefined)) return undefined;
  Object.freeze(subIndexes);
  const dominant = dominantPollutant(subIndexes)!;
  return {
    value: subIndexes[dominant]! + bonus(subIndexes),
    subIndexes,
    dominantPollutant: dominant,
  };
}

/**
 * KOR_CAI, Korea's Comprehensive Air-quality Index (AirKorea, one edition `2018`): sub-indexes
 * of PM10 and PM25 (the predicted 24-h mean, whole µg/m³) and of 1-h O3, NO2, SO2 (ppm to
 * 0.001) and CO (ppm to 0.01), all given in µg/m³, converted at 25 °C, truncated, interpolated
 * on their rows and rounded half up. `value` is the largest sub-index plus 50 when two
 * sub-indexes are 101 or more, plus 75 when three or more are; levels GOOD (0–50), MODERATE
 * (51–100), UNHEALTHY (101–250), VERY_UNHEALTHY (≥ 251). Above the top row the slope continues.
 * Without all of PM10, PM25, NO2 and O3 the result is no data. `subIndexes` are without the
 * bonus; `dominantPollutant` has the largest (ties PM25, PM10, O3, NO2, SO2, CO).
 *
 * @example
 * KOR_CAI_INDEX.compute({ PM10: 45, PM25: 20, NO2: 30, O3: 60 }, '2018');
 * // { value: 65, subIndexes: { PM25: 61, PM10: 65, O3: 50, NO2: 25 }, dominantPollutant: 'PM10' }
 * KOR_CAI_INDEX.compute({ PM10: 150, PM25: 75, NO2: 30, O3: 60 }, '2018')?.value; // 300 (250 + 50)
 * KOR_CAI_INDEX.compute({ PM10: 45, PM25: 20, NO2: 30 }, '2018'); // undefined (no O3)
 */
export const KOR_CAI_INDEX: IndexDefinition<
  'KOR_CAI',
  KorCaiLevel,
  KorCaiPollutant,
  IndexEdition<'KOR_CAI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'KOR_CAI',
  editions: KOR_CAI_EDITIONS,
  inputs: CAI_POLLUTANTS,
  levels: LEVELS,
  levelBounds: 'lower-inclusive',
  compute,
});
