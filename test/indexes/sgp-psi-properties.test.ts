import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { psi, psiInputArb } from '../helpers/more-indexes-cases-b.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// SGP_PSI's O3, O3_1H and NO2 rules and its properties (more-indexes.md §6); the worked
// examples and the nodes are in sgp-psi.test.ts.

const POLLUTANTS = ['PM25', 'PM10', 'SO2', 'CO', 'O3', 'NO2'] as const;

describe('SGP_PSI: O3, O3_1H and NO2', () => {
  it('reads 8-h O3 up to 785 and ignores O3_1H there', () => {
    expect(psi({ O3: 785, O3_1H: 1180 }).subIndexes).toStrictEqual({ O3: 300 });
    expect(psi({ O3: 785 + 1e-10, O3_1H: 1180 }).subIndexes).toStrictEqual({ O3: 300 });
    expect(psi({ O3: 235, O3_1H: 2000 }).value).toBe(200);
  });

  it('uses O3_1H from 785 when 8-h O3 is above 785, else continues the 8-h 200–300 segment', () => {
    expect(psi({ O3: 785.01, O3_1H: 1180 }).value).toBe(500);
    expect(psi({ O3: 900, O3_1H: 785 }).value).toBe(300);
    expect(psi({ O3: 900, O3_1H: 785 - 1e-10 }).value).toBe(300);
    // O3_1H below 785 does not count: 300 + 100 × 115 / 550 = 320.9 → 321.
    expect(psi({ O3: 900, O3_1H: 784.99 }).value).toBe(321);
    expect(psi({ O3: 900 }).value).toBe(321);
  });

  it('counts O3_1H without O3 only from 785', () => {
    expectNoData(psi({ O3_1H: 784.99 }), 'SGP_PSI');
    expect(psi({ O3_1H: 785 - 1e-10 }).value).toBe(300);
    expect(psi({ O3_1H: 785 })).toMatchObject({ value: 300, dominantPollutant: 'O3' });
    expect(psi({ O3_1H: 1080 }).value).toBe(450);
    expect(psi({ O3_1H: 1380 }).value).toBe(600);
  });

  it('gives NO2 a sub-index only from 1130 µg/m³', () => {
    expectNoData(psi({ NO2: 1129.99 }), 'SGP_PSI');
    expect(psi({ NO2: 1130 - 1e-10 }).value).toBe(200);
    expect(psi({ NO2: 1130 })).toMatchObject({
      value: 200,
      level: 'UNHEALTHY',
      dominantPollutant: 'NO2',
    });
    expect(psi({ NO2: 1129.99, PM25: 5 }).subIndexes).toStrictEqual({ PM25: 21 });
    expect(psi({ NO2: 4500 }).value).toBe(600);
  });
});

describe('SGP_PSI properties', () => {
  it('is monotone non-decreasing in each pollutant', () => {
    fc.assert(
      fc.property(
        psiInputArb,
        fc.constantFrom(...POLLUTANTS),
        fc.double({ min: 0, max: 3000, noNaN: true }),
        (input, pollutant, increase) => {
          const before = psi(input);
          fc.pre(before.value !== null && Number.isFinite(input[pollutant]));
          const higher = { ...input, [pollutant]: Math.max(input[pollutant]!, 0) + increase };
          expect(psi(higher).value!).toBeGreaterThanOrEqual(before.value!);
        },
      ),
      RUNS,
    );
  });

  it('is the largest sub-index, its pollutant dominant (ties in the §1 order)', () => {
    fc.assert(
      fc.property(psiInputArb, (input) => {
        const index = psi(input);
        fc.pre(index.value !== null);
        const top = Math.max(...Object.values(index.subIndexes));
        expect(index.value).toBe(top);
        expect(index.subIndexes[index.dominantPollutant!]).toBe(top);
      }),
      RUNS,
    );
    // PM10 50 and SO2 80 are both 50: PM10 comes first.
    expect(psi({ SO2: 80, PM10: 50 }).dominantPollutant).toBe('PM10');
  });

  it('tests the 785 and 1130 µg/m³ edges with the ε of §1', () => {
    const eps = 1e-9;
    expect(psi({ O3: 785 + eps, O3_1H: 1180 }).value).toBe(300);
    expect(psi({ O3_1H: 785 - eps }).value).toBe(300);
    expect(psi({ NO2: 1130 - eps }).value).toBe(200);
  });

  it('returns frozen sub-indexes', () => {
    expect(Object.isFrozen(psi({ PM25: 10, NO2: 2000 }).subIndexes)).toBe(true);
  });

  it('has no data without a pollutant, and counts negative values as 0', () => {
    expectNoData(psi({}), 'SGP_PSI');
    expectNoData(psi({ PM25: Number.NaN, O3: Number.POSITIVE_INFINITY }), 'SGP_PSI');
    expect(psi({ PM10: -4 })).toMatchObject({ value: 0, level: 'GOOD', color: '#79C466' });
  });

  it('continues the last segment above 500 and stays finite for absurd input', () => {
    expect(psi({ PM10: 700 }).value).toBe(600);
    expect(psi({ SO2: 3140 }).value).toBe(600);
    expect(psi({ CO: 69_000 }).value).toBe(600);
    const index = psi({ PM25: Number.MAX_VALUE, CO: Number.MAX_VALUE, PM10: Number.MAX_VALUE });
    expect(Number.isFinite(index.value)).toBe(true);
    expect(index.dominantPollutant).toBe('PM10');
    expect(index).toMatchObject({ level: 'HAZARDOUS', color: '#EC1A31' });
  });
});
