import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cai, caiInputArb } from '../helpers/more-indexes-cases-b.js';
import {
  CAI_POLLUTANTS,
  caiBonus,
  caiOracle,
  oracleUgm3FromPpb,
} from '../helpers/more-indexes-oracle-b.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// KOR_CAI's bonus, minimum and properties (more-indexes.md §5), against the oracle in
// test/helpers; the worked examples and the table edges are in kor-cai.test.ts.

const REQUIRED = ['PM10', 'PM25', 'NO2', 'O3'];

describe('KOR_CAI: the bonus and the minimum', () => {
  it('adds 50 for two sub-indexes of 101 or more and 75 for three or more, from 101 exactly', () => {
    const base = { PM10: 80, PM25: 35, NO2: 0, O3: 0 }; // 100 and 100
    expect(cai(base).value).toBe(100);
    expect(cai({ ...base, PM10: 81 }).value).toBe(101);
    expect(cai({ ...base, PM10: 81, PM25: 36 }).value).toBe(151);
    const o3At101 = oracleUgm3FromPpb('O3', 91);
    expect(cai({ ...base, PM10: 81, PM25: 36, O3: o3At101 }).value).toBe(176);
    const no2At101 = oracleUgm3FromPpb('NO2', 61);
    expect(cai({ PM10: 81, PM25: 36, O3: o3At101, NO2: no2At101 }).value).toBe(176);
    expect(cai({ PM10: 81, PM25: 36, O3: o3At101, NO2: no2At101, SO2: 10_000 }).value).toBe(
      caiOracle({ PM10: 81, PM25: 36, O3: o3At101, NO2: no2At101, SO2: 10_000 })!.value,
    );
  });

  it('adds exactly the bonus that the count of bad sub-indexes gives', () => {
    fc.assert(
      fc.property(caiInputArb, (input) => {
        const index = cai(input);
        fc.pre(index.value !== null);
        const top = Math.max(...Object.values(index.subIndexes));
        expect(index.value).toBe(top + caiBonus(index.subIndexes));
        expect(index.subIndexes[index.dominantPollutant!]).toBe(top);
      }),
      RUNS,
    );
  });

  it('is no data unless PM10, PM25, NO2 and O3 are all present; SO2 and CO are optional', () => {
    const full = { PM10: 45, PM25: 20, NO2: 30, O3: 60, SO2: 10, CO: 500 };
    for (const missing of REQUIRED) {
      for (const absent of [undefined, Number.NaN, Number.NEGATIVE_INFINITY]) {
        expectNoData(cai({ ...full, [missing]: absent }), 'KOR_CAI');
      }
    }
    expect(cai({ PM10: 45, PM25: 20, NO2: 30, O3: 60 }).value).toBe(65);
    expectNoData(cai({}), 'KOR_CAI');
    expectNoData(cai({ SO2: 500, CO: 20_000 }), 'KOR_CAI');
  });

  it('returns frozen sub-indexes', () => {
    expect(Object.isFrozen(cai({ PM10: 45, PM25: 20, NO2: 30, O3: 60 }).subIndexes)).toBe(true);
  });

  it('counts negative values as 0', () => {
    const index = cai({ PM10: -5, PM25: -1, NO2: -3, O3: -2 });
    expect(index).toMatchObject({ value: 0, level: 'GOOD', color: '#0000FF' });
    expect(index.dominantPollutant).toBe('PM25');
  });
});

describe('KOR_CAI properties', () => {
  it('is monotone non-decreasing in each pollutant, the bonus included', () => {
    fc.assert(
      fc.property(
        caiInputArb,
        fc.constantFrom(...CAI_POLLUTANTS),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        (input, pollutant, increase) => {
          const before = cai(input);
          fc.pre(before.value !== null && Number.isFinite(input[pollutant]));
          const higher = { ...input, [pollutant]: Math.max(input[pollutant]!, 0) + increase };
          expect(cai(higher).value!).toBeGreaterThanOrEqual(before.value!);
        },
      ),
      RUNS,
    );
  });

  it('continues the top row above the table and stays finite for absurd input', () => {
    // PM25 above 500: 251 + 249/424 × (C − 76), rounded half up.
    expect(cai({ PM10: 0, PM25: 600, NO2: 0, O3: 0 }).value).toBe(
      Math.floor(251 + (249 / 424) * 524 + 0.5),
    );
    const huge = {
      PM10: 1e300,
      PM25: 1e300,
      NO2: Number.MAX_VALUE,
      O3: Number.MAX_VALUE,
      CO: Number.MAX_VALUE,
    };
    const index = cai(huge);
    expect(Number.isFinite(index.value)).toBe(true);
    expect(index.subIndexes.CO).toBe(Number.MAX_VALUE);
    expect(index).toMatchObject({ level: 'VERY_UNHEALTHY', color: '#FF0000' });
  });
});
