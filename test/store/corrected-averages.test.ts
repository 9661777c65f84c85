import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CorrectionOptions } from '../../src/corrections/correction-options.js';
import { correctedAverages, correctedWindows } from '../../src/store/corrected-averages.js';
import { PROPERTY_RUNS } from '../helpers/property-runs.js';

const linear = (intercept: number, pm25: number, rh: number): CorrectionOptions => ({
  method: 'LINEAR',
  coefficients: { intercept, pm25, rh },
});

/** The reference's LINEAR correction of one window, written out: §10, then the clamp of §1.1. */
function linearOracle(x: number, rh: number, c: { intercept: number; pm25: number; rh: number }) {
  if (!(x >= 0 && Number.isFinite(x) && rh >= 0 && rh <= 100)) return undefined;
  const y = c.intercept + c.pm25 * x + c.rh * rh;
  return Math.max(y, 0);
}

describe('correctedAverages', () => {
  const correction = linear(15, 0.96, -0.15);

  it('corrects PM25 from the window means of PM25 and HUMIDITY and keeps the rest raw', () => {
    const corrected = correctedAverages({ PM25: 20, PM10: 30, HUMIDITY: 50 }, correction);
    expect(corrected).toEqual({ PM25: 15 + 0.96 * 20 - 0.15 * 50, PM10: 30, HUMIDITY: 50 });
    expect(corrected.PM25).toBeCloseTo(26.7, 12);
    expect(Object.isFrozen(corrected)).toBe(true);
  });

  it('gives a window with PM25 but no HUMIDITY no PM25 at all', () => {
    expect(correctedAverages({ PM25: 20, PM10: 30 }, correction)).toEqual({ PM10: 30 });
    expect(correctedAverages({ PM25: 20 }, { method: 'EPA_2021' })).toEqual({});
  });

  it('drops PM25 where the correction refuses the means (negative PM, humidity over 100 %)', () => {
    expect(correctedAverages({ PM25: -0.5, HUMIDITY: 40 }, correction)).toEqual({ HUMIDITY: 40 });
    expect(correctedAverages({ PM25: 10, HUMIDITY: 100.5 }, correction)).toEqual({
      HUMIDITY: 100.5,
    });
  });

  it('clamps a negative result at 0 unless the correction says otherwise', () => {
    const low = linear(-5, 1, 0);
    expect(correctedAverages({ PM25: 2, HUMIDITY: 60 }, low)).toEqual({ PM25: 0, HUMIDITY: 60 });
    const kept = { ...low, clampNegative: false };
    expect(correctedAverages({ PM25: 2, HUMIDITY: 60 }, kept)).toEqual({ PM25: -3, HUMIDITY: 60 });
  });

  it('uses the published methods as the reference gives them (EPA 2021 at 10 µg/m³, 50 %)', () => {
    // 0.524 · 10 − 0.0862 · 50 + 5.75
    const { PM25 } = correctedAverages({ PM25: 10, HUMIDITY: 50 }, { method: 'EPA_2021' });
    expect(PM25).toBeCloseTo(6.68, 12);
  });

  it('returns the same record when there is no correction or no PM25', () => {
    const raw = Object.freeze({ PM25: 20, HUMIDITY: 50 });
    expect(correctedAverages(raw, undefined)).toBe(raw);
    const noPm25 = Object.freeze({ PM10: 20, HUMIDITY: 50 });
    expect(correctedAverages(noPm25, correction)).toBe(noPm25);
  });

  it('never changes the record it was given', () => {
    const raw = { PM25: 20, HUMIDITY: 50 };
    correctedAverages(raw, correction);
    expect(raw).toEqual({ PM25: 20, HUMIDITY: 50 });
  });

  it('matches the LINEAR oracle on any window (property)', () => {
    const value = fc.double({ min: -50, max: 1000, noNaN: true });
    fc.assert(
      fc.property(
        fc.record(
          { PM25: value, PM10: value, HUMIDITY: fc.double({ min: -5, max: 105, noNaN: true }) },
          { requiredKeys: [] },
        ),
        fc.record({
          intercept: fc.double({ min: -20, max: 20, noNaN: true }),
          pm25: fc.double({ min: 0, max: 3, noNaN: true }),
          rh: fc.double({ min: -1, max: 1, noNaN: true }),
        }),
        (averages, c) => {
          const got = correctedAverages(averages, { method: 'LINEAR', coefficients: c });
          const { PM25: _raw, ...rest } = averages;
          // Everything but PM25 passes through untouched.
          expect({ ...got, PM25: undefined }).toEqual({ ...rest, PM25: undefined });
          const want =
            averages.PM25 === undefined
              ? undefined
              : averages.HUMIDITY === undefined
                ? undefined
                : linearOracle(averages.PM25, averages.HUMIDITY, c);
          if (averages.PM25 === undefined) expect(got).toBe(averages);
          expect(got.PM25).toBe(want);
          expect(Object.values(got).every(Number.isFinite)).toBe(true);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});

describe('correctedWindows', () => {
  it('corrects every window in order, and hands back the array itself without a correction', () => {
    const windows = [{ PM25: 20, HUMIDITY: 50 }, {}, { PM25: 4 }];
    expect(correctedWindows(windows, undefined)).toBe(windows);
    expect(correctedWindows(windows, linear(1, 0.5, 0))).toEqual([
      { PM25: 11, HUMIDITY: 50 },
      {},
      {},
    ]);
  });
});
