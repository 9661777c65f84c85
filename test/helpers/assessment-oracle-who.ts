// The WHO 2021 guideline levels of the naive assessment oracle (assessment-oracle.ts), Table 0.1
// transcribed from the guidelines, not from src/assessment.

import {
  D,
  dailyMean,
  daysOf,
  type Hours,
  mda8,
  mean,
  nearestRankValue,
  type OracleMetric,
  type Pol,
  yearMs,
} from './assessment-oracle-hours.js';

// [statistic, { level: bound }]
const WHO_ROWS: Record<Pol, [string, Record<string, number>][]> = {
  PM25: [
    ['annual', { AQG: 5, IT4: 10, IT3: 15, IT2: 25, IT1: 35 }],
    ['24h-99th-percentile', { AQG: 15, IT4: 25, IT3: 37.5, IT2: 50, IT1: 75 }],
  ],
  PM10: [
    ['annual', { AQG: 15, IT4: 20, IT3: 30, IT2: 50, IT1: 70 }],
    ['24h-99th-percentile', { AQG: 45, IT4: 50, IT3: 75, IT2: 100, IT1: 150 }],
  ],
  O3: [
    ['peak-season', { AQG: 60, IT2: 70, IT1: 100 }],
    ['8h-99th-percentile', { AQG: 100, IT2: 120, IT1: 160 }],
  ],
  NO2: [
    ['annual', { AQG: 10, IT3: 20, IT2: 30, IT1: 40 }],
    ['24h-99th-percentile', { AQG: 25, IT2: 50, IT1: 120 }],
  ],
  SO2: [['24h-99th-percentile', { AQG: 40, IT2: 50, IT1: 125 }]],
  CO: [['24h-99th-percentile', { AQG: 4, IT1: 7 }]],
};

/**
 * The WHO 2021 guideline metrics of one pollutant, each with the level (AQG or interim target)
 * it meets.
 */
export function who(
  hours: Hours,
  pollutant: Pol,
  year: number,
  capture: number,
  valid: number,
  total: number,
): OracleMetric[] {
  const captured = 4 * valid >= 3 * total;
  const scale = pollutant === 'CO' ? 1000 : 1;
  return WHO_ROWS[pollutant].map(([statistic, levels]) => {
    let value: number | null = null;
    if (statistic === 'annual') {
      const hourly = hours.between(yearMs(year), yearMs(year + 1));
      value = hourly.length > 0 ? mean(hourly) : null;
    } else if (statistic === 'peak-season') {
      for (let first = 0; first <= 6; first++) {
        const maxima: number[] = [];
        let days = 0;
        for (let t = Date.UTC(year, first, 1); t < Date.UTC(year, first + 6, 1); t += D) {
          days++;
          const m = mda8(hours, t);
          if (m !== null) maxima.push(m);
        }
        if (4 * maxima.length >= 3 * days)
          value = Math.max(value ?? Number.NEGATIVE_INFINITY, mean(maxima));
      }
    } else {
      const daily = daysOf(year)
        .map((d) => (statistic === '8h-99th-percentile' ? mda8(hours, d) : dailyMean(hours, d)))
        .filter((m): m is number => m !== null);
      value = daily.length > 0 ? nearestRankValue(daily, 99000) : null;
    }
    const ok = captured && value !== null;
    const v = ok ? value! / scale : null;
    let level: string | null = null;
    if (v !== null) {
      for (const name of ['AQG', 'IT4', 'IT3', 'IT2', 'IT1']) {
        if (levels[name] !== undefined && v <= levels[name]!) {
          level = name;
          break;
        }
      }
    }
    return {
      id: `WHO.${pollutant}.${statistic}`,
      unit: scale === 1 ? 'µg/m³' : 'mg/m³',
      limit: levels.AQG!,
      value: v,
      met: v === null ? null : v <= levels.AQG!,
      valid: ok,
      capture,
      level,
    };
  });
}
