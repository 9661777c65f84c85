// WHO global air quality guidelines 2021, Table 0.1: the AQG level and the interim targets of
// each pollutant. Short-term levels are 99th percentiles ("3–4 exceedance days per year"). WHO
// gives no completeness rule, so a metric needs 75 % of the year's hours; the O3 peak season is
// looked for among the seven six-month windows of calendar months inside the year.

import type { AssessedYear } from './assessed-year.js';
import type { AssessedPollutant, Metric, WhoLevel } from './assessment-types.js';
import { monthStartDay } from './hour-grid.js';
import { atLeastPercent, invalidMetric, type MetricHead, validMetric } from './metric.js';
import { finiteSorted, nearestRank } from './percentile.js';

type WhoStatistic = 'annual' | '24h-99th-percentile' | '8h-99th-percentile' | 'peak-season';

/** One WHO metric: its statistic and its levels (µg/m³; mg/m³ for CO), absent ones omitted. */
export interface WhoGuideline {
  readonly statistic: WhoStatistic;
  readonly levels: Readonly<Partial<Record<WhoLevel, number>>> & { readonly AQG: number };
}

const g = (statistic: WhoStatistic, levels: WhoGuideline['levels']): WhoGuideline =>
  Object.freeze({ statistic, levels: Object.freeze(levels) });

/** Table 0.1 of the 2021 guidelines, in its order per pollutant. */
export const WHO_2021_GUIDELINES: Readonly<Record<AssessedPollutant, readonly WhoGuideline[]>> =
  Object.freeze({
    PM25: Object.freeze([
      g('annual', { IT1: 35, IT2: 25, IT3: 15, IT4: 10, AQG: 5 }),
      g('24h-99th-percentile', { IT1: 75, IT2: 50, IT3: 37.5, IT4: 25, AQG: 15 }),
    ]),
    PM10: Object.freeze([
      g('annual', { IT1: 70, IT2: 50, IT3: 30, IT4: 20, AQG: 15 }),
      g('24h-99th-percentile', { IT1: 150, IT2: 100, IT3: 75, IT4: 50, AQG: 45 }),
    ]),
    O3: Object.freeze([
      g('peak-season', { IT1: 100, IT2: 70, AQG: 60 }),
      g('8h-99th-percentile', { IT1: 160, IT2: 120, AQG: 100 }),
    ]),
    NO2: Object.freeze([
      g('annual', { IT1: 40, IT2: 30, IT3: 20, AQG: 10 }),
      g('24h-99th-percentile', { IT1: 120, IT2: 50, AQG: 25 }),
    ]),
    SO2: Object.freeze([g('24h-99th-percentile', { IT1: 125, IT2: 50, AQG: 40 })]),
    CO: Object.freeze([g('24h-99th-percentile', { IT1: 7, AQG: 4 })]),
  });

const RULE = 'WHO global air quality guidelines 2021, Table 0.1';
const LEVELS_MOST_STRINGENT_FIRST: readonly WhoLevel[] = Object.freeze([
  'AQG',
  'IT4',
  'IT3',
  'IT2',
  'IT1',
]);

/** The WHO metrics of the year. */
export function whoMetrics(year: AssessedYear): Metric[] {
  const captured = atLeastPercent(year.validHours, year.hours, 75);
  const scale = year.pollutant === 'CO' ? 1000 : 1;
  return WHO_2021_GUIDELINES[year.pollutant].map(({ statistic, levels }) => {
    const head: MetricHead = {
      id: `WHO.${year.pollutant}.${statistic}`,
      unit: scale === 1 ? 'µg/m³' : 'mg/m³',
      rule: RULE,
      capture: year.capture,
      limit: levels.AQG,
    };
    if (!captured) return invalidMetric(head, year.captureReason(75), { level: null });
    const value = statisticOf(year, statistic) / scale;
    if (Number.isNaN(value)) {
      return invalidMetric(head, `${statistic} not computable from the data of ${year.year}`, {
        level: null,
      });
    }
    return validMetric(head, value, value <= levels.AQG, { level: levelOf(value, levels) });
  });
}

/** The most stringent level that `value` does not exceed; `null` above all of them. */
export function levelOf(value: number, levels: WhoGuideline['levels']): WhoLevel | null {
  for (const level of LEVELS_MOST_STRINGENT_FIRST) {
    // A level the pollutant does not have reads NaN, which no value is below.
    if (value <= (levels[level] ?? Number.NaN)) return level;
  }
  return null;
}

// The statistic in µg/m³, NaN when the data do not give it.
function statisticOf(year: AssessedYear, statistic: WhoStatistic): number {
  if (statistic === 'annual') return year.hourlyMean();
  if (statistic === 'peak-season') return peakSeason(year);
  const daily = statistic === '8h-99th-percentile' ? year.mda8() : year.dailyMeans();
  const sorted = finiteSorted(daily);
  return sorted.length === 0 ? Number.NaN : sorted[nearestRank(sorted.length, 99) - 1]!;
}

// The largest mean MDA8 of the six-month windows (January–June … July–December) in which 75 %
// of the days have a valid MDA8.
function peakSeason(year: AssessedYear): number {
  const mda8 = year.mda8();
  let best = Number.NEGATIVE_INFINITY;
  for (let first = 0; first <= 6; first++) {
    const from = monthStartDay(year.year, first) - year.firstDay;
    const till = monthStartDay(year.year, first + 6) - year.firstDay;
    let sum = 0;
    let valid = 0;
    for (let d = from; d < till; d++) {
      const v = mda8[d]!; // ! : d < days of the year
      if (!Number.isNaN(v)) {
        sum += v;
        valid++;
      }
    }
    if (atLeastPercent(valid, till - from, 75)) best = Math.max(best, sum / valid);
  }
  return best === Number.NEGATIVE_INFINITY ? Number.NaN : best;
}
