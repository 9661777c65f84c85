// The period layout (src/trends/period-layout.ts) at the edges of its input (reference §4.1,
// §4.2): an empty series gives no periods for every period length, hours included; with a
// range, an empty series or one with no stamp in the range gives the range's periods, each
// with nothing counted and, under 'observed-span', no slot either ("0 when no stamp is in
// range"), also for a range around the epoch, where grid positions are small numbers.
import { describe, expect, it } from 'vitest';
import { aggregatePeriods } from '../../src/trends/aggregate-periods.js';
import { aggregateWind } from '../../src/trends/aggregate-wind.js';
import { PERIODS } from '../../src/trends/calendar-periods.js';
import { naiveAggregate } from '../helpers/trends-periods-oracle.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const rows = (p: ReturnType<typeof aggregatePeriods>) => ({
  startMs: [...p.startMs],
  endMs: [...p.endMs],
  values: [...p.values],
  count: [...p.count],
  possible: [...p.possible],
});

describe('an empty series without a range', () => {
  it('gives no periods, whatever their length', () => {
    const none = { startMs: [], endMs: [], values: [], count: [], possible: [] };
    for (const period of PERIODS) {
      for (const timeZone of [undefined, 345, 'Europe/Warsaw']) {
        const options = timeZone === undefined ? { period } : { period, timeZone };
        expect(rows(aggregatePeriods({ atMs: [], values: [] }, options)), period).toEqual(none);
        const wind = aggregateWind({ atMs: [], direction: [] }, options);
        expect([wind.startMs.length, wind.direction.length], period).toEqual([0, 0]);
      }
    }
  });
});

describe('a range that holds no stamp', () => {
  const observed = { denominator: 'observed-span' as const, statistic: 'count' as const };

  it('counts no slot under the observed span, around the epoch too', () => {
    const cases = [
      { atMs: [], from: 0, till: DAY },
      { atMs: [], from: -DAY, till: DAY },
      { atMs: [5 * DAY], from: 0, till: 2 * HOUR },
      { atMs: [-3 * DAY, 9 * DAY], from: -HOUR, till: 3 * HOUR },
    ];
    for (const { atMs, from, till } of cases) {
      for (const period of ['hour', 'day'] as const) {
        const values = atMs.map(() => 1);
        const options = { period, from, till, ...observed };
        const got = rows(aggregatePeriods({ atMs, values }, options));
        const want = naiveAggregate(atMs, values, options);
        expect(got.possible).toEqual(want.possible);
        expect(got.possible.every((p) => p === 0)).toBe(true);
        expect(got.count.every((c) => c === 0)).toBe(true);
        expect(got.startMs).toEqual(want.startMs);
      }
    }
  });

  it('counts the calendar slots of the range all the same', () => {
    const got = aggregatePeriods({ atMs: [], values: [] }, { period: 'day', from: 0, till: DAY });
    expect(rows(got)).toEqual({
      startMs: [0],
      endMs: [DAY],
      values: [Number.NaN],
      count: [0],
      possible: [24],
    });
  });
});
