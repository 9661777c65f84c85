import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AggregateOptions, aggregatePeriods } from '../../src/trends/aggregate-periods.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  intervalArb,
  ORACLE_ZONES,
  periodArb,
  rangeArb,
  stampsArb,
  startArb,
  valueArb,
} from '../helpers/trends-periods-arbitraries.js';
import { agrees, naiveAggregate } from '../helpers/trends-periods-oracle.js';

const HOUR = 3_600_000;
const H = Date.UTC(2024, 0, 1);
const at = (...hours: number[]) => hours.map((h) => H + h * HOUR);
const iso = (text: string) => Date.parse(text);
const list = (a: ArrayLike<number>) => Array.from(a);

const E1 = { atMs: at(0, 1, 2, 3, 4, 5, 24, 25, 26), values: [1, 2, 3, 4, NaN, 6, 10, 20, 30] };
const E4 = { atMs: at(0, 1, 2, 3, 4), values: [1, 2, 3, 4, 10] };
const E10 = {
  atMs: ['2019-01-15', '2019-03-01', '2019-12-10'].map((d) => iso(`${d}T00:00Z`)),
  values: [5, 6, 7],
};

function one(atIso: string, options: AggregateOptions) {
  return aggregatePeriods({ atMs: [iso(atIso)], values: [1] }, options);
}

describe('aggregatePeriods worked examples (§12)', () => {
  it('E1: daily means, counts and possible', () => {
    const r = aggregatePeriods(E1, { period: 'day' });
    expect(list(r.startMs)).toEqual([H, H + 24 * HOUR]);
    expect(list(r.endMs)).toEqual([H + 24 * HOUR, H + 48 * HOUR]);
    expect(r.values[0]).toBeCloseTo(3.2, 12);
    expect(r.values[1]).toBe(20);
    expect(list(r.count)).toEqual([5, 3]);
    expect(list(r.possible)).toEqual([24, 24]);
    expect(r.startMs).toBeInstanceOf(Float64Array);
    expect(r.count).toBeInstanceOf(Uint32Array);
    expect(r.possible).toBeInstanceOf(Uint32Array);
  });

  it('E2: minCapture 0.2 drops a day with 3 of 24', () => {
    const r = aggregatePeriods(E1, { period: 'day', minCapture: 0.2 });
    expect(r.values[0]).toBeCloseTo(3.2, 12);
    expect(r.values[1]).toBeNaN();
  });

  it('E3: capture over the observed span', () => {
    const r = aggregatePeriods(E1, {
      period: 'day',
      statistic: 'capture',
      denominator: 'observed-span',
    });
    expect(list(r.values)).toEqual([5 / 24, 1]);
    expect(list(r.possible)).toEqual([24, 3]);
  });

  it('E4: every statistic', () => {
    const value = (options: Partial<AggregateOptions>) =>
      aggregatePeriods(E4, { period: 'day', ...options }).values[0];
    expect(value({})).toBe(4);
    expect(value({ statistic: 'median' })).toBe(3);
    expect(value({ statistic: 'sd' })).toBeCloseTo(3.5355339059327378, 14);
    expect(value({ statistic: 'sum' })).toBe(20);
    expect(value({ statistic: 'min' })).toBe(1);
    expect(value({ statistic: 'max' })).toBe(10);
    expect(value({ statistic: 'count' })).toBe(5);
    expect(value({ statistic: 'capture' })).toBe(5 / 24);
    expect(agrees(value({ statistic: 'percentile', percentile: 90 }) as number, 7.6)).toBe(true);
  });

  it('E5–E9: DST days, a DST month, a 25-hour day, India hours, a fixed offset', () => {
    let r = one('2024-03-31T12:00Z', { period: 'day', timeZone: 'Europe/Warsaw' });
    expect([r.startMs[0], r.endMs[0], r.possible[0]]).toEqual([
      iso('2024-03-30T23:00Z'),
      iso('2024-03-31T22:00Z'),
      23,
    ]);
    r = one('2024-03-31T12:00Z', { period: 'month', timeZone: 'Europe/Warsaw' });
    expect([r.startMs[0], r.possible[0]]).toEqual([iso('2024-02-29T23:00Z'), 743]);
    r = one('2019-02-16T12:00Z', { period: 'day', timeZone: 'America/Sao_Paulo' });
    expect([r.startMs[0], r.endMs[0], r.possible[0]]).toEqual([
      iso('2019-02-16T02:00Z'),
      iso('2019-02-17T03:00Z'),
      25,
    ]);
    r = one('2024-05-01T10:10Z', {
      period: 'hour',
      timeZone: 'Asia/Kolkata',
      intervalMs: 600_000,
    });
    expect([r.startMs[0], r.possible[0]]).toEqual([iso('2024-05-01T09:30Z'), 6]);
    r = one('2024-01-01T03:00Z', { period: 'month', timeZone: -300 });
    expect([r.startMs[0], r.endMs[0]]).toEqual([
      iso('2023-12-01T05:00Z'),
      iso('2024-01-01T05:00Z'),
    ]);
  });

  it('E10, E11: seasons with DJF labelled by its December', () => {
    const r = aggregatePeriods(E10, { period: 'season' });
    const starts = ['2018-12-01', '2019-03-01', '2019-06-01', '2019-09-01', '2019-12-01'];
    expect(list(r.startMs)).toEqual(starts.map((d) => iso(`${d}T00:00Z`)));
    expect(list(r.values)).toEqual([5, 6, NaN, NaN, 7]);
    expect(list(r.possible)).toEqual([2160, 2208, 2208, 2184, 2184]);
    const observed = aggregatePeriods(E10, { period: 'season', denominator: 'observed-span' });
    expect(list(observed.possible)).toEqual([1080, 2208, 2208, 2184, 217]);
  });

  it('E12: ISO weeks begin on Monday', () => {
    const atMs = ['2024-01-03T10:00Z', '2024-01-07T23:00Z', '2024-01-08T00:00Z'].map(iso);
    const r = aggregatePeriods({ atMs, values: [1, 2, 3] }, { period: 'week', statistic: 'sum' });
    expect(list(r.startMs)).toEqual([iso('2024-01-01T00:00Z'), iso('2024-01-08T00:00Z')]);
    expect(list(r.values)).toEqual([3, 3]);
  });

  it('begins a day at the jump where midnight does not exist, and omits a skipped day', () => {
    let r = one('2018-11-04T12:00Z', { period: 'day', timeZone: 'America/Sao_Paulo' });
    expect([r.startMs[0], r.endMs[0], r.possible[0]]).toEqual([
      iso('2018-11-04T03:00Z'),
      iso('2018-11-05T02:00Z'),
      23,
    ]);
    r = aggregatePeriods(
      { atMs: [iso('2011-12-29T12:00Z'), iso('2011-12-31T12:00Z')], values: [1, 2] },
      { period: 'day', timeZone: 'Pacific/Apia' },
    );
    // 29 Dec (−10 h), then 31 Dec and 1 Jan (+14 h): 30 Dec never happened there.
    expect(list(r.startMs)).toEqual(
      ['2011-12-29T10:00Z', '2011-12-30T10:00Z', '2011-12-31T10:00Z'].map(iso),
    );
    expect(list(r.values)).toEqual([1, NaN, 2]);
  });

  it('clips to [from, till), keeps empty periods, and gives empty arrays for no data', () => {
    const r = aggregatePeriods(E1, {
      period: 'day',
      from: H + 2 * HOUR,
      till: H + 72 * HOUR,
      statistic: 'count',
    });
    expect(list(r.startMs)).toEqual([H, H + 24 * HOUR, H + 48 * HOUR]);
    expect(list(r.values)).toEqual([3, 3, 0]);
    expect(list(r.possible)).toEqual([22, 24, 24]);
    const empty = aggregatePeriods({ atMs: [], values: [] }, { period: 'month' });
    expect(empty.startMs.length).toBe(0);
    expect(empty.values).toBeInstanceOf(Float64Array);
    const ranged = aggregatePeriods(
      { atMs: [], values: [] },
      { period: 'day', from: H, till: H + 1, denominator: 'observed-span' },
    );
    expect(list(ranged.possible)).toEqual([0]);
    expect(list(ranged.count)).toEqual([0]);
    expect(ranged.values[0]).toBeNaN();
  });

  it('passes exactly at minCapture and fails just below', () => {
    const atMs = at(0, 1, 2, 3, 4, 5);
    const values = [1, 1, 1, 1, 1, 1];
    expect(
      aggregatePeriods({ atMs, values }, { period: 'day', minCapture: 6 / 24 }).values[0],
    ).toBe(1);
    expect(
      aggregatePeriods({ atMs, values }, { period: 'day', minCapture: 6 / 24 + 1e-12 }).values[0],
    ).toBeNaN();
    // count and capture are never thresholded.
    const strict = { period: 'day', minCapture: 1 } as const;
    expect(aggregatePeriods({ atMs, values }, { ...strict, statistic: 'count' }).values[0]).toBe(6);
    expect(aggregatePeriods({ atMs, values }, { ...strict, statistic: 'capture' }).values[0]).toBe(
      0.25,
    );
  });
});

describe('aggregatePeriods misuse (§11)', () => {
  const series = { atMs: [H], values: [1] };
  const cases: Array<[string, unknown]> = [
    ['options.period', { period: 'fortnight' }],
    ['options.statistic', { period: 'day', statistic: 'mode' }],
    ['options.denominator', { period: 'day', denominator: 'rows' }],
    ['options.timeZone', { period: 'day', timeZone: 'Nowhere/Never' }],
    ['options.timeZone', { period: 'day', timeZone: 2000 }],
    ['options.intervalMs', { period: 'day', intervalMs: 7_000_000 }],
    ['options.intervalMs', { period: 'day', intervalMs: 0 }],
    ['options.intervalMs', { period: 'day', intervalMs: 1.5 }],
    ['options.intervalMs', { period: 'hour', intervalMs: 7_200_000 }],
    ['options.minCapture', { period: 'day', minCapture: 1.01 }],
    ['options.minCapture', { period: 'day', minCapture: -0.1 }],
    ['options.minCapture', { period: 'day', minCapture: NaN }],
    ['options.till', { period: 'day', from: H }],
    ['options.from', { period: 'day', till: H }],
    ['options.from', { period: 'day', from: NaN, till: H }],
    ['options.till', { period: 'day', from: H, till: Number.POSITIVE_INFINITY }],
    ['options.till', { period: 'day', from: H, till: H }],
    ['options.percentile', { period: 'day', statistic: 'percentile' }],
    ['options.percentile', { period: 'day', statistic: 'percentile', percentile: 101 }],
    ['options.percentile', { period: 'day', statistic: 'percentile', percentile: NaN }],
    ['options.percentile', { period: 'day', statistic: 'mean', percentile: 50 }],
  ];
  it.each(cases)('%s: %j', (parameter, options) => {
    const run = () => aggregatePeriods(series, options as AggregateOptions);
    expect(run).toThrow(RangeError);
    expect(run).toThrow(new RegExp(`^aggregatePeriods: ${parameter.replace('.', '\\.')} `));
  });

  it('checks the series', () => {
    expect(() => aggregatePeriods({ atMs: [2, 1], values: [1, 2] }, { period: 'day' })).toThrow(
      /^aggregatePeriods: series\.atMs\[1\]/,
    );
    expect(() => aggregatePeriods({ atMs: [1, 2], values: [1] }, { period: 'day' })).toThrow(
      /^aggregatePeriods: series\.values/,
    );
    expect(() => aggregatePeriods({ atMs: [NaN], values: [1] }, { period: 'day' })).toThrow(
      RangeError,
    );
    expect(() => aggregatePeriods(series, null as never)).toThrow(TypeError);
  });
});

const STATISTICS = ['mean', 'median', 'min', 'max', 'sum', 'sd', 'count', 'capture', 'percentile'];

const caseArb = fc
  .record({
    period: periodArb,
    start: startArb,
    zone: fc.constantFrom(...ORACLE_ZONES),
    statistic: fc.constantFrom(...STATISTICS),
    percentile: fc.oneof(
      fc.constantFrom(0, 50, 90, 100),
      fc.double({ min: 0, max: 100, noNaN: true }),
    ),
    denominator: fc.constantFrom('calendar', 'observed-span', undefined),
    minCapture: fc.oneof(
      fc.constant(undefined),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom(0, 0.75, 1),
    ),
  })
  .chain((c) =>
    intervalArb(c.period).chain((intervalMs) =>
      stampsArb(c.period, c.start, intervalMs).chain((atMs) =>
        fc.record({
          atMs: fc.constant(atMs),
          values: fc.array(valueArb, { minLength: atMs.length, maxLength: atMs.length }),
          range: rangeArb(atMs, c.period),
          intervalMs: fc.constant(intervalMs),
          c: fc.constant(c),
        }),
      ),
    ),
  );

function optionsOf(
  c: {
    period: string;
    zone: number | string;
    statistic: string;
    percentile: number;
    denominator: string | undefined;
    minCapture: number | undefined;
  },
  intervalMs: number,
  range: { from?: number; till?: number },
): AggregateOptions {
  const options: Record<string, unknown> = {
    period: c.period,
    timeZone: c.zone,
    intervalMs,
    statistic: c.statistic,
    ...range,
  };
  if (c.statistic === 'percentile') options.percentile = c.percentile;
  if (c.denominator !== undefined) options.denominator = c.denominator;
  if (c.minCapture !== undefined) options.minCapture = c.minCapture;
  return options as unknown as AggregateOptions;
}

describe('aggregatePeriods properties', () => {
  it('agrees with a brute-force oracle in every zone, period, statistic and range', () => {
    fc.assert(
      fc.property(caseArb, ({ atMs, values, range, intervalMs, c }) => {
        const options = optionsOf(c, intervalMs, range);
        const got = aggregatePeriods({ atMs, values }, options);
        const want = naiveAggregate(atMs, values, options);
        expect(list(got.startMs)).toEqual(want.startMs);
        expect(list(got.endMs)).toEqual(want.endMs);
        expect(list(got.count)).toEqual(want.count);
        expect(list(got.possible)).toEqual(want.possible);
        got.values.forEach((v, k) => {
          if (!agrees(v, want.values[k] as number)) {
            expect.fail(`period ${k}: got ${v}, want ${want.values[k]}`);
          }
        });
      }),
      RUNS,
    );
  }, 300_000);

  it('gives the same answer for a Float64Array series, and the same order statistics for values permuted within a period', () => {
    fc.assert(
      fc.property(caseArb, fc.integer(), ({ atMs, values, range, intervalMs, c }, seed) => {
        const options = optionsOf(c, intervalMs, range);
        const got = aggregatePeriods({ atMs, values }, options);
        const typed = aggregatePeriods(
          { atMs: Float64Array.from(atMs), values: Float64Array.from(values) },
          options,
        );
        expect(list(typed.values)).toEqual(list(got.values));
        // Shuffle the values inside each period (stamps stay).
        const shuffled = [...values];
        let s = seed >>> 0;
        for (let k = 0; k < got.startMs.length; k++) {
          const members = atMs
            .map((t, i) => [t, i] as const)
            .filter(
              ([t]) =>
                t >= Math.max(got.startMs[k] as number, range.from ?? -Infinity) &&
                t < Math.min(got.endMs[k] as number, range.till ?? Infinity),
            )
            .map(([, i]) => i);
          for (let j = members.length - 1; j > 0; j--) {
            s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
            const r = s % (j + 1);
            const a = members[j] as number;
            const b = members[r] as number;
            [shuffled[a], shuffled[b]] = [shuffled[b] as number, shuffled[a] as number];
          }
        }
        const again = aggregatePeriods({ atMs, values: shuffled }, options);
        const exact = ['median', 'min', 'max', 'count', 'capture', 'percentile'].includes(
          c.statistic,
        );
        again.values.forEach((v, k) => {
          const want = got.values[k] as number;
          if (exact) expect(Object.is(v, want) || v === want).toBe(true);
          else expect(agrees(v, want, 1e-9)).toBe(true);
        });
      }),
      RUNS,
    );
  }, 300_000);
});
