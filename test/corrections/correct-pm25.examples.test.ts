import { describe, expect, it } from 'vitest';
import {
  type CorrectionOptions,
  correctPm25,
  correctPm25Value,
} from '../../src/corrections/index.js';

// The worked examples of corrections.md §7.1 (C1–C42) and §10 (L3), row by row, each checked
// with the §2 tolerance against the printed value (6 decimals, so 5e-7 here) and exactly where
// the value is a NaN, a clamp to 0 or a value the row's arithmetic gives exactly.

const NaN_ = Number.NaN;
const KAPPA_WIDE: CorrectionOptions = { method: 'KAPPA', kappa: 0.5, rhClip: [0, 95] };

type Row = readonly [string, CorrectionOptions, number, number, number];
const of = (method: CorrectionOptions['method']): CorrectionOptions => ({ method });

// biome-ignore format: one row of the reference's table a line
const ROWS: readonly Row[] = [
  ['C1', of('EPA_2021'), 10, 50, 6.68],
  ['C2', of('EPA_2021'), 35, 50, 19.78],
  ['C3', of('EPA_2021'), 1000, 50, 525.44],
  ['C4', of('EPA_2021'), 0, 100, 0],
  ['C5', { method: 'EPA_2021', clampNegative: false }, 0, 100, -2.87],
  ['C6', of('EPA_2021'), 20, NaN_, NaN_],
  ['C7', of('EPA_2021'), 20, 100.5, NaN_],
  ['C8', of('EPA_2021'), -1, 50, NaN_],
  ['C9', of('AIRNOW_2021'), 0, 90, 0],
  ['C10', of('AIRNOW_2021'), 29.999, 40, 18.021476],
  ['C11', of('AIRNOW_2021'), 30, 40, 18.022],
  ['C12', of('AIRNOW_2021'), 33, 40, 20.8909],
  ['C13', of('AIRNOW_2021'), 40, 40, 28.502],
  ['C14', of('AIRNOW_2021'), 49.999, 40, 41.600559],
  ['C15', of('AIRNOW_2021'), 50, 40, 41.602],
  ['C16', of('AIRNOW_2021'), 209.999, 40, 167.361214],
  ['C17', of('AIRNOW_2021'), 210, 40, 167.362],
  ['C18', of('AIRNOW_2021'), 235, 40, 200.47345],
  ['C19', of('AIRNOW_2021'), 259.999, 40, 242.122541],
  ['C20', of('AIRNOW_2021'), 260, 40, 242.1244],
  ['C21', of('AIRNOW_2021'), 400, 40, 420.406],
  ['C22', of('AIRNOW_2021'), 400, 100, 420.406],
  ['C23', of('AIRNOW_2021'), 400, NaN_, NaN_],
  ['C24', of('EPA_2022'), 300, 50, 158.64],
  ['C25', of('EPA_2022'), 569.999, 50, 300.119476],
  ['C26', of('EPA_2022'), 570, 50, 300.628343],
  ['C27', of('EPA_2022'), 590, 50, 345.65237],
  ['C28', of('EPA_2022'), 610.999, 50, 400.776851],
  ['C29', of('EPA_2022'), 611, 50, 400.120141],
  ['C30', of('EPA_2022'), 1000, 50, 816.44],
  ['C31', of('KAPPA'), 20, 0, 18.134715],
  ['C32', of('KAPPA'), 20, 29.9, 18.134715],
  ['C33', of('KAPPA'), 20, 30, 18.134715],
  ['C34', of('KAPPA'), 20, 50, 16.129032],
  ['C35', of('KAPPA'), 20, 70, 12.820513],
  ['C36', of('KAPPA'), 20, 70.1, 12.820513],
  ['C37', of('KAPPA'), 20, 100, 12.820513],
  ['C38', of('KAPPA'), 0, 50, 0],
  ['C39', KAPPA_WIDE, 20, 80, 9.041096],
  ['C40', KAPPA_WIDE, 20, 99, 2.959641],
  ['C41', KAPPA_WIDE, 20, 0, 20],
  ['C42', of('KAPPA'), 20, 101, NaN_],
  ['L3', { method: 'LINEAR', coefficients: { intercept: 15, pm25: 0.96, rh: -0.15 } }, 20, 50, 26.7],
];

describe('correctPm25Value: the worked examples of §7.1 and L3', () => {
  it.each(ROWS)('%s', (_, options, x, rh, expected) => {
    const got = correctPm25Value(x, rh, options);
    if (Number.isNaN(expected)) expect(got).toBeNaN();
    else expect(Math.abs(got - expected)).toBeLessThanOrEqual(5e-7);
    // The series form gives the same number in the same place.
    expect(correctPm25({ pm25: [x], rh: [rh] }, options)[0]).toBe(got);
  });

  it('gives exact results where the arithmetic is exact', () => {
    expect(correctPm25Value(0, 100, of('EPA_2021'))).toBe(0);
    expect(correctPm25Value(0, 90, of('AIRNOW_2021'))).toBe(0);
    expect(correctPm25Value(0, 50, of('KAPPA'))).toBe(0);
    expect(correctPm25Value(20, 0, KAPPA_WIDE)).toBe(20);
    // f = 1.24 and 1.56 for Nilson's 0.24 at RH 50 and 70.
    expect(correctPm25Value(20, 50, of('KAPPA'))).toBe(20 / (1 + 0.24 / (100 / 50 - 1)));
    expect(correctPm25Value(20, 100, of('KAPPA'))).toBe(20 / (1 + 0.24 / (100 / 70 - 1)));
    expect(correctPm25Value(20, 0, of('KAPPA'))).toBe(20 / (1 + 0.24 / (100 / 30 - 1)));
  });

  it('keeps a negative result with clampNegative false and clamps it by default', () => {
    const linear = { intercept: -10, pm25: 1, rh: 0 };
    expect(correctPm25Value(4, 50, { method: 'LINEAR', coefficients: linear })).toBe(0);
    expect(
      correctPm25Value(4, 50, { method: 'LINEAR', coefficients: linear, clampNegative: false }),
    ).toBe(-6);
    expect(
      correctPm25Value(4, 50, { method: 'LINEAR', coefficients: linear, clampNegative: true }),
    ).toBe(0);
    // A sum of signed zeros is -0; the clamp gives +0, and without the clamp the -0 stays.
    const zeros = { intercept: -0, pm25: 0, rh: -0 };
    expect(Object.is(correctPm25Value(-0, 0, { method: 'LINEAR', coefficients: zeros }), 0)).toBe(
      true,
    );
    expect(
      Object.is(
        correctPm25Value(-0, 0, { method: 'LINEAR', coefficients: zeros, clampNegative: false }),
        -0,
      ),
    ).toBe(true);
    expect(correctPm25Value(0, 100, { method: 'AIRNOW_2021', clampNegative: false })).toBeCloseTo(
      -2.87,
      12,
    );
    expect(correctPm25Value(0, 100, { method: 'EPA_2022', clampNegative: false })).toBeCloseTo(
      -2.87,
      12,
    );
  });
});

describe('§7.3 pipeline, correction part', () => {
  const values = [12.45, NaN_, NaN_];
  const rh = [50, 50, 50];

  it('corrects the combined A/B means, NaN staying NaN', () => {
    const corrected = correctPm25({ pm25: values, rh }, of('EPA_2021'));
    expect(corrected).toBeInstanceOf(Float64Array);
    expect(corrected).toHaveLength(3);
    expect(corrected[0]).toBeCloseTo(7.9638, 12);
    expect(corrected[1]).toBeNaN();
    expect(corrected[2]).toBeNaN();
  });

  it.each([
    ['AIRNOW_2021', 7.9638],
    ['EPA_2022', 7.9638],
    ['KAPPA', 10.040323],
  ] as const)('%s gives %f for the first record', (method, expected) => {
    const [first] = correctPm25({ pm25: values, rh }, of(method));
    expect(Math.abs(first! - expected)).toBeLessThanOrEqual(5e-7);
  });

  it('accepts typed arrays and empty series, and leaves its inputs alone', () => {
    const pm25 = Float64Array.from([10, 35]);
    const humidity = Float32Array.from([50, 50]);
    const out = correctPm25({ pm25, rh: humidity }, of('EPA_2021'));
    expect(out[0]).toBeCloseTo(6.68, 12);
    expect(out[1]).toBeCloseTo(19.78, 12);
    expect([...pm25]).toEqual([10, 35]);
    expect(out).not.toBe(pm25);
    expect(correctPm25({ pm25: [], rh: [] }, of('KAPPA'))).toEqual(new Float64Array(0));
  });
});
