// The EU rules of the naive assessment oracle (assessment-oracle.ts): the limit values of
// 2008/50/EC and (EU) 2024/2881, and the ozone target values with AOT40, transcribed from the
// rules, not from src/assessment.

import {
  D,
  dailyMean,
  daysOf,
  H,
  type Hours,
  mda8,
  mean,
  nearestRankValue,
  type OracleMetric,
  type Pol,
  yearMs,
} from './assessment-oracle-hours.js';

// [statistic, limit, allowed?, thresholdUgm3?]
type Row = [string, number, number?, number?];
const EU_ROWS: Record<'EU_2008' | 'EU_2030', Record<string, Row[]>> = {
  EU_2008: {
    PM10: [
      ['annual-mean', 40],
      ['daily-exceedances', 50, 35],
      ['daily-90.4-percentile', 50],
    ],
    PM25: [['annual-mean', 25]],
    NO2: [
      ['hourly-exceedances', 200, 18],
      ['annual-mean', 40],
    ],
    SO2: [
      ['hourly-exceedances', 350, 24],
      ['daily-exceedances', 125, 3],
    ],
    CO: [['max-daily-8h-mean', 10]],
  },
  EU_2030: {
    PM10: [
      ['annual-mean', 20],
      ['daily-exceedances', 45, 18],
    ],
    PM25: [
      ['annual-mean', 10],
      ['daily-exceedances', 25, 18],
    ],
    NO2: [
      ['annual-mean', 20],
      ['daily-exceedances', 50, 18],
      ['hourly-exceedances', 200, 3],
    ],
    SO2: [
      ['annual-mean', 20],
      ['daily-exceedances', 50, 18],
      ['hourly-exceedances', 350, 3],
    ],
    CO: [
      ['max-daily-8h-mean', 10],
      ['daily-exceedances', 4, 18, 4000],
    ],
  },
};

/** The EU limit-value metrics of one pollutant, counted hour by hour from the tables above. */
export function euLimits(
  hours: Hours,
  standard: 'EU_2008' | 'EU_2030',
  pollutant: Pol,
  year: number,
  capture: number,
  valid: number,
  total: number,
): OracleMetric[] {
  const captured = standard === 'EU_2008' ? 10 * valid >= 9 * total : 100 * valid >= 85 * total;
  const hourly = hours.between(yearMs(year), yearMs(year + 1));
  const daily = daysOf(year)
    .map((d) => dailyMean(hours, d))
    .filter((m): m is number => m !== null);
  return EU_ROWS[standard][pollutant]!.map(([statistic, limit, allowed, threshold]) => {
    const id = `${pollutant}.${statistic}`;
    if (allowed !== undefined) {
      const over = threshold ?? limit;
      const count = (statistic === 'hourly-exceedances' ? hourly : daily).filter(
        (v) => v > over,
      ).length;
      const unit = statistic === 'hourly-exceedances' ? 'hours' : 'days';
      const ok = captured || (standard === 'EU_2030' && count > allowed);
      return {
        id,
        unit,
        limit,
        allowedExceedances: allowed,
        exceedances: count,
        value: ok ? count : null,
        met: ok ? count <= allowed : null,
        valid: ok,
        capture,
      };
    }
    let value: number | null = null;
    let unit = 'µg/m³';
    if (statistic === 'annual-mean') value = hourly.length > 0 ? mean(hourly) : null;
    else if (statistic === 'daily-90.4-percentile')
      value = daily.length > 0 ? nearestRankValue(daily, 90400) : null;
    else {
      unit = 'mg/m³';
      const maxima = daysOf(year)
        .map((d) => mda8(hours, d))
        .filter((m): m is number => m !== null);
      value = maxima.length > 0 ? Math.max(...maxima) / 1000 : null;
    }
    const ok = captured && value !== null;
    return {
      id,
      unit,
      limit,
      value: ok ? value : null,
      met: ok ? value! <= limit : null,
      valid: ok,
      capture,
    };
  });
}

function validO3Year(hours: Hours, y: number): { valid: boolean; over: number } {
  let months = 0;
  for (let m = 3; m <= 8; m++) {
    let n = 0;
    for (let t = Date.UTC(y, m, 1); t < Date.UTC(y, m + 1, 1); t += D)
      if (mda8(hours, t) !== null) n++;
    if (n >= 27) months++;
  }
  const over = daysOf(y).filter((d) => (mda8(hours, d) ?? Number.NEGATIVE_INFINITY) > 120).length;
  return { valid: months >= 5, over };
}

/** AOT40 of year y, scaled; null when fewer than 994 hours were measured. */
export function naiveAot40(hours: Hours, y: number): number | null {
  let sum = 0;
  let measured = 0;
  for (let t = Date.UTC(y, 4, 1); t < Date.UTC(y, 7, 1); t += D) {
    for (const v of hours.between(t + 7 * H, t + 19 * H)) {
      measured++;
      sum += Math.max(0, v - 80);
    }
  }
  return measured >= 994 ? (sum * 1104) / measured : null;
}

/** The EU ozone metrics (target value, long-term objective, AOT40), counted hour by hour. */
export function euOzone(
  hours: Hours,
  standard: 'EU_2008' | 'EU_2030',
  year: number,
  capture: number,
): OracleMetric[] {
  const allowed = standard === 'EU_2008' ? 25 : 18;
  const years = [year - 2, year - 1, year].map((y) => validO3Year(hours, y));
  const counts = years.filter((y) => y.valid).map((y) => y.over);
  const days = counts.length > 0 ? mean(counts) : null;
  const out: OracleMetric[] = [
    {
      id: 'O3.mda8-exceedance-days',
      unit: 'days',
      limit: 120,
      allowedExceedances: allowed,
      exceedances: years[2]!.over,
      value: days,
      met: days === null ? null : days <= allowed,
      valid: days !== null,
      capture,
    },
  ];
  if (standard === 'EU_2008') {
    const a = naiveAot40(hours, year);
    out.push({
      id: 'O3.aot40',
      unit: 'µg/m³·h',
      limit: 6000,
      value: a,
      met: a === null ? null : a <= 6000,
      valid: a !== null,
      capture,
    });
  }
  const aots = [4, 3, 2, 1, 0]
    .map((k) => naiveAot40(hours, year - k))
    .filter((a): a is number => a !== null);
  const five = aots.length >= 3 ? mean(aots) : null;
  out.push({
    id: 'O3.aot40-5y-mean',
    unit: 'µg/m³·h',
    limit: 18000,
    value: five,
    met: five === null ? null : five <= 18000,
    valid: five !== null,
    capture,
  });
  return out;
}
