import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCorrectionOptions } from '../../src/corrections/correction-options.js';
import {
  CORRECTION_METHODS,
  type CorrectionOptions,
  correctPm25,
  correctPm25Value,
} from '../../src/corrections/index.js';
import { RUNS } from '../helpers/property-runs.js';

// §1.3: every misuse of the options throws once, naming the function, the parameter path and
// the value; valid options come back as a deeply frozen copy of what was given.

const check = (options: unknown) => () => checkCorrectionOptions('f', options);
const METHODS = 'EPA_2021, EPA_2022, AIRNOW_2021, KAPPA, LINEAR';
const LINEAR = { method: 'LINEAR', coefficients: { intercept: 1, pm25: 0.5, rh: -0.1 } };

// biome-ignore format: one case a line
const MISUSE: readonly [string, unknown, typeof TypeError | typeof RangeError, string][] = [
  ['a method that is not one of the five', { method: 'EPA2021' }, RangeError, `options.method must be one of ${METHODS}, got "EPA2021"`],
  ['no method', {}, RangeError, `options.method must be one of ${METHODS}, got undefined`],
  ['options that are not an object', 'EPA_2021', TypeError, 'options must be an object, got "EPA_2021"'],
  ['null options', null, TypeError, 'options must be an object, got null'],
  ['an unknown key', { method: 'KAPPA', kapa: 0.3 }, TypeError, 'options key must be one of method, clampNegative, kappa, rhClip, coefficients, got "kapa"'],
  ['LINEAR without coefficients', { method: 'LINEAR' }, RangeError, 'options.coefficients must be given with method LINEAR, got undefined'],
  ['coefficients with another method', { method: 'EPA_2021', coefficients: LINEAR.coefficients }, RangeError, 'options.coefficients is read by method LINEAR only, not EPA_2021, got {"intercept":1,"pm25":0.5,"rh":-0.1}'],
  ['coefficients that are not an object', { method: 'LINEAR', coefficients: 3 }, TypeError, 'options.coefficients must be an object { intercept, pm25, rh }, got 3'],
  ['a NaN coefficient', { method: 'LINEAR', coefficients: { intercept: Number.NaN, pm25: 1, rh: 0 } }, RangeError, 'options.coefficients.intercept must be a finite number, got NaN'],
  ['an infinite coefficient', { method: 'LINEAR', coefficients: { intercept: 0, pm25: Number.POSITIVE_INFINITY, rh: 0 } }, RangeError, 'options.coefficients.pm25 must be a finite number, got Infinity'],
  ['a coefficient as text', { method: 'LINEAR', coefficients: { intercept: 0, pm25: 1, rh: '0' } }, TypeError, 'options.coefficients.rh must be a finite number, got "0"'],
  ['a missing coefficient', { method: 'LINEAR', coefficients: { intercept: 0, pm25: 1 } }, TypeError, 'options.coefficients.rh must be a finite number, got undefined'],
  ['a negative kappa', { method: 'KAPPA', kappa: -0.1 }, RangeError, 'options.kappa must be ≥ 0, got -0.1'],
  ['a NaN kappa', { method: 'KAPPA', kappa: Number.NaN }, RangeError, 'options.kappa must be a finite number ≥ 0, got NaN'],
  ['an infinite kappa', { method: 'KAPPA', kappa: Number.POSITIVE_INFINITY }, RangeError, 'options.kappa must be a finite number ≥ 0, got Infinity'],
  ['kappa as text', { method: 'KAPPA', kappa: '0.3' }, TypeError, 'options.kappa must be a finite number ≥ 0, got "0.3"'],
  ['kappa with another method', { method: 'EPA_2022', kappa: 0.3 }, RangeError, 'options.kappa is read by method KAPPA only, not EPA_2022, got 0.3'],
  ['rhClip with another method', { method: 'AIRNOW_2021', rhClip: [30, 70] }, RangeError, 'options.rhClip is read by method KAPPA only, not AIRNOW_2021, got [30,70]'],
  ['rhClip that is not an array', { method: 'KAPPA', rhClip: '30-70' }, TypeError, 'options.rhClip must be an array [lo, hi], got "30-70"'],
  ['rhClip of one number', { method: 'KAPPA', rhClip: [30] }, RangeError, 'options.rhClip must be [lo, hi] with 0 ≤ lo ≤ hi < 100 (%RH), got [30]'],
  ['rhClip of three numbers', { method: 'KAPPA', rhClip: [30, 70, 90] }, RangeError, 'options.rhClip must be [lo, hi] with 0 ≤ lo ≤ hi < 100 (%RH), got [30,70,90]'],
  ['rhClip upside down', { method: 'KAPPA', rhClip: [70, 30] }, RangeError, 'options.rhClip must be [lo, hi] with 0 ≤ lo ≤ hi < 100 (%RH), got [70,30]'],
  ['rhClip below 0', { method: 'KAPPA', rhClip: [-1, 70] }, RangeError, 'options.rhClip must be [lo, hi] with 0 ≤ lo ≤ hi < 100 (%RH), got [-1,70]'],
  ['rhClip reaching 100', { method: 'KAPPA', rhClip: [30, 100] }, RangeError, 'options.rhClip must be [lo, hi] with 0 ≤ lo ≤ hi < 100 (%RH), got [30,100]'],
  ['a NaN in rhClip', { method: 'KAPPA', rhClip: [30, Number.NaN] }, RangeError, 'options.rhClip[1] must be a finite number, got NaN'],
  ['text in rhClip', { method: 'KAPPA', rhClip: ['30', 70] }, TypeError, 'options.rhClip[0] must be a finite number, got "30"'],
  ['clampNegative as text', { method: 'EPA_2021', clampNegative: 'yes' }, TypeError, 'options.clampNegative must be a boolean, got "yes"'],
  ['clampNegative as a number', { method: 'KAPPA', clampNegative: 0 }, TypeError, 'options.clampNegative must be a boolean, got 0'],
  ['clampNegative null', { method: 'KAPPA', clampNegative: null }, TypeError, 'options.clampNegative must be a boolean, got null'],
];

describe('checkCorrectionOptions', () => {
  it('returns a deeply frozen copy with the keys given, undefined ones dropped', () => {
    const given = { method: 'KAPPA', kappa: 0.3, rhClip: [20, 80], clampNegative: false };
    const copy = checkCorrectionOptions('f', given);
    expect(copy).toEqual(given);
    expect(copy).not.toBe(given);
    expect(copy.rhClip).not.toBe(given.rhClip);
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen(copy.rhClip)).toBe(true);
    given.rhClip[0] = 0;
    expect(copy.rhClip).toEqual([20, 80]);

    const linear = checkCorrectionOptions('f', LINEAR);
    expect(linear).toEqual(LINEAR);
    expect(Object.isFrozen(linear.coefficients)).toBe(true);
    expect(linear.coefficients).not.toBe(LINEAR.coefficients);
    // A LinearFit's `n` (or any other key of the coefficients) stays out of the copy.
    const fitted = { intercept: 1, pm25: 0.5, rh: -0.1, n: 24 };
    const withFit = checkCorrectionOptions('f', { method: 'LINEAR', coefficients: fitted });
    expect(withFit.coefficients).toEqual({ intercept: 1, pm25: 0.5, rh: -0.1 });

    const sparse = checkCorrectionOptions('f', {
      method: 'EPA_2021',
      clampNegative: undefined,
      kappa: undefined,
      rhClip: undefined,
      coefficients: undefined,
    });
    expect(Object.keys(sparse)).toEqual(['method']);
    expect(checkCorrectionOptions('f', { method: 'EPA_2022', clampNegative: true })).toEqual({
      method: 'EPA_2022',
      clampNegative: true,
    });
  });

  it('lists the five methods, frozen', () => {
    expect(CORRECTION_METHODS).toEqual(['EPA_2021', 'EPA_2022', 'AIRNOW_2021', 'KAPPA', 'LINEAR']);
    expect(Object.isFrozen(CORRECTION_METHODS)).toBe(true);
    for (const method of CORRECTION_METHODS.filter((m) => m !== 'LINEAR')) {
      expect(checkCorrectionOptions('f', { method })).toEqual({ method });
    }
  });

  it.each(MISUSE)('refuses %s', (_, options, ErrorType, message) => {
    expect(check(options)).toThrow(new ErrorType(`f: ${message}`));
    expect(check(options)).toThrow(ErrorType);
  });

  it('accepts the edges of rhClip and kappa', () => {
    expect(check({ method: 'KAPPA', rhClip: [0, 0] })).not.toThrow();
    expect(check({ method: 'KAPPA', rhClip: [50, 50] })).not.toThrow();
    expect(check({ method: 'KAPPA', rhClip: [0, 99.99999999999999] })).not.toThrow();
    expect(check({ method: 'KAPPA', kappa: 0 })).not.toThrow();
    expect(check({ method: 'KAPPA', kappa: 1e6 })).not.toThrow();
  });

  it('refuses any key outside the five, whatever its value', () => {
    const known = ['method', 'clampNegative', 'kappa', 'rhClip', 'coefficients'];
    fc.assert(
      fc.property(
        fc.string().filter((key) => !known.includes(key) && key !== '__proto__'),
        fc.anything(),
        (key, value) => {
          const options = { method: 'EPA_2021', [key]: value };
          expect(check(options)).toThrow(`f: options key must be one of ${known.join(', ')}, got`);
        },
      ),
      RUNS,
    );
  });
});

describe('the public functions name themselves and their parameters', () => {
  const series = { pm25: [10], rh: [50] };

  it('correctPm25 and correctPm25Value check the options once, with their own name', () => {
    const bad = { method: 'EPA2021' } as unknown as CorrectionOptions;
    expect(() => correctPm25(series, bad)).toThrow(
      `correctPm25: options.method must be one of ${METHODS}, got "EPA2021"`,
    );
    expect(() => correctPm25Value(10, 50, bad)).toThrow(
      `correctPm25Value: options.method must be one of ${METHODS}, got "EPA2021"`,
    );
    const kappaElsewhere = { method: 'EPA_2021', kappa: 0.2 } as CorrectionOptions;
    expect(() => correctPm25Value(10, 50, kappaElsewhere)).toThrow(RangeError);
  });

  it('correctPm25 needs RH, arrays and equal lengths', () => {
    const options: CorrectionOptions = { method: 'EPA_2021' };
    expect(() => correctPm25({ pm25: [10] }, options)).toThrow(
      new RangeError(
        'correctPm25: series.rh must be given: every method needs the relative humidity, got undefined',
      ),
    );
    expect(() => correctPm25({ pm25: [10, 20], rh: [50] }, options)).toThrow(
      new RangeError(
        'correctPm25: series.rh.length must have the length of series.pm25 (2), got 1',
      ),
    );
    expect(() => correctPm25({ pm25: [10], rh: [50, 60] }, options)).toThrow(RangeError);
    expect(() => correctPm25({ pm25: 10 as unknown as number[], rh: [50] }, options)).toThrow(
      new TypeError('correctPm25: series.pm25 must be an array or typed array of numbers, got 10'),
    );
    expect(() => correctPm25({ pm25: [10], rh: 'x' as unknown as number[] }, options)).toThrow(
      new TypeError('correctPm25: series.rh must be an array or typed array of numbers, got "x"'),
    );
    expect(() => correctPm25(null as unknown as typeof series, options)).toThrow(
      new TypeError('correctPm25: series must be an object, got null'),
    );
  });
});
