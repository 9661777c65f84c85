import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AQHI_KEYS, hkAqhi, hkAqhiInputArb, type Input } from '../helpers/more-indexes-cases-b.js';
import { hkAqhiOracle } from '../helpers/more-indexes-oracle-b.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// HKG_AQHI's sum, minimum, dominant term and properties (more-indexes.md §7); the worked
// examples and the band edges are in hkg-aqhi.test.ts.

describe('HKG_AQHI: the sum, the minimum and the dominant term', () => {
  it('adds only the larger particle term, and nothing for an absent SO2', () => {
    const base = { NO2: 100, O3: 100, SO2: 10 };
    expect(hkAqhi({ ...base, PM25: 40 }).value).toBe(6); // 10.83
    expect(hkAqhi({ ...base, PM10: 60 }).value).toBe(7); // 11.66
    expect(hkAqhi({ ...base, PM10: 60, PM25: 40 }).value).toBe(7);
    expect(hkAqhi({ ...base, PM10: 10, PM25: 200 }).value).toBe(8); // PM25 4.457: 14.41
  });

  it('is no data without NO2, without O3, or without both PM10 and PM25', () => {
    const full = { NO2: 100, O3: 60, PM25: 40, PM10: 60, SO2: 10 };
    for (const missing of [['NO2'], ['O3'], ['PM10', 'PM25']]) {
      for (const absent of [undefined, Number.NaN, Number.NEGATIVE_INFINITY]) {
        const partial: Input = { ...full };
        for (const key of missing) partial[key] = absent;
        expectNoData(hkAqhi(partial), 'HKG_AQHI');
      }
    }
    expect(hkAqhi({ NO2: 100, O3: 60, PM10: 60 }).value).not.toBeNull();
    expectNoData(hkAqhi({}), 'HKG_AQHI');
    expectNoData(hkAqhi({ SO2: 500, PM25: 500 }), 'HKG_AQHI');
  });

  it('names the largest term dominant, PM10 and PM25 apart, ties in the §1 order', () => {
    expect(hkAqhi({ NO2: 0, O3: 0, PM25: 0 }).dominantPollutant).toBe('PM25');
    expect(hkAqhi({ NO2: 0, O3: 0, PM10: 0, SO2: 0 }).dominantPollutant).toBe('PM10');
    expect(hkAqhi({ NO2: 1, O3: 0, PM10: 0, SO2: 500 }).dominantPollutant).toBe('SO2');
    expect(Object.isFrozen(hkAqhi({ NO2: 1, O3: 1, PM10: 1 }).subIndexes)).toBe(true);
  });

  it('counts negative values as 0 and stays finite for absurd input', () => {
    expect(hkAqhi({ NO2: -1, O3: -1, PM25: -1 })).toMatchObject({
      value: 1,
      level: 'LOW',
      color: '#00E400',
    });
    const index = hkAqhi({ NO2: Number.MAX_VALUE, O3: 1e6, PM25: 1 });
    expect(index).toMatchObject({ value: 11, level: 'SERIOUS', color: '#000000' });
    expect(index.subIndexes.NO2).toBe(Number.MAX_VALUE);
    expect(Number.isFinite(index.subIndexes.O3)).toBe(true);
  });
});

describe('HKG_AQHI properties', () => {
  it('is monotone non-decreasing in each pollutant', () => {
    fc.assert(
      fc.property(
        hkAqhiInputArb,
        fc.constantFrom(...AQHI_KEYS),
        fc.double({ min: 0, max: 3000, noNaN: true }),
        (input, pollutant, increase) => {
          const before = hkAqhi(input);
          fc.pre(before.value !== null && Number.isFinite(input[pollutant]));
          const higher = { ...input, [pollutant]: Math.max(input[pollutant]!, 0) + increase };
          expect(hkAqhi(higher).value!).toBeGreaterThanOrEqual(before.value!);
        },
      ),
      RUNS,
    );
  });

  it('shows terms that add up to the rounded total within their rounding', () => {
    fc.assert(
      fc.property(hkAqhiInputArb, (input) => {
        const expected = hkAqhiOracle(input);
        fc.pre(expected !== null && expected.risk < 1e6);
        const { PM10 = 0, PM25 = 0, ...rest } = hkAqhi(input).subIndexes;
        const sum = Object.values(rest).reduce((a, b) => a + b, 0) + Math.max(PM10, PM25);
        expect(Math.abs(sum - expected!.risk)).toBeLessThanOrEqual(0.002 + expected!.risk * 1e-12);
      }),
      RUNS,
    );
  });
});
