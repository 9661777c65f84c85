import { roundHalfUpInteger } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { HKG_AQHI_EDITIONS, type IndexEdition } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';

// Hong Kong's Air Quality Health Index (EPD, in force 30 December 2013): not a table but the
// added health risk, %AR = Σ (e^(β·C) − 1) × 100 over NO2, SO2, O3 and the worse particle
// fraction, each a 3-h moving average in µg/m³, banded 1 … 10 and "10+".

/** A pollutant of Hong Kong's AQHI. */
export type HkgAqhiPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2';

/** A health risk category of Hong Kong's AQHI (低, 中, 高, 甚高, 嚴重). */
export type HkgAqhiLevel = 'LOW' | 'MODERATE' | 'HIGH' | 'VERY_HIGH' | 'SERIOUS';

// β per pollutant, per µg/m³ (EPD's AQHI FAQ); the order is the one the results list them in.
const BETA = /* @__PURE__ */ Object.freeze({
  NO2: 0.0004462559,
  SO2: 0.0001393235,
  O3: 0.0005116328,
  PM10: 0.0002821751,
  PM25: 0.0002180567,
});

// The top of bands 1 … 10 in hundredths of a percent (0–1.88, 1.89–3.76, …, 17.23–19.37);
// a rounded %AR above the last is band 11, shown as "10+".
// biome-ignore format: the bands as printed
const BAND_TOPS_HUNDREDTHS = /* @__PURE__ */ Object.freeze([
  188, 376, 564, 752, 941, 1129, 1291, 1507, 1722, 1937,
]);

// Terms are shown to 3 decimals of a percent, as EPD's added-health-risk summaries print them.
const SHOWN_TERM_SCALE = 1000;

const LEVELS = /* @__PURE__ */ defineIndexLevels<HkgAqhiLevel>([
  {
    level: 'LOW',
    minValue: 1,
    maxValue: 3,
    color: '#00E400',
    description: {
      en: 'Low health risk from air pollution.',
      pl: 'Niskie ryzyko dla zdrowia ze strony zanieczyszczeń powietrza.',
    },
    advice: {
      en: 'No need to change your usual activities.',
      pl: 'Nie trzeba zmieniać zwykłych zajęć.',
    },
  },
  {
    level: 'MODERATE',
    minValue: 4,
    maxValue: 6,
    color: '#FF9F00',
    description: {
      en: 'Moderate health risk: people with heart or breathing illnesses may notice it.',
      pl: 'Umiarkowane ryzyko dla zdrowia: mogą je odczuć osoby z chorobami serca lub układu oddechowego.',
    },
    advice: {
      en: 'People with heart or breathing illnesses should watch for symptoms.',
      pl: 'Osoby z chorobami serca lub układu oddechowego powinny obserwować swoje objawy.',
    },
  },
  {
    level: 'HIGH',
    minValue: 7,
    maxValue: 7,
    color: '#F70000',
    description: {
      en: 'High health risk for children, older adults and people with heart or breathing illnesses.',
      pl: 'Wysokie ryzyko dla zdrowia dzieci, seniorów i osób z chorobami serca lub układu oddechowego.',
    },
    advice: {
      en: 'People at risk should cut down on exertion and time outdoors, above all near busy roads.',
      pl: 'Osoby z grup ryzyka powinny ograniczyć wysiłek i pobyt na zewnątrz, zwłaszcza przy ruchliwych ulicach.',
    },
  },
  {
    level: 'VERY_HIGH',
    minValue: 8,
    maxValue: 10,
    color: '#7F3710',
    description: {
      en: 'Very high health risk: the general public may also feel effects.',
      pl: 'Bardzo wysokie ryzyko dla zdrowia: skutki może odczuć także ogół ludzi.',
    },
    advice: {
      en: 'Everyone should reduce exertion outdoors; people at risk should avoid it.',
      pl: 'Wszyscy powinni ograniczyć wysiłek na zewnątrz, a osoby z grup ryzyka go unikać.',
    },
  },
  {
    level: 'SERIOUS',
    minValue: 11,
    maxValue: null,
    color: '#000000',
    description: {
      en: 'Serious health risk for everyone.',
      pl: 'Poważne ryzyko dla zdrowia wszystkich.',
    },
    advice: {
      en: 'Everyone should avoid exertion and time outdoors, above all near busy roads.',
      pl: 'Wszyscy powinni unikać wysiłku i pobytu na zewnątrz, zwłaszcza przy ruchliwych ulicach.',
    },
  },
]);

// One pollutant's added risk in percent, (e^(β·C) − 1) × 100; capped at the largest double
// so that absurd input cannot turn into Infinity.
function addedRisk(pollutant: HkgAqhiPollutant, ugm3: number): number {
  return Math.min((Math.exp(BETA[pollutant] * ugm3) - 1) * 100, Number.MAX_VALUE);
}

// A term as shown, half up to 3 decimals (left as it is where no decimals remain).
function shownTerm(risk: number): number {
  if (risk >= Number.MAX_VALUE / SHOWN_TERM_SCALE) return risk;
  return roundHalfUpInteger(risk * SHOWN_TERM_SCALE) / SHOWN_TERM_SCALE;
}

// The band of a total %AR: rounded half up to 0.01 first (*decided*: the bands are printed to
// 2 decimals without gaps), compared in hundredths so the edges are exact integers.
function band(totalRisk: number): number {
  const hundredths = roundHalfUpInteger(100 * totalRisk);
  const i = BAND_TOPS_HUNDREDTHS.findIndex((top) => hundredths <= top);
  return i < 0 ? BAND_TOPS_HUNDREDTHS.length + 1 : i + 1;
}

function compute(
  concentrations: Concentrations<string>,
): IndexComputation<HkgAqhiPollutant> | undefined {
  const risks: Partial<Record<HkgAqhiPollutant, number>> = {};
  for (const pollutant of Object.keys(BETA) as HkgAqhiPollutant[]) {
    const ugm3 = readInput(concentrations, pollutant);
    if (ugm3 !== undefined) risks[pollutant] = addedRisk(pollutant, ugm3);
  }
  const { NO2: no2, SO2: so2 = 0, O3: o3, PM10: pm10 = 0, PM25: pm25 = 0 } = risks;
  const hasParticles = risks.PM10 !== undefined || risks.PM25 !== undefined;
  if (no2 === undefined || o3 === undefined || !hasParticles) return undefined;
  // An absent SO2 adds nothing; of the particles only the larger risk enters the sum.
  const total = no2 + so2 + o3 + Math.max(pm10, pm25);
  const subIndexes: Partial<Record<HkgAqhiPollutant, number>> = {};
  for (const pollutant in risks) {
    subIndexes[pollutant as HkgAqhiPollutant] = shownTerm(risks[pollutant as HkgAqhiPollutant]!);
  }
  return {
    value: band(total),
    subIndexes: Object.freeze(subIndexes),
    // The largest term, before it is rounded for show; a tie goes by the usual order.
    dominantPollutant: dominantPollutant(risks),
  };
}

/**
 * HKG_AQHI, Hong Kong's Air Quality Health Index (EPD, one edition `2013`): the added health
 * risk %AR = Σ (e^(β·C) − 1) × 100 over 3-h means (µg/m³) of NO2, SO2, O3 and the larger of
 * the PM10 and PM25 terms, rounded half up to 0.01 and banded: `value` 1 … 10 (top edges 1.88,
 * 3.76, 5.64, 7.52, 9.41, 11.29, 12.91, 15.07, 17.22, 19.37) and 11 for "10+" (≥ 19.38); levels
 * LOW (1–3), MODERATE (4–6), HIGH (7), VERY_HIGH (8–10), SERIOUS (11). NO2, O3 and one of
 * PM10/PM25 are required; an absent SO2 adds 0. `subIndexes` holds each present pollutant's
 * term in percent to 3 decimals; `dominantPollutant` has the largest term (ties PM25, PM10,
 * O3, NO2, SO2).
 *
 * @example
 * HKG_AQHI_INDEX.compute({ NO2: 100, O3: 60, PM25: 40 }, '2013');
 * // { value: 5, subIndexes: { NO2: 4.564, O3: 3.117, PM25: 0.876 }, dominantPollutant: 'NO2' } (%AR 8.56)
 * HKG_AQHI_INDEX.compute({ NO2: 50, PM25: 30 }, '2013'); // undefined (no O3)
 */
export const HKG_AQHI_INDEX: IndexDefinition<
  'HKG_AQHI',
  HkgAqhiLevel,
  HkgAqhiPollutant,
  IndexEdition<'HKG_AQHI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'HKG_AQHI',
  editions: HKG_AQHI_EDITIONS,
  inputs: /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.keys(BETA)),
  levels: LEVELS,
  levelBounds: 'lower-inclusive',
  compute,
});
