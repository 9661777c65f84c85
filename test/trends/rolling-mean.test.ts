import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollingMean } from '../../src/trends/rolling-mean.js';
import { RUNS } from '../helpers/property-runs.js';
import { agrees, naiveRolling } from '../helpers/trends-periods-oracle.js';

const HOUR = 3_600_000;
const atMs = [0, 1, 2, 3, 4, 5, 7, 8, 9].map((h) => h * HOUR);
const values = [1, 2, 3, NaN, 5, 6, 8, 9, 10];
const series = { atMs, values };

describe('rollingMean worked examples (§12)', () => {
  it('E16: right alignment (the default)', () => {
    const r = rollingMean(series, { hours: 3, minCapture: 0.6 });
    expect(Array.from(r.values)).toEqual([NaN, 1.5, 2, 2.5, 4, 5.5, 7, 8.5, 9]);
    expect(Array.from(r.count)).toEqual([1, 2, 3, 2, 2, 2, 2, 2, 3]);
    expect(r.values).toBeInstanceOf(Float64Array);
    expect(r.count).toBeInstanceOf(Uint32Array);
  });

  it('E17: centre', () => {
    const r = rollingMean(series, { hours: 3, minCapture: 0.6, align: 'centre' });
    expect(Array.from(r.values)).toEqual([1.5, 2, 2.5, 4, 5.5, 5.5, 8.5, 9, 9.5]);
  });

  it('E18: left', () => {
    const r = rollingMean(series, { hours: 3, minCapture: 0.6, align: 'left' });
    expect(Array.from(r.values)).toEqual([2, 2.5, 4, 5.5, 5.5, 7, 9, 9.5, NaN]);
  });

  it('defaults to 75 % capture, and an 8-hour centred window spans t−3 … t+4', () => {
    const hourly = {
      atMs: Array.from({ length: 8 }, (_, i) => i * HOUR),
      values: [1, 2, 3, 4, 5, 6, 7, 8],
    };
    const r = rollingMean(hourly, { hours: 8, align: 'centre' });
    expect(Array.from(r.count)).toEqual([5, 6, 7, 8, 7, 6, 5, 4]);
    expect(Array.from(r.values).map(Number.isNaN)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(rollingMean({ atMs: [], values: [] }, { hours: 1 }).values.length).toBe(0);
  });

  it('does not let a huge value that left the window spoil the small ones', () => {
    const r = rollingMean(
      { atMs: [0, HOUR, 2 * HOUR], values: [1e20, 1, 2] },
      { hours: 2, minCapture: 0 },
    );
    expect(r.values[2]).toBe(1.5);
  });

  it.each([
    ['options.hours', { hours: 0 }],
    ['options.hours', { hours: 1.5 }],
    ['options.align', { hours: 1, align: 'middle' }],
    ['options.minCapture', { hours: 1, minCapture: NaN }],
    ['options.minCapture', { hours: 1, minCapture: 1.5 }],
    ['options.intervalMs', { hours: 1, intervalMs: 7_000_000 }],
    ['options.intervalMs', { hours: 1, intervalMs: 7 }],
    ['options.intervalMs', { hours: 1, intervalMs: -600_000 }],
  ])('refuses %s %j', (parameter, options) => {
    const run = () => rollingMean(series, options as never);
    expect(run).toThrow(RangeError);
    expect(run).toThrow(new RegExp(`^rollingMean: ${parameter.replace('.', '\\.')} `));
  });

  it('checks the series', () => {
    expect(() => rollingMean({ atMs: [1, 1], values: [1, 2] }, { hours: 1 })).toThrow(RangeError);
    expect(() => rollingMean({ atMs: [1], values: [] }, { hours: 1 })).toThrow(
      /^rollingMean: series\.values /,
    );
  });
});

describe('rollingMean properties', () => {
  it('agrees with a brute-force window over every stamp', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3_600_000, 600_000, 900_000, 1000),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom('right', 'left', 'centre') as fc.Arbitrary<'right' | 'left' | 'centre'>,
        fc.oneof(fc.constantFrom(0, 0.75, 1), fc.double({ min: 0, max: 1, noNaN: true })),
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(
          fc.tuple(
            fc.oneof(fc.integer({ min: 1, max: 4 * HOUR }), fc.integer({ min: 1, max: 200 })),
            fc.oneof(
              { weight: 8, arbitrary: fc.double({ min: -1e3, max: 1e5, noNaN: true }) },
              { weight: 2, arbitrary: fc.constantFrom(Number.NaN, Number.NEGATIVE_INFINITY) },
            ),
          ),
          { maxLength: 80 },
        ),
        (intervalMs, hours, align, minCapture, start, steps) => {
          const stamps: number[] = [];
          const vals: number[] = [];
          let t = start;
          for (const [step, v] of steps) {
            t += step;
            stamps.push(t);
            vals.push(v);
          }
          const got = rollingMean(
            { atMs: stamps, values: vals },
            { hours, align, minCapture, intervalMs },
          );
          const want = naiveRolling(stamps, vals, hours, align, minCapture, intervalMs);
          expect(Array.from(got.count)).toEqual(want.count);
          got.values.forEach((v, i) => {
            if (!agrees(v, want.values[i] as number))
              expect.fail(`${i}: got ${v}, want ${want.values[i]}`);
          });
        },
      ),
      RUNS,
    );
  }, 300_000);
});
