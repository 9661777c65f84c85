import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { KOR_CAI_INDEX } from '../../src/indexes/kor-cai.js';
import { expectLevelList, oracleLevel } from '../helpers/in-naqi-oracle.js';
import {
  cai,
  caiAlone,
  caiInputArb,
  caiUgm3,
  expectCaiOracle,
  type Input,
} from '../helpers/more-indexes-cases-b.js';
import {
  CAI_GRADES,
  CAI_LEVELS,
  CAI_POLLUTANTS,
  CAI_ROWS,
  caiOracle,
  oracleUgm3FromPpb,
} from '../helpers/more-indexes-oracle-b.js';
import { RUNS } from '../helpers/property-runs.js';

// Expected values come from more-indexes.md §5 (the worked table, transcribed below) and from
// the oracle in test/helpers, never from src's tables (the bonus, the minimum and the
// properties: kor-cai-properties.test.ts).

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
    if (subIndexes !== undefined) expect(index.subIndexes).toStrictEqual(subIndexes);
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
        const below = (x: number) => cai(caiAlone(pollutant, x)).subIndexes[pollutant];
        expect(below(caiUgm3(pollutant, lo))).toBe(iLo);
        expect(below(caiUgm3(pollutant, hi))).toBe(iHi);
        expect(below(caiUgm3(pollutant, hi) + 1e-6)).toBe(iHi);
        if (k > 0) expect(below(caiUgm3(pollutant, lo) - 1e-6)).toBe(CAI_GRADES[k - 1]![1]);
        for (const printed of [lo, hi]) {
          for (const hair of [0, -1e-6, 1e-6]) {
            expectCaiOracle(caiAlone(pollutant, Math.max(caiUgm3(pollutant, printed) + hair, 0)));
          }
        }
      });
    }
  });

  it('truncates to the table resolution before the lookup', () => {
    // PM25 15.999 stays 15 (50); NO2 0.0309 ppm stays 0.030 (50); CO 2.009 ppm stays 2.00 (50).
    expect(cai(caiAlone('PM25', 15.999)).subIndexes.PM25).toBe(50);
    expect(cai(caiAlone('NO2', oracleUgm3FromPpb('NO2', 30.9))).subIndexes.NO2).toBe(50);
    expect(cai(caiAlone('CO', oracleUgm3FromPpb('CO', 2009))).subIndexes.CO).toBe(50);
    expect(cai(caiAlone('CO', oracleUgm3FromPpb('CO', 2010))).subIndexes.CO).toBe(51);
  });

  it('for any concentrations (value, sub-indexes, dominant, level, colour)', () => {
    fc.assert(
      fc.property(caiInputArb, (input) => expectCaiOracle(input)),
      RUNS,
    );
  });
});
