// Generators for the period tests of airq/trends: zones with DST on both hemispheres, half
// hours and a skipped day; series that start near transitions and month ends; every option.

import fc from 'fast-check';
import type { OraclePeriod, OracleZone } from './trends-periods-oracle.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

export const ORACLE_ZONES: readonly OracleZone[] = [
  0,
  60,
  -300,
  330,
  'UTC',
  'Europe/Warsaw',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Pacific/Apia',
  'Australia/Lord_Howe',
  'America/St_Johns',
];

// Instants where something happens: DST changes in Warsaw and Sao Paulo (midnight gap and
// midnight fall-back), Apia's skipped day, month and year ends.
const ANCHORS = [
  Date.UTC(2024, 2, 31, 1),
  Date.UTC(2024, 9, 27, 1),
  Date.UTC(2018, 10, 4, 3),
  Date.UTC(2019, 1, 17, 2),
  Date.UTC(2011, 11, 30, 10),
  Date.UTC(2023, 11, 31, 22),
  Date.UTC(2020, 1, 29, 12),
  Date.UTC(1999, 11, 31, 23),
];

// How far a series may reach, per period, so the brute-force oracle stays quick.
const SPAN_MS: Readonly<Record<OraclePeriod, number>> = {
  hour: 3 * DAY,
  day: 40 * DAY,
  week: 200 * DAY,
  month: 700 * DAY,
  quarter: 1500 * DAY,
  season: 1500 * DAY,
  year: 3000 * DAY,
};

export const periodArb = fc.constantFrom<OraclePeriod>(
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'season',
  'year',
);

/** A start instant: near an anchor, or anywhere in 1971–2037 on a whole minute. */
export const startArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -3 * DAY, max: 3 * DAY }))
    .map(([a, d]) => a + Math.round(d / 60_000) * 60_000),
  fc
    .integer({ min: Date.UTC(1971, 0, 1) / 60_000, max: Date.UTC(2037, 0, 1) / 60_000 })
    .map((m) => m * 60_000),
);

/** Intervals allowed for a period (dividing one hour for 'hour', one day otherwise). */
export function intervalArb(period: OraclePeriod): fc.Arbitrary<number> {
  return period === 'hour'
    ? fc.constantFrom(HOUR, 600_000, 1_800_000)
    : fc.constantFrom(HOUR, 600_000, 1_800_000, DAY, 3 * HOUR);
}

/** A value: mostly finite (negatives and ties included), sometimes missing. */
export const valueArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -20, max: 200 }) },
  { weight: 3, arbitrary: fc.double({ min: -1e3, max: 1e4, noNaN: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  },
);

/** Strictly increasing stamps from `start`, within the period's span. */
export function stampsArb(
  period: OraclePeriod,
  start: number,
  intervalMs: number,
): fc.Arbitrary<number[]> {
  const span = SPAN_MS[period];
  return fc
    .array(
      fc.oneof(
        fc.integer({ min: 1, max: 4 }).map((k) => k * intervalMs),
        fc
          .integer({ min: 1, max: Math.max(1, Math.floor(span / 10 / 60_000)) })
          .map((m) => m * 60_000),
        fc.integer({ min: 1, max: 1000 }),
      ),
      { minLength: 0, maxLength: 40 },
    )
    .map((steps) => {
      const out = [start];
      for (const step of steps) {
        const next = (out[out.length - 1] as number) + step;
        if (next - start > span) break;
        out.push(next);
      }
      return out;
    });
}

/** An optional range around the stamps: none, or [from, till) cutting into them. */
export function rangeArb(
  stamps: readonly number[],
  period: OraclePeriod,
): fc.Arbitrary<{ from?: number; till?: number }> {
  const first = stamps[0] as number;
  const last = stamps[stamps.length - 1] as number;
  const margin = Math.min(SPAN_MS[period] / 4, 20 * DAY);
  return fc.oneof(
    fc.constant({}),
    fc
      .tuple(
        fc.integer({ min: first - margin, max: last + HOUR }),
        fc.integer({ min: 1, max: Math.floor(SPAN_MS[period] / 60_000) }),
      )
      .map(([from, minutes]) => ({ from, till: from + minutes * 60_000 })),
  );
}
