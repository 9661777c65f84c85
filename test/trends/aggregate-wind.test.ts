import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateWind } from '../../src/trends/aggregate-wind.js';
import type { PeriodOptions } from '../../src/trends/period-layout.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  intervalArb,
  ORACLE_ZONES,
  periodArb,
  rangeArb,
  stampsArb,
  startArb,
} from '../helpers/trends-periods-arbitraries.js';
import { agrees, naiveWind } from '../helpers/trends-periods-oracle.js';

const H = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

function circularAgrees(got: number, want: number): boolean {
  if (Number.isNaN(want)) return Number.isNaN(got);
  const d = Math.abs(got - want) % 360;
  return got >= 0 && got < 360 && Math.min(d, 360 - d) <= 1e-7;
}

describe('aggregateWind worked examples (§12)', () => {
  it('E13: unit vectors', () => {
    const r = aggregateWind({ atMs: [H, H + HOUR], direction: [80, 100] }, { period: 'day' });
    expect(circularAgrees(r.direction[0] as number, 90)).toBe(true);
    expect(agrees(r.resultant[0] as number, 0.984807753012208)).toBe(true);
    expect([r.count[0], r.possible[0]]).toEqual([2, 24]);
  });

  it('E14: vectors with speeds', () => {
    const r = aggregateWind(
      { atMs: [H, H + HOUR], direction: [0, 90], speed: [2, 4] },
      { period: 'day' },
    );
    expect(circularAgrees(r.direction[0] as number, 63.43494882292201)).toBe(true);
    expect(agrees(r.resultant[0] as number, 2.23606797749979)).toBe(true);
  });

  it('E15: a calm period is direction 0', () => {
    const r = aggregateWind(
      { atMs: [H, H + HOUR], direction: [10, 200], speed: [0, 0] },
      { period: 'day' },
    );
    expect(Object.is(r.direction[0], 0)).toBe(true);
    expect(r.resultant[0]).toBe(0);
  });

  it('averages across north, skips invalid records and applies minCapture', () => {
    const r = aggregateWind(
      {
        atMs: [H, H + HOUR, H + 2 * HOUR, H + 3 * HOUR],
        direction: [350, 10, NaN, 90],
        speed: [1, 1, 5, -1],
      },
      { period: 'day' },
    );
    expect(circularAgrees(r.direction[0] as number, 0)).toBe(true);
    expect(r.count[0]).toBe(2);
    const strict = aggregateWind(
      { atMs: [H], direction: [90] },
      { period: 'day', minCapture: 0.5 },
    );
    expect(strict.direction[0]).toBeNaN();
    expect(strict.resultant[0]).toBeNaN();
    expect(strict.count[0]).toBe(1);
  });

  it('refuses misuse', () => {
    expect(() => aggregateWind({ atMs: [H], direction: [1, 2] }, { period: 'day' })).toThrow(
      /^aggregateWind: series\.direction /,
    );
    expect(() =>
      aggregateWind({ atMs: [H], direction: [1], speed: [] }, { period: 'day' }),
    ).toThrow(/^aggregateWind: series\.speed /);
    expect(() => aggregateWind({ atMs: [H, H], direction: [1, 2] }, { period: 'day' })).toThrow(
      RangeError,
    );
    expect(() =>
      aggregateWind({ atMs: [H], direction: [1] }, { period: 'decade' } as never),
    ).toThrow(/^aggregateWind: options\.period /);
    expect(() =>
      aggregateWind({ atMs: [H], direction: [1] }, { period: 'day', minCapture: 2 }),
    ).toThrow(/^aggregateWind: options\.minCapture /);
  });
});

const directionArb = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: -720, max: 720, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 90, 180, 270, 360, Number.NaN) },
);
const speedArb = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: 0, max: 40, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom(0, -1, Number.NaN, Number.POSITIVE_INFINITY) },
);

describe('aggregateWind properties', () => {
  it('agrees with a brute-force oracle', () => {
    fc.assert(
      fc.property(
        fc
          .record({
            period: periodArb,
            start: startArb,
            zone: fc.constantFrom(...ORACLE_ZONES),
            withSpeed: fc.boolean(),
            minCapture: fc.constantFrom(0, 0.01, 0.5),
            denominator: fc.constantFrom('calendar', 'observed-span') as fc.Arbitrary<
              'calendar' | 'observed-span'
            >,
          })
          .chain((c) =>
            intervalArb(c.period).chain((intervalMs) =>
              stampsArb(c.period, c.start, intervalMs).chain((atMs) =>
                fc.record({
                  c: fc.constant(c),
                  intervalMs: fc.constant(intervalMs),
                  atMs: fc.constant(atMs),
                  direction: fc.array(directionArb, {
                    minLength: atMs.length,
                    maxLength: atMs.length,
                  }),
                  speed: fc.array(speedArb, { minLength: atMs.length, maxLength: atMs.length }),
                  range: rangeArb(atMs, c.period),
                }),
              ),
            ),
          ),
        ({ c, intervalMs, atMs, direction, speed, range }) => {
          const options: PeriodOptions = {
            period: c.period,
            timeZone: c.zone,
            intervalMs,
            minCapture: c.minCapture,
            denominator: c.denominator,
            ...range,
          };
          const speeds = c.withSpeed ? speed : undefined;
          const got = aggregateWind(
            speeds === undefined ? { atMs, direction } : { atMs, direction, speed: speeds },
            options,
          );
          const want = naiveWind(atMs, direction, speeds, options);
          expect(Array.from(got.startMs)).toEqual(want.startMs);
          expect(Array.from(got.count)).toEqual(want.count);
          expect(Array.from(got.possible)).toEqual(want.possible);
          got.direction.forEach((d, k) => {
            const r = got.resultant[k] as number;
            const wantR = want.resultant[k] as number;
            expect(agrees(r, wantR)).toBe(true);
            // A direction is only defined to 1e-7° where the mean vector is not tiny.
            if (Number.isNaN(wantR) || wantR > 1e-6) {
              expect(circularAgrees(d, want.direction[k] as number)).toBe(true);
            } else expect(d >= 0 && d < 360).toBe(true);
          });
        },
      ),
      RUNS,
    );
  }, 300_000);
});
