import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkColumn, checkStamps, checkTimedSeries } from '../../src/trends/trends-series.js';
import { RUNS } from '../helpers/property-runs.js';

describe('checkTimedSeries', () => {
  it('accepts arrays and typed arrays, empty series and missing values', () => {
    expect(() => checkTimedSeries('f', { atMs: [], values: [] })).not.toThrow();
    expect(() =>
      checkTimedSeries('f', { atMs: Float64Array.of(-5, 0, 1.5), values: [Number.NaN, 1, -2] }),
    ).not.toThrow();
  });

  it('names the first stamp that is not finite or not after the one before', () => {
    expect(() => checkTimedSeries('rollingMean', { atMs: [0, 0], values: [1, 2] })).toThrow(
      new RangeError(
        'rollingMean: series.atMs[1] must be finite and after series.atMs[0] (0), got 0',
      ),
    );
    expect(() => checkTimedSeries('f', { atMs: [2, 1], values: [1, 2] })).toThrow(RangeError);
    expect(() => checkTimedSeries('f', { atMs: [Number.NaN], values: [1] })).toThrow(
      new RangeError('f: series.atMs[0] must be finite, got NaN'),
    );
    expect(() =>
      checkTimedSeries('f', { atMs: [0, Number.POSITIVE_INFINITY], values: [1, 2] }),
    ).toThrow(RangeError);
    expect(() => checkTimedSeries('f', { atMs: [0, Number.NaN], values: [1, 2] })).toThrow(
      RangeError,
    );
    expect(() => checkTimedSeries('f', { atMs: [-Infinity, 0], values: [1, 2] })).toThrow(
      RangeError,
    );
  });

  it('refuses values of another length', () => {
    expect(() => checkTimedSeries('aggregatePeriods', { atMs: [1, 2, 3], values: [1, 2] })).toThrow(
      new RangeError(
        'aggregatePeriods: series.values must have the length of series.atMs (3), got length 2',
      ),
    );
    expect(() => checkColumn('f', 'series.speed', [1], 2)).toThrow(/series\.speed/);
  });

  it('throws TypeError for things of the wrong kind', () => {
    expect(() => checkTimedSeries('f', null as never)).toThrow(TypeError);
    expect(() => checkTimedSeries('f', { atMs: 3, values: [] } as never)).toThrow(TypeError);
    expect(() => checkTimedSeries('f', { atMs: [], values: 'ab' } as never)).toThrow(TypeError);
    expect(() => checkStamps('f', 'series.atMs', ['1'])).toThrow(TypeError);
  });

  it('accepts exactly the strictly increasing finite stamps', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e15, max: 1e15 })), (atMs) => {
        const ok = atMs.every(
          (t, i) => Number.isFinite(t) && (i === 0 || t > (atMs[i - 1] as number)),
        );
        const run = () => checkStamps('f', 'series.atMs', atMs);
        if (ok) expect(run).not.toThrow();
        else expect(run).toThrow(RangeError);
      }),
      RUNS,
    );
  });
});
