import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { SGP_PSI_INDEX } from '../../src/indexes/sgp-psi.js';
import { expectLevelList, oracleLevel } from '../helpers/in-naqi-oracle.js';
import { PSI_LEVELS, psiNodes, psiOracle } from '../helpers/more-indexes-oracle-b.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// Expected values come from more-indexes.md §6 (the worked table, transcribed below) and from
// the oracle in test/helpers, never from src's tables.

type Input = Partial<Record<string, number>>;
const psi = (concentrations: Input, language?: 'en' | 'pl') =>
  computeIndex(concentrations, { indexType: SGP_PSI_INDEX, language });
const KEYS = ['PM25', 'PM10', 'SO2', 'CO', 'O3', 'O3_1H', 'NO2'] as const;
const POLLUTANTS = ['PM25', 'PM10', 'SO2', 'CO', 'O3', 'NO2'] as const;

// µg/m³ per unit of the printed column: CO is printed in mg/m³.
const ugm3PerUnit = (key: string) => (key === 'CO' ? 1000 : 1);
const nodesUgm3 = (key: string) =>
  psiNodes(key).map(([c, i]) => [c * ugm3PerUnit(key), i] as const);

function expectOracle(concentrations: Input): void {
  const index = psi(concentrations);
  const expected = psiOracle(concentrations);
  if (expected === null) {
    expectNoData(index, 'SGP_PSI');
    return;
  }
  const level = oracleLevel(PSI_LEVELS, expected.value);
  expect(index.value).toBe(expected.value);
  expect(index.subIndexes).toEqual(expected.subIndexes);
  expect(index.dominantPollutant).toBe(expected.dominantPollutant);
  expect([index.level, index.color]).toEqual([level.level, level.color]);
}

// Over the table and beyond, on and around its nodes, negatives, absurd values, or absent.
const concentrationArb = (key: string): fc.Arbitrary<number | undefined> => {
  const nodes = nodesUgm3(key).map(([c]) => c);
  const top = nodes.at(-1)!;
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.integer({ min: 0, max: Math.ceil(top * 1200) }).map((t) => t / 1000),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...nodes), fc.constantFrom(0, -1e-6, 1e-6, 0.5, -0.5))
        .map(([c, d]) => Math.max(c + d, 0)),
    },
    { weight: 1, arbitrary: fc.double({ min: -50, max: 0, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1e9, noNaN: true }) },
    { weight: 3, arbitrary: fc.constantFrom(undefined, Number.NaN, Number.NEGATIVE_INFINITY) },
  );
};
const inputArb: fc.Arbitrary<Input> = fc.record(
  Object.fromEntries(KEYS.map((key) => [key, concentrationArb(key)])),
  { requiredKeys: [] },
);

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
  ])('%s', (_label, concentrations, value, level, dominant, subIndexes) => {
    const index = psi(concentrations);
    const color = value === null ? '#999999' : oracleLevel(PSI_LEVELS, value).color;
    expect(index).toMatchObject({ name: 'SGP_PSI', value, level, color });
    expect(index.dominantPollutant).toBe(dominant);
    if (subIndexes !== undefined) expect(index.subIndexes).toEqual(subIndexes);
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
    expect([...SGP_PSI_INDEX.inputs].sort()).toEqual([...KEYS].sort());
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
    for (const key of KEYS) {
      for (const [c, node] of nodesUgm3(key)) {
        const input = key === 'O3_1H' ? { O3: 786, O3_1H: c } : { [key]: c };
        const reported = key === 'O3_1H' ? 'O3' : key;
        expect(psi(input).subIndexes[reported]).toBe(node);
        for (const hair of [-1e-6, 1e-6]) {
          const near =
            key === 'O3_1H' ? { O3: 786, O3_1H: c + hair } : { [key]: Math.max(c + hair, 0) };
          expectOracle(near);
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
      fc.property(inputArb, (input) => expectOracle(input)),
      RUNS,
    );
  });
});

describe('SGP_PSI: O3, O3_1H and NO2', () => {
  it('reads 8-h O3 up to 785 and ignores O3_1H there', () => {
    expect(psi({ O3: 785, O3_1H: 1180 }).subIndexes).toEqual({ O3: 300 });
    expect(psi({ O3: 785 + 1e-10, O3_1H: 1180 }).subIndexes).toEqual({ O3: 300 });
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
    expect(psi({ NO2: 1129.99, PM25: 5 }).subIndexes).toEqual({ PM25: 21 });
    expect(psi({ NO2: 4500 }).value).toBe(600);
  });
});

describe('SGP_PSI properties', () => {
  it('is monotone non-decreasing in each pollutant', () => {
    fc.assert(
      fc.property(
        inputArb,
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
      fc.property(inputArb, (input) => {
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
