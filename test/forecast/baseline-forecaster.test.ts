import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_FORECAST_DEFAULTS,
  baselineForecast,
  baselineForecaster,
  createBaselineForecaster,
} from '../../src/forecast/baseline-forecaster.js';
import type { ForecastHour } from '../../src/forecast/forecaster.js';
import type { WindowAverages } from '../../src/model/window-averages.js';
import { hourlyWindows } from '../../src/time/windows.js';

const windows24 = hourlyWindows(Date.UTC(2019, 0, 10, 9), 24);
const hours = (n: number, make: (i: number) => WindowAverages) =>
  Array.from({ length: n }, (_, i) => make(i));

// One hour of history: each pollutant present or missing, values with sensor noise.
const hourArb = fc.record(
  {
    PM10: fc.double({ min: -5, max: 400, noNaN: true }),
    PM25: fc.double({ min: -5, max: 300, noNaN: true }),
  },
  { requiredKeys: [] },
);
const historyArb = fc.array(fc.oneof(hourArb, fc.constant({})), { maxLength: 48 });
const optionsArb = fc.record({
  dampingPerHour: fc.double({ min: 0.01, max: 1, noNaN: true }),
  diurnalWeight: fc.double({ min: 0, max: 1, noNaN: true }),
  minHistoryHours: fc.integer({ min: 1, max: 24 }),
});

/** The formula of the README written out directly, with a plain mean: the oracle. */
function oracle(
  history: readonly WindowAverages[],
  windowCount: number,
  options: { dampingPerHour: number; diurnalWeight: number; minHistoryHours: number },
): (ForecastHour | undefined)[] {
  const out: Record<string, number>[] = Array.from({ length: windowCount }, () => ({}));
  const valueAt = (i: number, p: 'PM10' | 'PM25') => (i >= 0 ? history[i]?.[p] : undefined);
  for (const p of ['PM25', 'PM10'] as const) {
    const indices: number[] = [];
    for (let i = Math.max(0, history.length - 24); i < history.length; i++) {
      if (valueAt(i, p) !== undefined) indices.push(i);
    }
    if (indices.length < options.minHistoryHours || indices.length === 0) continue;
    const mean = indices.reduce((s, i) => s + valueAt(i, p)!, 0) / indices.length;
    const lastIndex = indices[indices.length - 1]!;
    const latest = valueAt(lastIndex, p)!;
    for (let j = 0; j < windowCount; j++) {
      const t = history.length + j;
      const yesterday = valueAt(t - 24 * (Math.floor(j / 24) + 1), p);
      const level =
        yesterday === undefined
          ? mean
          : (1 - options.diurnalWeight) * mean + options.diurnalWeight * yesterday;
      out[j]![p] = Math.max(
        0,
        level + (latest - level) * options.dampingPerHour ** (t - lastIndex),
      );
    }
  }
  return out.map((h) => (Object.keys(h).length > 0 ? h : undefined));
}

describe('baselineForecast: worked examples', () => {
  it('relaxes a jump in the latest hour towards the level (the JSDoc example)', () => {
    const history = hours(24, () => ({ PM10: 40 }));
    history[23] = { PM10: 60 };
    const [first, second] = baselineForecast({ history, windows: hourlyWindows(0, 2) });
    // mean 40.8333…, level 40.4167 (same hour yesterday was 40), damping 0.98 and 0.98².
    expect(first?.PM10).toBeCloseTo(40.416_666 + 19.583_333 * 0.98, 5);
    expect(second?.PM10).toBeCloseTo(40.416_666 + 19.583_333 * 0.9604, 5);
    expect(first?.PM25).toBeUndefined();
  });

  it('gives no forecast without history, or with fewer than 6 of the last 24 hours', () => {
    expect(baselineForecaster.forecast({ history: [], windows: windows24 })).toEqual(
      Array(24).fill(undefined),
    );
    const sparse = hours(24, (i) => (i % 5 === 0 ? { PM10: 30 } : {})); // 5 values
    expect(
      baselineForecast({ history: sparse, windows: windows24 }).every((h) => h === undefined),
    ).toBe(true);
    const enough = hours(24, (i) => (i % 4 === 0 ? { PM10: 30 } : {})); // 6 values
    expect(
      baselineForecast({ history: enough, windows: windows24 }).every((h) => h?.PM10 === 30),
    ).toBe(true);
  });

  it('forecasts each pollutant on its own and carries nothing but PM25 and PM10', () => {
    const history = hours(24, (i) => ({
      PM10: 50,
      TEMPERATURE: -3,
      ...(i > 20 ? { PM25: 20 } : {}),
    }));
    const result = baselineForecast({ history, windows: windows24 });
    expect(result.every((h) => h !== undefined && Object.keys(h).join() === 'PM10')).toBe(true);
  });

  it('clamps at zero when noise pulls the forecast below it', () => {
    const history = hours(24, () => ({ PM25: -2 }));
    expect(baselineForecast({ history, windows: windows24 }).map((h) => h?.PM25)).toEqual(
      Array(24).fill(0),
    );
  });

  it('leads towards the same hour yesterday when diurnalWeight is 1 and damping is strong', () => {
    const history = hours(24, (i) => ({ PM10: i }));
    const result = baselineForecast(
      { history, windows: windows24 },
      { dampingPerHour: 0.01, diurnalWeight: 1 },
    );
    expect(result[5]?.PM10).toBeCloseTo(5, 10);
  });

  it('has a frozen set of defaults and a default forecaster that asks for 24 hours', () => {
    expect(BASELINE_FORECAST_DEFAULTS).toEqual({
      dampingPerHour: 0.98,
      diurnalWeight: 0.5,
      minHistoryHours: 6,
    });
    expect(Object.isFrozen(BASELINE_FORECAST_DEFAULTS)).toBe(true);
    expect(baselineForecaster.historyHours).toBe(24);
  });
});

describe('baselineForecast: misuse', () => {
  it.each([
    [
      { dampingPerHour: 0 },
      /baselineForecast: options.dampingPerHour must be a number in \(0, 1\], got 0/,
    ],
    [{ dampingPerHour: 1.5 }, /dampingPerHour .* got 1.5/],
    [{ dampingPerHour: Number.NaN }, /dampingPerHour .* got NaN/],
    [{ diurnalWeight: -0.1 }, /options.diurnalWeight must be a number in \[0, 1\], got -0.1/],
    [{ minHistoryHours: 0 }, /options.minHistoryHours must be an integer in \[1, 24\], got 0/],
    [{ minHistoryHours: 2.5 }, /minHistoryHours .* got 2.5/],
  ])('rejects options %j', (options, message) => {
    expect(() => baselineForecast({ history: [], windows: [] }, options)).toThrow(message);
  });

  it('rejects a malformed input and bad options at creation', () => {
    // @ts-expect-error: deliberately wrong
    expect(() => baselineForecast({ history: null, windows: [] })).toThrow(
      new TypeError('baselineForecast: input.history must be an array, got null'),
    );
    // @ts-expect-error: deliberately wrong
    expect(() => baselineForecaster.forecast(undefined)).toThrow(TypeError);
    expect(() => createBaselineForecaster({ diurnalWeight: 2 })).toThrow(
      /createBaselineForecaster: options.diurnalWeight/,
    );
  });

  it('accepts undefined options as "use the default"', () => {
    const history = hours(24, () => ({ PM10: 10 }));
    expect(
      baselineForecast({ history, windows: windows24 }, { dampingPerHour: undefined }),
    ).toEqual(baselineForecast({ history, windows: windows24 }));
  });
});

describe('baselineForecast: properties', () => {
  it('agrees with the formula written out directly (oracle)', () => {
    fc.assert(
      fc.property(
        historyArb,
        optionsArb,
        fc.integer({ min: 0, max: 50 }),
        (history, options, n) => {
          const windows = hourlyWindows(0, n);
          const actual = baselineForecast({ history, windows }, options);
          const expected = oracle(history, n, options);
          expect(actual).toHaveLength(n);
          for (let j = 0; j < n; j++) {
            for (const p of ['PM25', 'PM10'] as const) {
              const a = actual[j]?.[p];
              const e = expected[j]?.[p];
              expect(a === undefined).toBe(e === undefined);
              if (a !== undefined && e !== undefined)
                expect(Math.abs(a - e)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(e)));
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('predicts exactly the constant of a constant history, gaps or not', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.array(fc.boolean(), { minLength: 24, maxLength: 48 }),
        (c, present) => {
          fc.pre(present.slice(-24).filter(Boolean).length >= 6);
          const history = present.map((p) => (p ? { PM10: c, PM25: c } : {}));
          for (const hour of baselineForecaster.forecast({ history, windows: windows24 })) {
            expect(hour).toEqual({ PM25: c, PM10: c });
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never forecasts a negative or non-finite value, even from extreme input', () => {
    const extreme = fc.record(
      {
        PM10: fc.oneof(
          fc.double({ noNaN: true }),
          fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY),
        ),
        PM25: fc.double({ min: -1e308, max: 1e308, noNaN: true }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(extreme, { maxLength: 30 }), (history) => {
        for (const hour of baselineForecast({ history, windows: windows24 })) {
          for (const value of Object.values(hour ?? {})) {
            expect(Number.isFinite(value) && value >= 0).toBe(true);
            expect(Object.is(value, -0)).toBe(false);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('uses only the last 24 hours: older history changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(hourArb, fc.constant({})), { minLength: 24, maxLength: 30 }),
        fc.array(hourArb, { maxLength: 24 }),
        (history, older) => {
          expect(baselineForecast({ history: [...older, ...history], windows: windows24 })).toEqual(
            baselineForecast({ history, windows: windows24 }),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
