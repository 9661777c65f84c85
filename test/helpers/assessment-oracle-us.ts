// The US NAAQS design values of the naive assessment oracle (assessment-oracle.ts), 40 CFR 50
// transcribed from the rules, not from src/assessment: truncation and rounding as the
// appendices state them, three years of quarters, ppb and ppm from µg/m³.

import {
  D,
  dailyMean,
  daysOf,
  H,
  Hours,
  mean,
  type OracleMetric,
  type Pol,
  yearMs,
} from './assessment-oracle-hours.js';

const trunc = (x: number, d: number) => {
  const f = 10 ** d;
  return x >= 0 ? Math.floor(x * f + 1e-9) / f : -Math.floor(-x * f + 1e-9) / f;
};
const roundUp = (x: number, d: number) => {
  const f = 10 ** d;
  return Math.floor(x * f + 0.5 + 1e-9) / f;
};
const descending = (xs: number[]) => [...xs].sort((a, b) => b - a);

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

/** The US NAAQS design values of one pollutant over the three years up to `year`. */
export function us(
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
