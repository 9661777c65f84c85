import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { SGP_PSI_INDEX } from '../../src/indexes/sgp-psi.js';
import { expectLevelList, oracleLevel } from '../helpers/in-naqi-oracle.js';
import {
  expectPsiOracle,
  type Input,
  PSI_KEYS,
  psi,
  psiInputArb,
  psiNodesUgm3,
} from '../helpers/more-indexes-cases-b.js';
import { PSI_LEVELS, psiOracle } from '../helpers/more-indexes-oracle-b.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// Expected values come from more-indexes.md §6 (the worked table, transcribed below) and from
// the oracle in test/helpers, never from src's tables (the O3 and NO2 rules and the
// properties: sgp-psi-properties.test.ts).

describe('SGP_PSI: every worked example of more-indexes.md §6', () => {
  it.each<[string, Input, number | null, string, string | null, Input?]>([
    ['official: CO 0.48 mg/m³ → 5', { CO: 480 }, 5, 'GOOD', 'CO'],
    ['official: O3 9 → 4', { O3: 9 }, 4, 'GOOD', 'O3'],
    ['official: PM10 25 → 25', { PM10: 25 }, 25, 'GOOD', 'PM10'],
    ['official: PM25 10 → 41.7 → 42', { PM25: 10 }, 42, 'GOOD', 'PM25'],
    [
      'six pollutants, NO2 below 1130',
      { PM25: 30, PM10: 60, SO2: 20, CO: 1000, O3: 60, NO2: 40 },
      71,
      'MODERATE',
      'PM25',
      { PM25: 71, PM10: 55, SO2: 13, CO: 10, O3: 25 },
    ],
    ['PM25 160 → 210', { PM25: 160 }, 210, 'VERY_UNHEALTHY', 'PM25'],
    ['NO2 1000 alone: no sub-index', { NO2: 1000 }, null, 'UNKNOWN', null],
    ['NO2 1135 → 200.44', { NO2: 1135, PM25: 20 }, 200, 'UNHEALTHY', 'NO2', { NO2: 200, PM25: 59 }],
    [
      '8-h O3 above 785 → 1-h column',
      { O3: 800, O3_1H: 1000 },
      410,
      'HAZARDOUS',
      'O3',
      { O3: 410 },
    ],
    ['PM25 600, extrapolated', { PM25: 600 }, 567, 'HAZARDOUS', 'PM25'],
    // NEA's own example in "Computation of the PSI" (March 2014), not in §6: read only as quoted
    // by SungMatt/average-haze README.md @1756452 (82.56 on the nodes).
    ['NEA example as quoted: PM25 40 → 83', { PM25: 40 }, 83, 'MODERATE', 'PM25'],
  ])('%s', (_label, concentrations, value, level, dominant, subIndexes) => {
    const index = psi(concentrations);
    const color = value === null ? '#999999' : oracleLevel(PSI_LEVELS, value).color;
    expect(index).toMatchObject({ name: 'SGP_PSI', value, level, color });
    expect(index.dominantPollutant).toBe(dominant);
    if (subIndexes !== undefined) expect(index.subIndexes).toStrictEqual(subIndexes);
    expect(psiOracle(concentrations)?.value ?? null).toBe(value);
  });
});

describe('SGP_PSI: the scale', () => {
  it('has one edition, 2014, and rejects any other', () => {
    expect(SGP_PSI_INDEX.name).toBe('SGP_PSI');
    expect(SGP_PSI_INDEX.editions).toEqual(['2014']);
    expect(computeIndex({ PM25: 10 }, { indexType: SGP_PSI_INDEX, edition: '2014' }).value).toBe(
      42,
    );
    expect(() =>
      computeIndex({ PM25: 10 }, { indexType: SGP_PSI_INDEX, edition: '2013' as never }),
    ).toThrow(RangeError);
  });

  it('reads the six pollutants and O3_1H, and names a misspelt key', () => {
    expect([...SGP_PSI_INDEX.inputs].sort()).toEqual([...PSI_KEYS].sort());
    expect(() => psi({ pm25: 20 } as Input)).toThrow(TypeError);
  });

  it('lists the levels and colours of §6, frozen, with texts in English and Polish', () => {
    expectLevelList(SGP_PSI_INDEX.levels, PSI_LEVELS);
    expect(SGP_PSI_INDEX.levelBounds).toBe('lower-inclusive');
    for (const { description, advice } of SGP_PSI_INDEX.levels) {
      for (const text of [description.en, description.pl, advice.en, advice.pl]) {
        expect(text).toMatch(/^\p{Lu}.{4,}\.$/u);
      }
    }
    expect(psi({ PM25: 160 }, 'pl').description).toBe(SGP_PSI_INDEX.levels[3]!.description.pl);
    expect(psi({ PM25: 160 }, 'pl').advice).toBe(SGP_PSI_INDEX.levels[3]!.advice.pl);
  });
});

describe('SGP_PSI agrees with the oracle', () => {
  it('on every node of every column, and a hair either side', () => {
    for (const key of PSI_KEYS) {
      for (const [c, node] of psiNodesUgm3(key)) {
        const input = key === 'O3_1H' ? { O3: 786, O3_1H: c } : { [key]: c };
        const reported = key === 'O3_1H' ? 'O3' : key;
        expect(psi(input).subIndexes[reported]).toBe(node);
        for (const hair of [-1e-6, 1e-6]) {
          const near =
            key === 'O3_1H' ? { O3: 786, O3_1H: c + hair } : { [key]: Math.max(c + hair, 0) };
          expectPsiOracle(near);
          // Just below 1130 µg/m³ NO2 has no sub-index at all (§6).
          if (key === 'NO2' && node === 200 && hair < 0) expectNoData(psi(near), 'SGP_PSI');
          else expect(Math.abs(psi(near).value! - node)).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('rounds the sub-index half up, not the concentration', () => {
    // PM25 11.6 → 48.33 → 48 (a concentration rounded to 12 first would give 50).
    expect(psi({ PM25: 11.6 }).value).toBe(48);
    expect(psi({ PM25: 13 }).value).toBe(51);
    // SO2 20 → 12.5 exactly → 13; SO2 19.99 → 12.49 → 12.
    expect(psi({ SO2: 20 }).value).toBe(13);
    expect(psi({ SO2: 19.99 }).value).toBe(12);
  });

  it('for any concentrations (value, sub-indexes, dominant, level, colour)', () => {
    fc.assert(
      fc.property(psiInputArb, (input) => expectPsiOracle(input)),
      RUNS,
    );
  });
});
