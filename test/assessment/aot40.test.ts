// aot40 of airq/assessment: examples written out by hand, a property at 1,000 cases against the
// naive oracle, and the errors of bad arguments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aot40 } from '../../src/assessment/index.js';
import { seededRandom } from '../../src/sample/seeded-noise.js';
import { naiveAot40 } from '../helpers/assessment-oracle-eu.js';
import { Hours } from '../helpers/assessment-oracle-hours.js';
import { RUNS } from '../helpers/property-runs.js';

const H = 3_600_000;

describe('aot40', () => {
  it('sums the excess over 80 from 07:00 to 18:00 UTC, May to July', () => {
    const startMs = Date.UTC(2023, 0, 1);
    const values = new Float64Array(8760).fill(60);
    const may1 = (Date.UTC(2023, 4, 1) - startMs) / H;
    for (let d = 0; d < 92; d++) {
      values[may1 + d * 24 + 6] = 100;
      values[may1 + d * 24 + 7] = 100;
      values[may1 + d * 24 + 18] = 90;
      values[may1 + d * 24 + 19] = 100;
    }
    expect(aot40({ startMs, values }, 2023)).toEqual({
      value: 92 * 30,
      measuredSum: 92 * 30,
      measuredHours: 1104,
      valid: true,
    });
    for (let d = 0; d < 92; d++) values[may1 + d * 24 + 10] = Number.NaN;
    for (let d = 0; d < 19; d++) values[may1 + d * 24 + 11] = Number.NaN;
    expect(aot40({ startMs, values }, 2023)).toEqual({
      value: null,
      measuredSum: 92 * 30,
      measuredHours: 993,
      valid: false,
    });
  });

  it('is valid from 994 measured hours and scales by 1104 / measured', () => {
    const startMs = Date.UTC(2023, 4, 1);
    const values = new Float64Array(92 * 24).fill(100);
    // Remove hours of the window one by one: 110 removed leaves 994.
    let removed = 0;
    for (let i = 0; i < values.length && removed < 110; i++) {
      if (i % 24 >= 7 && i % 24 <= 18) {
        values[i] = Number.NaN;
        removed++;
      }
    }
    expect(aot40({ startMs, values }, 2023)).toMatchObject({
      measuredHours: 994,
      valid: true,
      value: (994 * 20 * 1104) / 994,
    });
    values[values.length - 6] = Number.NaN;
    expect(aot40({ startMs, values }, 2023)).toMatchObject({
      measuredHours: 993,
      valid: false,
      value: null,
    });
  });

  it('equals the naive AOT40', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(0, 0.05, 0.1, 0.2),
        (seed, rate) => {
          const random = seededRandom(seed);
          const startMs = Date.UTC(2023, 3, 30);
          const values = Array.from({ length: 95 * 24 }, () =>
            random() < rate ? Number.NaN : random() * 160,
          );
          const got = aot40({ startMs, values }, 2023).value;
          expect(got).toBe(naiveAot40(new Hours(startMs, values), 2023));
        },
      ),
      RUNS,
    );
  });

  it('rejects a year that is not a four-digit integer', () => {
    expect(() => aot40({ startMs: 0, values: [] }, 2023.5)).toThrow(
      new RangeError('aot40: year must be an integer, got 2023.5'),
    );
    expect(() => aot40({ startMs: 0, values: [] }, 999)).toThrow(
      new RangeError('aot40: year must be a year from 1000 to 9999, got 999'),
    );
    expect(() => aot40({ startMs: 0, values: [] }, 10000)).toThrow(RangeError);
    expect(() => aot40({ startMs: 0, values: [] }, '2023' as never)).toThrow(
      new TypeError('aot40: year must be a number, got "2023"'),
    );
  });
});
