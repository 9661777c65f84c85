// monthIndexOfDay (year · 12 + month − 1 of a day number) against Date's own calendar: every
// day of one whole 400-year Gregorian cycle, the days around the starts of cycles far in the
// past and the future, and the ends of the ECMAScript date range. The arithmetic works in
// cycles of 146,097 days counted from March, so one cycle day by day reaches every day of
// the cycle, leap days and century years included.
import { describe, expect, it } from 'vitest';
import { monthIndexOfDay } from '../../src/trends/calendar-periods.js';

const DAY_MS = 86_400_000;

/** The month index of a day number from Date's UTC fields (proleptic Gregorian). */
function dateMonthIndex(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** The days of [from, till) whose month index differs from Date's, at most 5 of them. */
function mismatches(from: number, till: number): string[] {
  const wrong: string[] = [];
  for (let day = from; day < till && wrong.length < 5; day++) {
    const got = monthIndexOfDay(day);
    const want = dateMonthIndex(day);
    if (got !== want) wrong.push(`${new Date(day * DAY_MS).toISOString()}: ${got} vs ${want}`);
  }
  return wrong;
}

const dayOf = (year: number, month: number, day: number) => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() / DAY_MS;
};

describe('monthIndexOfDay', () => {
  it('gives the documented example', () => {
    // 2024-02-29 is day 19,782: 2024 · 12 + 2 − 1.
    expect(monthIndexOfDay(19_782)).toBe(24_289);
    expect(monthIndexOfDay(0)).toBe(1970 * 12);
    expect(monthIndexOfDay(-1)).toBe(1969 * 12 + 11);
  });

  it('agrees with Date on every day of the cycle from 1600-03-01 to 2000-02-29', () => {
    const from = dayOf(1600, 3, 1);
    const till = dayOf(2000, 3, 1);
    expect(till - from).toBe(146_097);
    expect(mismatches(from, till)).toEqual([]);
  });

  it('agrees with Date around the starts of cycles and of centuries, BC included', () => {
    for (const year of [-400, -100, 0, 100, 400, 1900, 2000, 2100, 2400, 10_000, 275_000]) {
      // Two years either side of 1 March and of 1 January.
      for (const [month, day] of [
        [3, 1],
        [1, 1],
      ] as const) {
        const at = dayOf(year, month, day);
        expect(mismatches(at - 730, at + 730), `${year}-${month}-${day}`).toEqual([]);
      }
    }
  });

  it('agrees with Date at both ends of the ECMAScript range', () => {
    expect(mismatches(-100_000_000, -100_000_000 + 800)).toEqual([]);
    expect(mismatches(100_000_000 - 800, 100_000_001)).toEqual([]);
  });
});
