// Period boundaries where the wall clock does something unusual (reference §3): it turns back
// over midnight, so that a date begins twice and stamps after the start of a day read as the
// date before; and hours in a zone whose offset is not a whole half hour. Each expected
// boundary is written out from the rule "a period begins at the earliest instant whose wall
// time is at or after the local midnight of its first date" and checked against the
// brute-force periods of test/helpers/trends-periods-oracle.ts as well.
//
// America/St_Johns (Newfoundland) ended summer time at 00:01 local until 2010: on 2010-11-07
// at 02:31Z the clock went from 00:00:59 NDT (−2:30) back to 23:01 NST (−3:30) on the 6th, and
// reached the 7th again at 03:30Z.
import { describe, expect, it } from 'vitest';
import { type AggregateOptions, aggregatePeriods } from '../../src/trends/aggregate-periods.js';
import { naiveAggregate } from '../helpers/trends-periods-oracle.js';

const iso = (text: string) => Date.parse(text);
const HOUR = 3_600_000;

/** aggregatePeriods next to the oracle's answer for the same series and options. */
function bothWays(atMs: number[], values: number[], options: AggregateOptions) {
  const got = aggregatePeriods({ atMs, values }, options);
  const want = naiveAggregate(atMs, values, options);
  return {
    got: {
      startMs: [...got.startMs],
      endMs: [...got.endMs],
      values: [...got.values],
      count: [...got.count],
      possible: [...got.possible],
    },
    want: {
      startMs: want.startMs,
      endMs: want.endMs,
      values: want.values,
      count: want.count,
      possible: want.possible,
    },
  };
}

describe('a clock turned back over midnight (America/St_Johns, 2010-11-07)', () => {
  const zone = 'America/St_Johns';
  const day7 = { startMs: iso('2010-11-07T02:30Z'), endMs: iso('2010-11-08T03:30Z') };

  it('a stamp that reads 23:15 on the 6th belongs to the day that began at 02:30Z', () => {
    // 02:45Z is 23:15 NST on the 6th by the clock, but after the 7th began (00:00 NDT).
    const { got, want } = bothWays([iso('2010-11-07T02:45Z')], [5], {
      period: 'day',
      timeZone: zone,
    });
    expect(got).toEqual(want);
    expect(got.startMs).toEqual([day7.startMs]);
    expect(got.endMs).toEqual([day7.endMs]);
    // A 25-hour day.
    expect(got.possible).toEqual([25]);
  });

  it('a day is found from a stamp after the second midnight as well', () => {
    // 04:00Z is 00:30 NST on the 7th: its offset (−3:30) did not hold a day earlier, so the day
    // is searched for in full, and it begins at the first of the two midnights.
    const { got, want } = bothWays([iso('2010-11-07T04:00Z')], [5], {
      period: 'day',
      timeZone: zone,
    });
    expect(got).toEqual(want);
    expect(got.startMs).toEqual([day7.startMs]);
    expect(got.endMs).toEqual([day7.endMs]);
  });

  it('an hourly series across the change: every stamp in the day of its instant', () => {
    const atMs = Array.from({ length: 30 }, (_, h) => iso('2010-11-06T12:00Z') + h * HOUR);
    const values = atMs.map((_, h) => (h * 7) % 11);
    for (const statistic of ['count', 'mean', 'max'] as const) {
      const { got, want } = bothWays(atMs, values, { period: 'day', timeZone: zone, statistic });
      expect(got).toEqual(want);
      expect(got.startMs).toEqual([iso('2010-11-06T02:30Z'), day7.startMs]);
      // 02:00Z (23:30 NDT on the 6th) is the last stamp of the 6th; 03:00Z reads 23:30 on the 6th
      // again but belongs to the 7th.
      expect(got.count).toEqual([15, 15]);
    }
  });

  it('months and weeks that begin at such a midnight too', () => {
    // 2010-11-07 was a Sunday: the week of Monday 2010-11-01 holds both readings of the 6th.
    const atMs = [iso('2010-11-07T02:00Z'), iso('2010-11-07T03:00Z'), iso('2010-11-08T12:00Z')];
    const week = bothWays(atMs, [1, 2, 3], { period: 'week', timeZone: zone, statistic: 'count' });
    expect(week.got).toEqual(week.want);
    expect(week.got.startMs).toEqual([iso('2010-11-01T02:30Z'), iso('2010-11-08T03:30Z')]);
    expect(week.got.values).toEqual([2, 1]);
  });
});

describe('a gap that holds midnight but begins before it (America/Toronto, 1919-03-31)', () => {
  // At 04:30Z the clock went from 23:30 EST on the 30th to 00:30 EDT on the 31st: midnight of
  // the 31st never showed, and the day began at the jump, 04:30Z, half an hour after the
  // instant midnight would have had at either offset's guess (05:00Z or 04:00Z).
  it('the day begins at the jump', () => {
    const atMs = [iso('1919-03-30T12:00Z'), iso('1919-03-31T12:00Z')];
    const options = { period: 'day' as const, timeZone: 'America/Toronto', intervalMs: 1_800_000 };
    const { got, want } = bothWays(atMs, [1, 2], options);
    expect(got).toEqual(want);
    expect(got.startMs).toEqual([iso('1919-03-30T05:00Z'), iso('1919-03-31T04:30Z')]);
    expect(got.endMs).toEqual([iso('1919-03-31T04:30Z'), iso('1919-04-01T04:00Z')]);
    // Two days of 23.5 hours: 47 half-hours each.
    expect(got.possible).toEqual([47, 47]);
  });
});

describe('hours in a zone of +5:45 (Asia/Kathmandu)', () => {
  it('begin at a quarter past each UTC hour, by the IANA name or by minutes', () => {
    for (const timeZone of ['Asia/Kathmandu', 345]) {
      const options = { period: 'hour' as const, timeZone, intervalMs: 600_000 };
      const { got, want } = bothWays([iso('2024-05-01T10:10Z')], [1], options);
      expect(got).toEqual(want);
      // 10:10Z is 15:55 local: the local hour 15:00–16:00 is 09:15Z–10:15Z.
      expect(got.startMs).toEqual([iso('2024-05-01T09:15Z')]);
      expect(got.endMs).toEqual([iso('2024-05-01T10:15Z')]);
      expect(got.possible).toEqual([6]);
    }
  });

  it('a west offset of 5:45 begins at a quarter to each UTC hour', () => {
    const options = { period: 'hour' as const, timeZone: -345 };
    const { got, want } = bothWays(
      [iso('2024-05-01T10:10Z'), iso('2024-05-01T11:40Z')],
      [1, 2],
      options,
    );
    expect(got).toEqual(want);
    // 10:10Z is 04:25 and 11:40Z is 05:55 local: the local hours 04:00 and 05:00.
    expect(got.startMs).toEqual([iso('2024-05-01T09:45Z'), iso('2024-05-01T10:45Z')]);
  });
});
