import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { formatTimestamp } from '../time/instant.js';
import { PERIODS, type Period } from '../trends/calendar-periods.js';
import {
  aggregatePeriods,
  type MannKendall,
  mannKendall,
  type PeriodSeries,
  type SenSlope,
  senSlope,
  type TheilSen,
  type TimedSeries,
  type TimeZone,
  theilSen,
} from '../trends/index.js';
import { localDayNumber, zoneOffsetReader } from '../trends/time-zone.js';

// What `airq trend` does once the hours are read, kept apart from the files: the period
// summaries, the three tests on the period values, and the text and JSON that present them.

/** The periods `airq trend --period` offers: the calendar ones (hours are too short to trend by). */
export const TREND_PERIODS = Object.freeze(
  PERIODS.filter((period): period is Exclude<Period, 'hour'> => period !== 'hour'),
);
export type TrendPeriod = (typeof TREND_PERIODS)[number];

/** The statistics of a period's hours that `--statistic` offers: those a trend is run on. */
export const TREND_STATISTICS = Object.freeze([
  'mean',
  'median',
  'min',
  'max',
  'percentile',
] as const);
export type TrendStatistic = (typeof TREND_STATISTICS)[number];

/** How the hours are summarised and tested; the flags of `airq trend`. */
export interface TrendOptions {
  readonly pollutant: MeasurementTypeName;
  readonly period: TrendPeriod;
  readonly statistic: TrendStatistic;
  /** With `statistic: 'percentile'`, in [0, 100]. */
  readonly percentile?: number;
  readonly minCapture: number;
  readonly timeZone?: TimeZone;
  readonly alpha: number;
  readonly nBoot: number;
  readonly seed: number;
  /** Block bootstrap for Theil–Sen and the Hamed–Rao variance for Mann–Kendall. */
  readonly autocorrelation: boolean;
}

/** The period summaries and the tests of their values. */
export interface Trend {
  readonly periods: PeriodSeries;
  readonly mannKendall: MannKendall;
  /** Per period (one array step). */
  readonly senSlope: SenSlope;
  /** Per year. */
  readonly theilSen: TheilSen;
}

/**
 * Summarises an hourly series by period (calendar capture, periods under `minCapture` without a
 * value) and tests the values in period order: a period without a value keeps its place.
 *
 * @example
 * trendOfHours({ atMs, values }, options).theilSen.slope; // e.g. -3.2 (per year)
 */
export function trendOfHours(hours: TimedSeries, options: TrendOptions): Trend {
  const { period, statistic, percentile, minCapture, timeZone, alpha } = options;
  const periods = aggregatePeriods(hours, {
    period,
    statistic,
    minCapture,
    ...(percentile === undefined ? {} : { percentile }),
    ...(timeZone === undefined ? {} : { timeZone }),
  });
  const { values } = periods;
  const variance = options.autocorrelation ? 'hamed-rao' : 'original';
  return {
    periods,
    mannKendall: mannKendall(values, { variance, alpha }),
    senSlope: senSlope(values, { alpha }),
    theilSen: theilSen(
      { atMs: periods.startMs, values },
      {
        alpha,
        nBoot: options.nBoot,
        seed: options.seed,
        autocorrelation: options.autocorrelation,
        ...(timeZone === undefined ? {} : { timeZone }),
      },
    ),
  };
}

const SEASONS = ['DJF', 'MAM', 'JJA', 'SON'];

/** A period's name from its local first date: `2019-01-07` (day, week), `2019-01`, `2019-Q1`, `2018-12 DJF`, `2019`. */
function periodLabel(period: TrendPeriod, startMs: number, offset: (atMs: number) => number) {
  const date = new Date(localDayNumber(startMs, offset) * 86_400_000).toISOString().slice(0, 10);
  const month = Number(date.slice(5, 7));
  if (period === 'month') return date.slice(0, 7);
  if (period === 'year') return date.slice(0, 4);
  if (period === 'quarter') return `${date.slice(0, 4)}-Q${(month + 2) / 3}`;
  if (period === 'season') return `${date.slice(0, 7)} ${SEASONS[Math.floor((month % 12) / 3)]}`;
  return date;
}

function periodLabels(trend: Trend, options: TrendOptions): string[] {
  const offset = zoneOffsetReader('airq trend', options.timeZone);
  return Array.from(trend.periods.startMs, (startMs) =>
    periodLabel(options.period, startMs, offset),
  );
}

/** Fixed decimals, `n/a` for NaN, never `-0.00`. */
function fixed(value: number, decimals: number): string {
  if (Number.isNaN(value)) return 'n/a';
  if (!Number.isFinite(value)) return String(value);
  const text = value.toFixed(decimals);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

function probability(p: number): string {
  return p > 0 && p < 1e-4 ? p.toExponential(1) : fixed(p, 4);
}

function statisticName({ statistic, percentile }: TrendOptions): string {
  return statistic === 'percentile' ? `p${percentile}` : statistic;
}

/**
 * The lines `airq trend` prints: a title, one row per period (value, hours with data of the
 * period's hours, capture), then one line per test.
 *
 * @example
 * trendTable(trend, options, 'h.csv')[0]; // 'PM10 mean by month (UTC), h.csv'
 */
export function trendTable(trend: Trend, options: TrendOptions, source: string): string[] {
  const { periods, mannKendall: mk, senSlope: sen, theilSen: ts } = trend;
  const zone = options.timeZone === undefined ? 'UTC' : String(options.timeZone);
  const name = statisticName(options);
  const labels = periodLabels(trend, options);
  const width = Math.max(6, ...labels.map((label) => label.length));
  const lines = [
    `${options.pollutant} ${name} by ${options.period} (${zone}), ${source}`,
    '',
    `${'period'.padEnd(width)}  ${name.padStart(9)}  ${'hours'.padStart(11)}  capture`,
  ];
  labels.forEach((label, i) => {
    const [count, possible] = [periods.count[i]!, periods.possible[i]!];
    const capture = possible === 0 ? 'n/a' : `${fixed((100 * count) / possible, 1)} %`;
    const hours = `${count}/${possible}`;
    lines.push(
      `${label.padEnd(width)}  ${fixed(periods.values[i]!, 2).padStart(9)}  ${hours.padStart(11)}  ${capture.padStart(7)}`,
    );
  });
  const valid = periods.values.filter(Number.isFinite).length;
  const level = `${fixed(100 * (1 - options.alpha), 1).replace(/\.0$/, '')} %`;
  const stars = ts.stars === '' ? '' : ` ${ts.stars}`;
  lines.push(
    '',
    `trend of ${valid} of ${labels.length} periods (a period under ${fixed(100 * options.minCapture, 0)} % capture has no value)`,
    `Mann-Kendall  S ${fixed(mk.s, 0)}, var(S) ${fixed(mk.varS, 2)}${options.autocorrelation ? ' (Hamed-Rao)' : ''}, z ${fixed(mk.z, 4)}, p ${probability(mk.p)}, tau ${fixed(mk.tau, 4)}`,
    `Sen           ${fixed(sen.slope, 3)} per ${options.period}, ${level} interval ${fixed(sen.lower, 3)} to ${fixed(sen.upper, 3)}`,
    `Theil-Sen     ${fixed(ts.slope, 3)} per year, ${level} interval ${fixed(ts.lower, 3)} to ${fixed(ts.upper, 3)}, p ${probability(ts.p)}${stars}`,
    `              ${fixed(ts.slopePercent, 2)} % per year of the fitted start ${fixed(ts.fittedStart, 2)}, ${fixed(ts.lowerPercent, 2)} to ${fixed(ts.upperPercent, 2)} %`,
    `              ${options.nBoot} resamples, seed ${options.seed}${ts.blockLength > 1 ? `, blocks of ${ts.blockLength}` : ''}`,
  );
  return lines;
}

/**
 * What `airq trend --json` prints (JSON.stringify writes NaN as null): the options, one object
 * per period and the three tests as the library returns them.
 *
 * @example
 * trendJson(trend, options, 'h.csv').periods[0]; // { label: '2019-01', start: '2019-01-01T00:00:00.000Z', … }
 */
export function trendJson(trend: Trend, options: TrendOptions, source: string) {
  const { periods } = trend;
  const labels = periodLabels(trend, options);
  return {
    source,
    pollutant: options.pollutant,
    period: options.period,
    statistic: options.statistic,
    ...(options.percentile === undefined ? {} : { percentile: options.percentile }),
    minCapture: options.minCapture,
    timeZone: options.timeZone ?? 0,
    alpha: options.alpha,
    nBoot: options.nBoot,
    seed: options.seed,
    autocorrelation: options.autocorrelation,
    periods: labels.map((label, i) => ({
      label,
      start: formatTimestamp(periods.startMs[i]!),
      end: formatTimestamp(periods.endMs[i]!),
      value: periods.values[i]!,
      count: periods.count[i]!,
      possible: periods.possible[i]!,
    })),
    mannKendall: trend.mannKendall,
    senSlope: trend.senSlope,
    theilSen: trend.theilSen,
  };
}
