import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { FRA_ATMO_BOUNDS, FRA_ATMO_INDEX } from '../../src/indexes/fra-atmo.js';
import type { Concentrations } from '../../src/indexes/index-definition.js';
import { expectIndexMatches, expectLevelTexts, levelFacts } from '../helpers/eaqi-oracle.js';
import { absentValueArb, concentrationArb } from '../helpers/index-arbitraries.js';
import {
  FRA_ATMO_REFERENCE_BOUNDS,
  FRA_ATMO_REFERENCE_LEVELS,
  MORE_INDEXES_A_LEVEL_TEXTS,
  naiveFraAtmo,
  referenceLevelOf,
} from '../helpers/more-indexes-oracle-a.js';
import { EPS, expectNoData, oracleDominant } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// Expected values come from the §4 table of more-indexes.md transcribed in
// test/helpers/more-indexes-oracle-a.ts and its naive ATMO index, never from src's bounds.

const POLLUTANTS = Object.keys(FRA_ATMO_REFERENCE_BOUNDS);
const ALL_BOUNDS = Object.values(FRA_ATMO_REFERENCE_BOUNDS).flat();
const pollutantArb = fc.constantFrom(...POLLUTANTS);
// Anywhere, often exactly on a bound (so qualifiers tie) or a hair beside it, sometimes absent.
const valueArb = fc.oneof(
  { weight: 3, arbitrary: concentrationArb },
  { weight: 2, arbitrary: fc.constantFrom(...ALL_BOUNDS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...ALL_BOUNDS), fc.constantFrom(-1e-6, 0.5e-9, 2e-9, 1e-6))
      .map(([bound, hair]) => bound + hair),
  },
  { weight: 1, arbitrary: absentValueArb },
);
const concentrationsArb = fc.record(
  { PM25: valueArb, PM10: valueArb, O3: valueArb, NO2: valueArb, SO2: valueArb, CO: valueArb },
  { requiredKeys: [] },
);

function atmo(concentrations: Concentrations, language?: 'en' | 'pl') {
  return computeIndex(concentrations, { indexType: FRA_ATMO_INDEX, language });
}

function colorOf(level: string): string {
  return FRA_ATMO_REFERENCE_LEVELS.find((l) => l.level === level)!.color;
}

describe('FRA_ATMO: the worked examples of more-indexes.md §4', () => {
  it.each<[Record<string, number>, number, string, string]>([
    [{ NO2: 40 }, 1, 'GOOD', 'NO2'],
    [{ NO2: 40.1 }, 2, 'FAIR', 'NO2'],
    [{ PM25: 22, PM10: 35, O3: 95, NO2: 30, SO2: 5 }, 3, 'DEGRADED', 'PM25'],
    [{ SO2: 800 }, 6, 'EXTREMELY_POOR', 'SO2'],
    [{ O3: 240, PM10: 100 }, 4, 'POOR', 'PM10'],
  ])('%o → %d %s, dominant %s', (input, value, level, dominant) => {
    const index = atmo(input);
    expect(index).toMatchObject({ name: 'FRA_ATMO', value, level, dominantPollutant: dominant });
    expect(index.color).toBe(colorOf(level));
    expectIndexMatches(index, naiveFraAtmo(input));
  });

  it('gives each pollutant its qualifier code as sub-index, and ignores CO', () => {
    expect(atmo({ PM25: 22, PM10: 35, O3: 95, NO2: 30, SO2: 5, CO: 90000 }).subIndexes).toEqual({
      PM25: 3,
      PM10: 2,
      O3: 2,
      NO2: 1,
      SO2: 1,
    });
  });

  it('takes its one edition, 2021, by default and by name', () => {
    expect(FRA_ATMO_INDEX.editions).toEqual(['2021']);
    const named = computeIndex({ SO2: 800 }, { indexType: FRA_ATMO_INDEX, edition: '2021' });
    expect(named).toEqual(atmo({ SO2: 800 }));
  });

  it('shows the whole result, texts in English and Polish', () => {
    const texts = MORE_INDEXES_A_LEVEL_TEXTS.FRA_ATMO!.EXTREMELY_POOR!;
    expect(atmo({ SO2: 800 })).toEqual({
      name: 'FRA_ATMO',
      value: 6,
      level: 'EXTREMELY_POOR',
      description: texts.description.en,
      advice: texts.advice.en,
      color: '#872181',
      dominantPollutant: 'SO2',
      subIndexes: { SO2: 6 },
    });
    const polish = atmo({ SO2: 800 }, 'pl');
    expect([polish.description, polish.advice]).toEqual([texts.description.pl, texts.advice.pl]);
  });
});

describe('FRA_ATMO tables', () => {
  it('holds the §4 bounds, frozen', () => {
    expect(FRA_ATMO_BOUNDS).toEqual(FRA_ATMO_REFERENCE_BOUNDS);
    expect(Object.isFrozen(FRA_ATMO_BOUNDS)).toBe(true);
    expect(Object.isFrozen(FRA_ATMO_BOUNDS.PM25)).toBe(true);
  });

  it('is named FRA_ATMO and reads the five pollutants', () => {
    expect(FRA_ATMO_INDEX.name).toBe('FRA_ATMO');
    expect([...FRA_ATMO_INDEX.inputs].sort()).toEqual([...POLLUTANTS].sort());
    expect(FRA_ATMO_INDEX.levelBounds).toBe('lower-inclusive');
    expect(Object.isFrozen(FRA_ATMO_INDEX)).toBe(true);
  });

  it('has one level per qualifier with the §4 colour, the last open', () => {
    expect(levelFacts(FRA_ATMO_INDEX.levels)).toEqual(FRA_ATMO_REFERENCE_LEVELS);
  });

  it('carries the reviewed texts of the golden fixture, in English and Polish, frozen', () => {
    expect(
      Object.fromEntries(
        FRA_ATMO_INDEX.levels.map(({ level, description, advice }) => [
          level,
          { description, advice },
        ]),
      ),
    ).toEqual(MORE_INDEXES_A_LEVEL_TEXTS.FRA_ATMO);
    expectLevelTexts(FRA_ATMO_INDEX.levels);
    expect(new Set(FRA_ATMO_INDEX.levels.map((l) => l.advice.pl)).size).toBe(6);
  });
});

describe('FRA_ATMO against the naive oracle', () => {
  it('agrees on value, level, colour, dominant pollutant and sub-indexes', () => {
    fc.assert(
      fc.property(concentrationsArb, (concentrations) => {
        expectIndexMatches(atmo(concentrations), naiveFraAtmo(concentrations));
      }),
      RUNS,
    );
  });

  it('is upper-inclusive on every bound, with ε = 1e-9: u and u + ε stay, u + 2ε moves up', () => {
    for (const [pollutant, bounds] of Object.entries(FRA_ATMO_REFERENCE_BOUNDS)) {
      bounds.forEach((u, k) => {
        const cases: [number, number][] = [
          [u - 1e-6, k + 1],
          [u, k + 1],
          [u + 0.5e-9, k + 1],
          [u + EPS, k + 1],
          [u + 2e-9, k + 2],
          [u + 1e-6, k + 2],
        ];
        for (const [c, expected] of cases) {
          const index = atmo({ [pollutant]: c });
          expect(index.value, `${pollutant} ${c}`).toBe(expected);
          expect(naiveFraAtmo({ [pollutant]: c })!.value).toBe(expected);
          expect(index.color).toBe(FRA_ATMO_REFERENCE_LEVELS[expected - 1]!.color);
        }
      });
    }
  });

  it('stays EXTREMELY_POOR without limit above the top bound, and counts a negative value as 0', () => {
    for (const pollutant of POLLUTANTS) {
      expect(atmo({ [pollutant]: 1e12 })).toMatchObject({ value: 6, level: 'EXTREMELY_POOR' });
      expect(atmo({ [pollutant]: -4 })).toMatchObject({ value: 1, subIndexes: { [pollutant]: 1 } });
    }
  });

  it('is monotone non-decreasing in each pollutant', () => {
    const increaseArb = fc.double({ min: 0, max: 1000, noNaN: true });
    fc.assert(
      fc.property(
        concentrationsArb,
        pollutantArb,
        concentrationArb,
        increaseArb,
        (concentrations, pollutant, start, increase) => {
          const lower = { ...concentrations, [pollutant]: start };
          const higher = { ...concentrations, [pollutant]: Math.max(start, 0) + increase };
          expect(atmo(higher).value!).toBeGreaterThanOrEqual(atmo(lower).value!);
        },
      ),
      RUNS,
    );
  });

  it('shows the level and colour of its code, and names the worst pollutant (ties in §1 order)', () => {
    fc.assert(
      fc.property(concentrationsArb, (concentrations) => {
        const index = atmo(concentrations);
        fc.pre(index.value !== null);
        const level = referenceLevelOf(FRA_ATMO_REFERENCE_LEVELS, index.value!);
        expect([index.level, index.color]).toEqual([level.level, level.color]);
        expect(index.dominantPollutant).toBe(oracleDominant(index.subIndexes));
        expect(index.subIndexes[index.dominantPollutant!]).toBe(index.value);
      }),
      RUNS,
    );
  });
});

describe('FRA_ATMO without data or with misuse', () => {
  it.each<Record<string, unknown>>([
    {},
    { CO: 5000, HUMIDITY: 60, O3_1H: 300, SO2_24H: 900 },
    { PM25: Number.NaN, PM10: Number.POSITIVE_INFINITY, NO2: Number.NEGATIVE_INFINITY },
    { O3: '80', SO2: null },
  ])('%o is no data', (concentrations) => {
    expectNoData(atmo(concentrations as Concentrations), 'FRA_ATMO');
  });

  it('rejects an edition it does not have', () => {
    expect(() =>
      computeIndex({ PM25: 1 }, { indexType: FRA_ATMO_INDEX, edition: '2020' as never }),
    ).toThrow(new RangeError('computeIndex: options.edition must be one of 2021, got "2020"'));
  });
});
