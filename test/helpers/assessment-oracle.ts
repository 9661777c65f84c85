// A naive, independent implementation of the assessment rules, for the property tests and as the
// benchmark's baseline: hours as an array of { atMs, value } objects and a Map, days and months
// from Date.UTC, a sort for every percentile and rank. It shares no code with src/assessment and
// copies no table from it: every number below is transcribed from the rules (EU 2008/50/EC and
// (EU) 2024/2881, 40 CFR 50, WHO 2021 Table 0.1) as the project's assessment reference states them.

const H = 3_600_000;
const D = 24 * H;

export interface OracleMetric {
  id: string;
  value: number | null;
  unit: string;
  limit: number;
  allowedExceedances?: number;
  exceedances?: number;
  met: boolean | null;
  valid: boolean;
  capture: number;
  level?: string | null;
}

interface Hour {
  atMs: number;
  value: number;
}

const trunc = (x: number, d: number) => {
  const f = 10 ** d;
  return x >= 0 ? Math.floor(x * f + 1e-9) / f : -Math.floor(-x * f + 1e-9) / f;
};
const roundUp = (x: number, d: number) => {
  const f = 10 ** d;
  return Math.floor(x * f + 0.5 + 1e-9) / f;
};
const mean = (xs: number[]) => {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
};
/** The k-th value (1-based) of the ascending sort. */
const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b);
const descending = (xs: number[]) => [...xs].sort((a, b) => b - a);

/** The valid hours of a series, as objects and by time. */
export class Hours {
  readonly list: Hour[] = [];
  /** `slots[i]` is the hour `startMs + i h`, or undefined when it is missing. */
  readonly slots: (Hour | undefined)[] = [];
  readonly startMs: number;
  readonly dailyMeans = new Map<number, number | null>();
  readonly mda8s = new Map<number, number | null>();
  constructor(
    startMs: number,
    values: ArrayLike<number>,
    convert: (v: number) => number = (v) => v,
  ) {
    this.startMs = startMs;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (!Number.isFinite(v)) {
        this.slots.push(undefined);
        continue;
      }
      const hour = { atMs: startMs + i * H, value: convert(v) };
      this.list.push(hour);
      this.slots.push(hour);
    }
  }
  /** Valid values of [fromMs, tillMs) in time order. */
  between(fromMs: number, tillMs: number): number[] {
    const out: number[] = [];
    for (let t = fromMs; t < tillMs; t += H) {
      const hour = this.slots[(t - this.startMs) / H];
      if (hour !== undefined) out.push(hour.value);
    }
    return out;
  }
}

const yearMs = (y: number) => Date.UTC(y, 0, 1);
const daysOf = (y: number) => {
  const days: number[] = [];
  for (let t = yearMs(y); t < yearMs(y + 1); t += D) days.push(t);
  return days;
};

/** Mean of the UTC day from `dayMs` with 18 valid hours, else null. */
export function dailyMean(hours: Hours, dayMs: number): number | null {
  const known = hours.dailyMeans.get(dayMs);
  if (known !== undefined) return known;
  const vals = hours.between(dayMs, dayMs + D);
  const result = vals.length >= 18 ? mean(vals) : null;
  hours.dailyMeans.set(dayMs, result);
  return result;
}

/** MDA8 of the UTC day from `dayMs` (means ending 01:00 … 24:00), else null. */
export function mda8(hours: Hours, dayMs: number): number | null {
  const known = hours.mda8s.get(dayMs);
  if (known !== undefined) return known;
  const means: number[] = [];
  for (let k = 1; k <= 24; k++) {
    const end = dayMs + k * H;
    const vals = hours.between(end - 8 * H, end);
    if (vals.length >= 6) means.push(mean(vals));
  }
  const result = means.length >= 18 ? Math.max(...means) : null;
  hours.mda8s.set(dayMs, result);
  return result;
}

/** Nearest-rank percentile; `milli` is P × 1000. */
export function nearestRankValue(values: number[], milli: number): number {
  const n = values.length;
  const k = Math.min(n, Math.max(1, Math.ceil((milli * n) / 100000)));
  return ascending(values)[k - 1]!;
}

type Std = 'EU_2008' | 'EU_2030' | 'US_NAAQS' | 'WHO_2021';
type Pol = 'PM10' | 'PM25' | 'NO2' | 'SO2' | 'O3' | 'CO';

/** The naive assessment: the same fields as assessSeries's metrics, minus rule and reason. */
export function naiveAssess(
  series: { startMs: number; values: ArrayLike<number> },
  standard: Std,
  pollutant: Pol,
  year: number,
): OracleMetric[] {
  const hours = new Hours(series.startMs, series.values);
  const total = (yearMs(year + 1) - yearMs(year)) / H;
  const validInYear = hours.between(yearMs(year), yearMs(year + 1)).length;
  const capture = validInYear / total;
  if (standard === 'EU_2008' || standard === 'EU_2030') {
    if (pollutant === 'O3') return euOzone(hours, standard, year, capture);
    return euLimits(hours, standard, pollutant, year, capture, validInYear, total);
  }
  if (standard === 'WHO_2021') return who(hours, pollutant, year, capture, validInYear, total);
  return us(series, pollutant, year, capture);
}

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

function euLimits(
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

function euOzone(
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

function who(
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

const MOLAR: Record<string, number> = { NO2: 46.0055, SO2: 64.0638, O3: 47.9982, CO: 28.0101 };

function quartersComplete(validDay: (dayMs: number) => boolean, years: number[]): boolean {
  for (const y of years) {
    for (let q = 0; q < 4; q++) {
      let days = 0;
      let valid = 0;
      for (let t = Date.UTC(y, 3 * q, 1); t < Date.UTC(y, 3 * q + 3, 1); t += D) {
        days++;
        if (validDay(t)) valid++;
      }
      if (4 * valid < 3 * days) return false;
    }
  }
  return true;
}

function designValue(
  id: string,
  unit: string,
  limit: number,
  value: number | null,
  level: number,
  complete: boolean,
  capture: number,
  extra: Partial<OracleMetric> = {},
): OracleMetric {
  const ok = value !== null && (complete || value > level);
  return {
    id,
    unit,
    limit,
    ...extra,
    value: ok ? value : null,
    met: ok ? value! <= level : null,
    valid: ok,
    capture,
  };
}

function us(
  series: { startMs: number; values: ArrayLike<number> },
  pollutant: Pol,
  year: number,
  capture: number,
): OracleMetric[] {
  const years = [year - 2, year - 1, year];
  if (pollutant === 'PM25' || pollutant === 'PM10') {
    const hours = new Hours(series.startMs, series.values);
    const daily = new Map<number, number>();
    for (const y of years) {
      for (const d of daysOf(y)) {
        const m = dailyMean(hours, d);
        if (m !== null) daily.set(d, pollutant === 'PM25' ? trunc(m, 1) : m);
      }
    }
    const complete = quartersComplete((d) => daily.has(d), years);
    const valuesOf = (y: number) =>
      daysOf(y)
        .filter((d) => daily.has(d))
        .map((d) => daily.get(d)!);
    if (pollutant === 'PM10') {
      const es = years.map((y) => {
        const vals = valuesOf(y);
        const v = vals.filter((m) => Math.floor(m / 10 + 0.5 + 1e-9) * 10 > 150).length;
        return { e: vals.length > 0 ? (v * daysOf(y).length) / vals.length : null, v };
      });
      const value = es.every((e) => e.e !== null)
        ? roundUp((es[0]!.e! + es[1]!.e! + es[2]!.e!) / 3, 1)
        : null;
      return [
        designValue('PM10.expected-exceedances', 'days', 150, value, 1, complete, capture, {
          allowedExceedances: 1,
          exceedances: es[2]!.v,
        }),
      ];
    }
    const annuals = years.map((y) => {
      const qs: number[] = [];
      for (let q = 0; q < 4; q++) {
        const vals = [...daily]
          .filter(([d]) => d >= Date.UTC(y, 3 * q, 1) && d < Date.UTC(y, 3 * q + 3, 1))
          .map(([, v]) => v);
        if (vals.length === 0) return null;
        qs.push(mean(vals));
      }
      return mean(qs);
    });
    const p98 = years.map((y) => {
      const vals = valuesOf(y);
      return vals.length > 0
        ? descending(vals)[Math.min(8, Math.ceil(vals.length / 50)) - 1]!
        : null;
    });
    const annual = annuals.every((a) => a !== null)
      ? roundUp((annuals[0]! + annuals[1]! + annuals[2]!) / 3, 1)
      : null;
    const dv24 = p98.every((p) => p !== null)
      ? roundUp((p98[0]! + p98[1]! + p98[2]!) / 3, 0)
      : null;
    return [
      designValue('PM25.design-value-annual', 'µg/m³', 9, annual, 9, complete, capture),
      designValue('PM25.design-value-24h', 'µg/m³', 35, dv24, 35, complete, capture),
    ];
  }
  const M = MOLAR[pollutant]!;
  if (pollutant === 'O3') {
    const ppb = new Hours(series.startMs, series.values, (v) => trunc((v * 24.45) / M, 0));
    const perYear = years.map((y) => {
      const maxima: number[] = [];
      for (const d of daysOf(y)) {
        const avgs: number[] = [];
        for (let h = 7; h <= 23; h++) {
          const vals = ppb.between(d + h * H, d + (h + 8) * H);
          if (vals.length >= 6) avgs.push(trunc(mean(vals), 0));
        }
        const max = Math.max(...avgs);
        if (avgs.length >= 13 || (avgs.length > 0 && max > 70)) maxima.push(max);
      }
      return {
        fraction: maxima.length / daysOf(y).length,
        enough: 4 * maxima.length >= 3 * daysOf(y).length,
        fourth: maxima.length >= 4 ? descending(maxima)[3]! : null,
      };
    });
    const complete =
      perYear.every((y) => y.enough) &&
      (perYear[0]!.fraction + perYear[1]!.fraction + perYear[2]!.fraction) / 3 >= 0.9 - 1e-9;
    const dv = perYear.every((y) => y.fourth !== null)
      ? trunc((perYear[0]!.fourth! + perYear[1]!.fourth! + perYear[2]!.fourth!) / 3, 0)
      : null;
    const m = designValue('O3.design-value', 'ppm', 0.07, dv, 70, complete, capture);
    return [{ ...m, value: m.value === null ? null : m.value / 1000 }];
  }
  if (pollutant === 'NO2' || pollutant === 'SO2') {
    const ppb = new Hours(series.startMs, series.values, (v) => trunc((v * 24.45) / M, 1));
    const level = pollutant === 'NO2' ? 100 : 75;
    const maxima = new Map<number, number>();
    for (const y of years) {
      for (const d of daysOf(y)) {
        const vals = ppb.between(d, d + D);
        const max = Math.max(...vals);
        if (vals.length >= 18 || (vals.length > 0 && max > level)) maxima.set(d, max);
      }
    }
    const complete = quartersComplete((d) => maxima.has(d), years);
    const ps = years.map((y) => {
      const vals = daysOf(y)
        .filter((d) => maxima.has(d))
        .map((d) => maxima.get(d)!);
      const r =
        pollutant === 'NO2'
          ? Math.min(8, Math.ceil(vals.length / 50))
          : Math.min(4, Math.ceil(vals.length / 100));
      return vals.length > 0 ? descending(vals)[r - 1]! : null;
    });
    const dv = ps.every((p) => p !== null) ? roundUp((ps[0]! + ps[1]! + ps[2]!) / 3, 0) : null;
    const out = [
      designValue(`${pollutant}.design-value-1h`, 'ppb', level, dv, level, complete, capture),
    ];
    if (pollutant === 'NO2') {
      const hourly = ppb.between(yearMs(year), yearMs(year + 1));
      const total = (yearMs(year + 1) - yearMs(year)) / H;
      const ok = 4 * hourly.length >= 3 * total;
      const v = ok ? roundUp(mean(hourly), 0) : null;
      out.push({
        id: 'NO2.design-value-annual',
        unit: 'ppb',
        limit: 53,
        value: v,
        met: v === null ? null : v <= 53,
        valid: ok,
        capture,
      });
    }
    return out;
  }
  // CO
  const ppm = new Hours(series.startMs, series.values, (v) => (v * 24.45) / M / 1000);
  const avgs: { start: number; value: number }[] = [];
  for (let t = yearMs(year); t < yearMs(year + 1); t += H) {
    const vals = ppm.between(t, t + 8 * H);
    if (vals.length >= 6) avgs.push({ start: t, value: mean(vals) });
  }
  const sorted = [...avgs].sort((a, b) => b.value - a.value || a.start - b.start);
  const first = sorted[0];
  const second =
    first === undefined ? undefined : sorted.find((a) => Math.abs(a.start - first.start) >= 8 * H);
  const hourly = descending(ppm.between(yearMs(year), yearMs(year + 1)));
  const total = (yearMs(year + 1) - yearMs(year)) / H;
  const captured = 4 * hourly.length >= 3 * total;
  const co = (id: string, limit: number, raw: number | undefined): OracleMetric => {
    const value = raw === undefined ? null : roundUp(raw, 1);
    const met = value === null ? null : roundUp(value, 0) <= limit;
    const ok = value !== null && (captured || met === false);
    return {
      id,
      unit: 'ppm',
      limit,
      allowedExceedances: 1,
      value: ok ? value : null,
      met: ok ? met : null,
      valid: ok,
      capture,
    };
  };
  return [co('CO.8h-second-max', 9, second?.value), co('CO.1h-second-max', 35, hourly[1])];
}
