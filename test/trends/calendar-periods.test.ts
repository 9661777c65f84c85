import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  localMidnightInstant,
  PERIODS,
  periodBoundaries,
} from '../../src/trends/calendar-periods.js';
import { zoneOffsetReader } from '../../src/trends/time-zone.js';
import { RUNS } from '../helpers/property-runs.js';
import { ORACLE_ZONES, periodArb, startArb } from '../helpers/trends-periods-arbitraries.js';
import { naiveMidnightInstant, naivePeriods } from '../helpers/trends-periods-oracle.js';

const iso = (text: string) => Date.parse(text);
const DAY = 86_400_000;

describe('calendar periods examples', () => {
  it('lists the periods', () => {
    expect(PERIODS).toEqual(['hour', 'day', 'week', 'month', 'quarter', 'season', 'year']);
    expect(Object.isFrozen(PERIODS)).toBe(true);
  });

  it('finds midnights: plain, in a gap, and the first of two', () => {
    const saoPaulo = zoneOffsetReader('f', 'America/Sao_Paulo');
    const day = (text: string) => iso(`${text}T00:00Z`) / DAY;
    expect(localMidnightInstant(day('2018-11-04'), saoPaulo)).toBe(iso('2018-11-04T03:00Z'));
    expect(localMidnightInstant(day('2019-02-17'), saoPaulo)).toBe(iso('2019-02-17T03:00Z'));
    expect(localMidnightInstant(day('2019-02-16'), saoPaulo)).toBe(iso('2019-02-16T02:00Z'));
    const warsaw = zoneOffsetReader('f', 'Europe/Warsaw');
    expect(localMidnightInstant(day('2024-03-31'), warsaw)).toBe(iso('2024-03-30T23:00Z'));
    expect(localMidnightInstant(day('2024-04-01'), warsaw)).toBe(iso('2024-03-31T22:00Z'));
  });

  it('gives boundaries of a range, including a closed end', () => {
    const utc = zoneOffsetReader('f', 0);
    const from = iso('2024-01-31T12:00Z');
    expect(Array.from(periodBoundaries('month', from, iso('2024-03-01T00:00Z'), utc))).toEqual(
      ['2024-01-01', '2024-02-01', '2024-03-01'].map((d) => iso(`${d}T00:00Z`)),
    );
    expect(
      Array.from(periodBoundaries('month', from, iso('2024-03-01T00:00Z'), utc, true)),
    ).toEqual(
      ['2024-01-01', '2024-02-01', '2024-03-01', '2024-04-01'].map((d) => iso(`${d}T00:00Z`)),
    );
    expect(Array.from(periodBoundaries('year', from, from + 1, utc))).toEqual([
      iso('2024-01-01T00:00Z'),
      iso('2025-01-01T00:00Z'),
    ]);
    expect(Array.from(periodBoundaries('quarter', from, from + 1, utc))).toEqual([
      iso('2024-01-01T00:00Z'),
      iso('2024-04-01T00:00Z'),
    ]);
  });

  it('counts each real hour of a DST change once, aligned on the wall clock', () => {
    const warsaw = zoneOffsetReader('f', 'Europe/Warsaw');
    const from = iso('2024-10-26T23:30Z');
    const b = periodBoundaries('hour', from, iso('2024-10-27T03:00Z'), warsaw);
    expect(Array.from(b)).toEqual(
      ['23:00', '00:00', '01:00', '02:00', '03:00'].map((h, i) =>
        iso(`2024-10-${i === 0 ? 26 : 27}T${h}Z`),
      ),
    );
    const kolkata = zoneOffsetReader('f', 330);
    expect(
      periodBoundaries('hour', iso('2024-05-01T10:10Z'), iso('2024-05-01T10:11Z'), kolkata)[0],
    ).toBe(iso('2024-05-01T09:30Z'));
  });
});

describe('calendar periods properties', () => {
  it('midnights agree with a scan of real instants', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORACLE_ZONES), startArb, (zone, start) => {
        const day = Math.floor(start / DAY);
        expect(localMidnightInstant(day, zoneOffsetReader('f', zone))).toBe(
          naiveMidnightInstant(day, zone),
        );
      }),
      RUNS,
    );
  }, 300_000);

  it('boundaries agree with the brute-force periods, half-open and closed', () => {
    fc.assert(
      fc.property(
        periodArb,
        fc.constantFrom(...ORACLE_ZONES),
        startArb,
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        (period, zone, from, steps, closed) => {
          const lengthMs =
            { hour: 3_600_000, day: DAY, week: 7 * DAY }[period as string] ?? 31 * DAY;
          const end = from + steps * Math.floor(lengthMs / 3) + (closed ? 0 : 1);
          const got = Array.from(
            periodBoundaries(period, from, end, zoneOffsetReader('f', zone), closed),
          );
          const want = naivePeriods(period, zone, from, end, closed);
          expect(got).toEqual([
            ...want.map(([s]) => s),
            (want[want.length - 1] as [number, number])[1],
          ]);
        },
      ),
      RUNS,
    );
  }, 300_000);
});
