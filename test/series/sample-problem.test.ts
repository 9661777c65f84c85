import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFiniteNumber } from '../../src/arguments/argument-checks.js';
import {
  invalidSampleError,
  isValidSample,
  MAX_ABS_SAMPLE_AT_MS,
  MAX_ABS_SAMPLE_VALUE,
  sampleProblem,
} from '../../src/series/sample-problem.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

const validAtMsArb = fc.integer({ min: -MAX_ABS_SAMPLE_AT_MS, max: MAX_ABS_SAMPLE_AT_MS });
const validValueArb = fc.double({
  min: -MAX_ABS_SAMPLE_VALUE,
  max: MAX_ABS_SAMPLE_VALUE,
  noNaN: true,
});

describe('sampleProblem examples', () => {
  it.each([
    [1795251600000, 12.5, undefined],
    [-8.64e15, -1e15, undefined],
    [8.64e15, 1e15, undefined],
    [0, -0, undefined],
    ['1795251600000', 1, 'atMs must be a number (epoch milliseconds), got "1795251600000"'],
    [Number.NaN, 1, 'atMs must be a finite number, got NaN'],
    [Number.POSITIVE_INFINITY, 1, 'atMs must be a finite number, got Infinity'],
    [1.5, 3, 'atMs must be a whole number of milliseconds, got 1.5'],
    [
      8.64e15 + 1,
      1,
      'atMs must be within the Date range of ±8640000000000000 ms, got 8640000000000001',
    ],
    [0, Number.NaN, 'value must be a finite number, got NaN'],
    [0, Number.NEGATIVE_INFINITY, 'value must be a finite number, got -Infinity'],
    [0, null, 'value must be a number, got null'],
    [0, 3.4e38, 'value must be within ±1000000000000000, got 3.4e+38'],
    [0, 1e15 + 0.125, 'value must be within ±1000000000000000, got 1000000000000000.1'],
    [0, -1e15 - 0.125, 'value must be within ±1000000000000000, got -1000000000000000.1'],
    [
      -8.64e15 - 1,
      1,
      'atMs must be within the Date range of ±8640000000000000 ms, got -8640000000000001',
    ],
    [undefined, 1, 'atMs must be a number (epoch milliseconds), got undefined'],
    [Number.NEGATIVE_INFINITY, 1, 'atMs must be a finite number, got -Infinity'],
  ])('sampleProblem(%j, %j) is %j', (atMs, value, expected) => {
    expect(sampleProblem(atMs, value)).toBe(expected);
    expect(isValidSample(atMs, value)).toBe(expected === undefined);
  });

  it('throws a TypeError for a non-number field and a RangeError otherwise', () => {
    expect(invalidSampleError('f', undefined, 'x', 1)).toBeInstanceOf(TypeError);
    expect(invalidSampleError('f', 2, 0, Number.NaN)).toBeInstanceOf(RangeError);
    expect(invalidSampleError('f', 2, 0, Number.NaN).message).toBe(
      'f: sample 2 (atMs 0, value NaN) is invalid: value must be a finite number, got NaN',
    );
    expect(invalidSampleError('f', undefined, 0, 'x').message).toBe(
      'f: sample (atMs 0, value "x") is invalid: value must be a number, got "x"',
    );
    expect(invalidSampleError('f', undefined, 0, 'x')).toBeInstanceOf(TypeError);
    // Asked about a valid sample, it still says something true rather than "undefined".
    expect(invalidSampleError('f', 0, 0, 1).message).toBe(
      'f: sample 0 (atMs 0, value 1) is invalid: the sample is not valid',
    );
    expect(invalidSampleError('f', 0, 0, 1)).toBeInstanceOf(RangeError);
  });

  it('checks query bounds', () => {
    const epochMs = 'a finite number of epoch milliseconds';
    expect(() => checkFiniteNumber('f', 'fromMs', 0.5, epochMs)).not.toThrow();
    expect(() => checkFiniteNumber('f', 'fromMs', -1e300, epochMs)).not.toThrow();
    expect(() => checkFiniteNumber('f', 'fromMs', Number.NaN, epochMs)).toThrow(
      new RangeError('f: fromMs must be a finite number of epoch milliseconds, got NaN'),
    );
    expect(() => checkFiniteNumber('f', 'tillMs', undefined, epochMs)).toThrow(TypeError);
  });
});

describe('sampleProblem properties', () => {
  it('accepts every whole-millisecond time in the Date range with a bounded finite value', () => {
    fc.assert(
      fc.property(validAtMsArb, validValueArb, (atMs, value) => {
        expect(sampleProblem(atMs, value)).toBeUndefined();
        expect(isValidSample(atMs, value)).toBe(true);
      }),
      SERIES_RUNS,
    );
  });

  it('agrees with its boolean form on anything, and names the field it rejects', () => {
    const anyField = fc.oneof(validAtMsArb, validValueArb, fc.double(), fc.anything());
    fc.assert(
      fc.property(anyField, anyField, (atMs, value) => {
        const problem = sampleProblem(atMs, value);
        expect(isValidSample(atMs, value)).toBe(problem === undefined);
        if (problem !== undefined) expect(problem).toMatch(/^(atMs|value) must be /);
      }),
      SERIES_RUNS,
    );
  });

  it('rejects fractional milliseconds and out-of-range values', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        fc.double({ min: 0.001, max: 0.999, noNaN: true }),
        fc.double({ min: 1.000001, max: 1e290, noNaN: true }),
        (atMs, fraction, scale) => {
          expect(sampleProblem(atMs + fraction, 1)).toMatch(/^atMs must be a whole number/);
          expect(sampleProblem(atMs, MAX_ABS_SAMPLE_VALUE * scale)).toMatch(
            /^value must be within/,
          );
          expect(sampleProblem(atMs, -MAX_ABS_SAMPLE_VALUE * scale)).toMatch(
            /^value must be within/,
          );
        },
      ),
      SERIES_RUNS,
    );
  });
});
