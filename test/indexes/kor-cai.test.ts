import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { KOR_CAI_INDEX } from '../../src/indexes/kor-cai.js';
import { expectLevelList, oracleLevel } from '../helpers/in-naqi-oracle.js';
import {
  CAI_GRADES,
  CAI_LEVELS,
  CAI_POLLUTANTS,
  CAI_ROWS,
  caiBonus,
  caiOracle,
  oracleUgm3FromPpb,
} from '../helpers/more-indexes-oracle-b.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// Expected values come from more-indexes.md §5 (the worked table, transcribed below) and from
// the oracle in test/helpers, never from src's tables.

type Input = Partial<Record<string, number>>;
const cai = (concentrations: Input, language?: 'en' | 'pl') =>
  computeIndex(concentrations, { indexType: KOR_CAI_INDEX, language });
const REQUIRED = ['PM10', 'PM25', 'NO2', 'O3'];

// µg/m³ of a value printed in the table's unit (ppm for the gases).
const ugm3Of = (pollutant: string, printed: number) =>
  pollutant.startsWith('PM') ? printed : oracleUgm3FromPpb(pollutant, printed * 1000);

function expectOracle(concentrations: Input): void {
  const index = cai(concentrations);
  const expected = caiOracle(concentrations);
  if (expected === null) {
    expectNoData(index, 'KOR_CAI');
    return;
  }
  const level = oracleLevel(CAI_LEVELS, expected.value);
  expect(index.value).toBe(expected.value);
  expect(index.subIndexes).toEqual(expected.subIndexes);
  expect(index.dominantPollutant).toBe(expected.dominantPollutant);
  expect([index.level, index.color]).toEqual([level.level, level.color]);
}

// Every pollutant at 0 but `pollutant` at `ugm3`: the minimum is met, the other sub-indexes 0.
const alone = (pollutant: string, ugm3: number): Input =>
  Object.fromEntries(CAI_POLLUTANTS.map((p) => [p, p === pollutant ? ugm3 : 0]));

// Over the table and beyond, around its bounds, negatives, absurd values, sometimes absent.
const concentrationArb = (pollutant: string): fc.Arbitrary<number | undefined> => {
  const top = ugm3Of(pollutant, CAI_ROWS[pollutant]![3]![1]);
  const printed = CAI_ROWS[pollutant]!.flat();
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.integer({ min: 0, max: Math.ceil(top * 1200) }).map((t) => t / 1000),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...printed), fc.constantFrom(0, -1e-6, 1e-6, 0.5, -0.5))
        .map(([b, d]) => Math.max(ugm3Of(pollutant, b) + d, 0)),
    },
    { weight: 1, arbitrary: fc.double({ min: -50, max: 0, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1e9, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY) },
  );
};
const inputArb: fc.Arbitrary<Input> = fc.record(
  Object.fromEntries(CAI_POLLUTANTS.map((p) => [p, concentrationArb(p)])),
  { requiredKeys: [] },
);

describe('KOR_CAI: every worked example of more-indexes.md §5', () => {
  it.each<[string, Input, number | null, string, string | null, Input?]>([
    [
      'PM10 65, below the bonus',
      { PM10: 45, PM25: 20, NO2: 30, O3: 60 },
      65,
      'MODERATE',
      'PM10',
      { PM25: 61, PM10: 65, O3: 50, NO2: 25 },
    ],
    [
      'two ≥ 101 → +50',
      { PM10: 100, PM25: 40, NO2: 40, O3: 100 },
      192,
      'UNHEALTHY',
      'PM10',
      { PM25: 116, PM10: 142, O3: 67, NO2: 35 },
    ],
    ['top row, +50', { PM10: 200, PM25: 90, NO2: 20, O3: 60 }, 328, 'VERY_UNHEALTHY', 'PM10'],
    [
      'four ≥ 101 → +75',
      { PM10: 100, PM25: 40, NO2: 200, O3: 200, CO: 2000, SO2: 10 },
      224,
      'UNHEALTHY',
      'NO2',
      { PM25: 116, PM10: 142, O3: 126, NO2: 149, SO2: 8, CO: 44 },
    ],
    [
      '250 and 250, +50, tie to PM25',
      { PM10: 150, PM25: 75, NO2: 30, O3: 60 },
      300,
      'VERY_UNHEALTHY',
      'PM25',
    ],
    [
      'one ≥ 101',
      { PM10: 80, PM25: 36, NO2: 30, O3: 60 },
      101,
      'UNHEALTHY',
      'PM25',
      { PM25: 101, PM10: 100, O3: 50, NO2: 25 },
    ],
    [
      'extrapolated above 600',
      { PM10: 700, PM25: 10, NO2: 10, O3: 10 },
      555,
      'VERY_UNHEALTHY',
      'PM10',
    ],
    ['no O3: minimum not met', { PM10: 45, PM25: 20, NO2: 30 }, null, 'UNKNOWN', null],
  ])('%s', (_label, concentrations, value, level, dominant, subIndexes) => {
    const index = cai(concentrations);
    const color = value === null ? '#999999' : oracleLevel(CAI_LEVELS, value).color;
    expect(index).toMatchObject({ name: 'KOR_CAI', value, level, color });
    expect(index.dominantPollutant).toBe(dominant);
    if (subIndexes !== undefined) expect(index.subIndexes).toEqual(subIndexes);
    expect(caiOracle(concentrations)?.value ?? null).toBe(value);
  });
});

describe('KOR_CAI: the scale', () => {
  it('has one edition, 2018, and rejects any other', () => {
    expect(KOR_CAI_INDEX.name).toBe('KOR_CAI');
    expect(KOR_CAI_INDEX.editions).toEqual(['2018']);
    const input = { PM10: 45, PM25: 20, NO2: 30, O3: 60 };
    expect(computeIndex(input, { indexType: KOR_CAI_INDEX, edition: '2018' }).value).toBe(65);
    expect(() =>
      computeIndex(input, { indexType: KOR_CAI_INDEX, edition: '2017' as never }),
    ).toThrow(RangeError);
  });

  it('reads the six pollutants and names a misspelt key', () => {
    expect([...KOR_CAI_INDEX.inputs].sort()).toEqual([...CAI_POLLUTANTS].sort());
    expect(() => cai({ 'PM2.5': 20 } as Input)).toThrow(TypeError);
  });

  it('lists the levels and colours of §5, frozen, with texts in English and Polish', () => {
    expectLevelList(KOR_CAI_INDEX.levels, CAI_LEVELS);
    expect(KOR_CAI_INDEX.levelBounds).toBe('lower-inclusive');
    for (const { description, advice } of KOR_CAI_INDEX.levels) {
      for (const text of [description.en, description.pl, advice.en, advice.pl]) {
        expect(text).toMatch(/^\p{Lu}.{4,}\.$/u);
      }
    }
    const input = { PM10: 100, PM25: 40, NO2: 40, O3: 100 };
    expect(cai(input, 'pl').description).toBe(KOR_CAI_INDEX.levels[2]!.description.pl);
    expect(cai(input, 'pl').advice).toBe(KOR_CAI_INDEX.levels[2]!.advice.pl);
    expect(cai(input).description).toBe(KOR_CAI_INDEX.levels[2]!.description.en);
  });
});

describe('KOR_CAI agrees with the oracle', () => {
  it('on every printed bound of every row, and a hair either side', () => {
    for (const pollutant of CAI_POLLUTANTS) {
      CAI_ROWS[pollutant]!.forEach(([lo, hi], k) => {
        const [iLo, iHi] = CAI_GRADES[k]!;
        const below = (x: number) => cai(alone(pollutant, x)).subIndexes[pollutant];
        expect(below(ugm3Of(pollutant, lo))).toBe(iLo);
        expect(below(ugm3Of(pollutant, hi))).toBe(iHi);
        expect(below(ugm3Of(pollutant, hi) + 1e-6)).toBe(iHi);
        if (k > 0) expect(below(ugm3Of(pollutant, lo) - 1e-6)).toBe(CAI_GRADES[k - 1]![1]);
        for (const printed of [lo, hi]) {
          for (const hair of [0, -1e-6, 1e-6]) {
            expectOracle(alone(pollutant, Math.max(ugm3Of(pollutant, printed) + hair, 0)));
          }
        }
      });
    }
  });

  it('truncates to the table resolution before the lookup', () => {
    // PM25 15.999 stays 15 (50); NO2 0.0309 ppm stays 0.030 (50); CO 2.009 ppm stays 2.00 (50).
    expect(cai(alone('PM25', 15.999)).subIndexes.PM25).toBe(50);
    expect(cai(alone('NO2', oracleUgm3FromPpb('NO2', 30.9))).subIndexes.NO2).toBe(50);
    expect(cai(alone('CO', oracleUgm3FromPpb('CO', 2009))).subIndexes.CO).toBe(50);
    expect(cai(alone('CO', oracleUgm3FromPpb('CO', 2010))).subIndexes.CO).toBe(51);
  });

  it('for any concentrations (value, sub-indexes, dominant, level, colour)', () => {
    fc.assert(
      fc.property(inputArb, (input) => expectOracle(input)),
      RUNS,
    );
  });
});

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
      fc.property(inputArb, (input) => {
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
        inputArb,
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
