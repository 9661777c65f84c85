import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { DEU_UBA_BOUNDS, DEU_UBA_INDEX } from '../../src/indexes/deu-uba.js';
import type { Concentrations } from '../../src/indexes/index-definition.js';
import { expectIndexMatches, expectLevelTexts, levelFacts } from '../helpers/eaqi-oracle.js';
import { absentValueArb, concentrationArb } from '../helpers/index-arbitraries.js';
import {
  DEU_UBA_REFERENCE_BOUNDS,
  DEU_UBA_REFERENCE_EDITIONS,
  DEU_UBA_REFERENCE_LEVELS,
  type DeuUbaReferenceEdition,
  MORE_INDEXES_A_LEVEL_TEXTS,
  naiveDeuUba,
  naiveDeuUbaClass,
  referenceLevelOf,
} from '../helpers/more-indexes-oracle-a.js';
import { EPS, expectNoData, oracleDominant } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// Expected values come from the §3 table of more-indexes.md transcribed in
// test/helpers/more-indexes-oracle-a.ts and its naive LQI, never from src's bounds.

const POLLUTANTS = ['PM25', 'PM10', 'O3', 'NO2', 'SO2'] as const;
const ALL_BOUNDS = DEU_UBA_REFERENCE_EDITIONS.flatMap((e) =>
  Object.values(DEU_UBA_REFERENCE_BOUNDS[e]).flat(),
);
const editionArb = fc.constantFrom(...DEU_UBA_REFERENCE_EDITIONS);
const pollutantArb = fc.constantFrom(...POLLUTANTS);
// Anywhere, often exactly on a bound (so classes tie) or a hair beside it, sometimes absent.
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

function uba(concentrations: Concentrations, edition?: DeuUbaReferenceEdition) {
  return computeIndex(concentrations, { indexType: DEU_UBA_INDEX, edition });
}

function colorOf(level: string): string {
  return DEU_UBA_REFERENCE_LEVELS.find((l) => l.level === level)!.color;
}

describe('DEU_UBA: the worked examples of more-indexes.md §3', () => {
  it.each<[DeuUbaReferenceEdition, Record<string, number>, number, string, string]>([
    ['2025', { PM25: 5 }, 1, 'VERY_GOOD', 'PM25'],
    ['2025', { PM25: 5.1 }, 2, 'GOOD', 'PM25'],
    ['2025', { PM10: 28, NO2: 25, O3: 80 }, 3, 'MODERATE', 'PM10'],
    ['2025', { SO2: 101, PM25: 12 }, 5, 'VERY_POOR', 'SO2'],
    ['2025', { O3: 240, NO2: 61 }, 4, 'POOR', 'O3'],
    ['2019', { PM10: 30, NO2: 45, O3: 100 }, 3, 'MODERATE', 'NO2'],
    ['2019', { PM25: 25, PM10: 50 }, 3, 'MODERATE', 'PM25'],
    ['2019', { SO2: 500, O3: 50 }, 1, 'VERY_GOOD', 'O3'],
  ])('%s %o → %d %s, dominant %s', (edition, input, value, level, dominant) => {
    const index = uba(input, edition);
    expect(index).toMatchObject({ name: 'DEU_UBA', value, level, dominantPollutant: dominant });
    expect(index.color).toBe(colorOf(level));
    expectIndexMatches(index, naiveDeuUba(input, edition));
  });

  it.each<[DeuUbaReferenceEdition, Record<string, number>]>([
    ['2025', { CO: 5000 }],
    ['2019', { SO2: 500 }],
  ])('%s %o is no data (not counted)', (edition, input) => {
    expectNoData(uba(input, edition), 'DEU_UBA');
  });

  it('gives each counted pollutant its class as sub-index; 2019 leaves SO2 out', () => {
    expect(uba({ PM10: 28, NO2: 25, O3: 80, SO2: 61 }, '2025').subIndexes).toEqual({
      PM10: 3,
      NO2: 2,
      O3: 3,
      SO2: 4,
    });
    expect(uba({ PM10: 28, NO2: 25, O3: 80, SO2: 500 }, '2019').subIndexes).toEqual({
      PM10: 2,
      NO2: 2,
      O3: 2,
    });
  });

  it('takes 2025 when no edition is given', () => {
    expect(computeIndex({ PM25: 12 }, { indexType: DEU_UBA_INDEX }).value).toBe(2);
    expect(uba({ PM25: 12 }, '2019').value).toBe(2);
    expect(computeIndex({ NO2: 45 }, { indexType: DEU_UBA_INDEX }).value).toBe(3);
    expect(uba({ NO2: 45 }, '2019').value).toBe(3);
    expect(computeIndex({ NO2: 35 }, { indexType: DEU_UBA_INDEX }).value).toBe(3);
    expect(uba({ NO2: 35 }, '2019').value).toBe(2);
  });

  it('shows the whole result, texts in English and Polish', () => {
    const texts = MORE_INDEXES_A_LEVEL_TEXTS.DEU_UBA!.POOR!;
    expect(uba({ O3: 240, NO2: 61 })).toEqual({
      name: 'DEU_UBA',
      value: 4,
      level: 'POOR',
      description: texts.description.en,
      advice: texts.advice.en,
      color: '#FF5050',
      dominantPollutant: 'O3',
      subIndexes: { O3: 4, NO2: 4 },
    });
    const polish = computeIndex({ O3: 240 }, { indexType: DEU_UBA_INDEX, language: 'pl' });
    expect([polish.description, polish.advice]).toEqual([texts.description.pl, texts.advice.pl]);
  });
});

describe('DEU_UBA tables', () => {
  it('holds the §3 bounds of both editions, frozen, and no SO2 in 2019', () => {
    expect(DEU_UBA_BOUNDS).toEqual(DEU_UBA_REFERENCE_BOUNDS);
    expect(Object.isFrozen(DEU_UBA_BOUNDS['2025'].SO2)).toBe(true);
    expect(Object.isFrozen(DEU_UBA_BOUNDS['2019'])).toBe(true);
  });

  it('is named DEU_UBA, with the editions of §1.1 and the five pollutants as inputs', () => {
    expect(DEU_UBA_INDEX.name).toBe('DEU_UBA');
    expect(DEU_UBA_INDEX.editions).toEqual(DEU_UBA_REFERENCE_EDITIONS);
    expect([...DEU_UBA_INDEX.inputs].sort()).toEqual([...POLLUTANTS].sort());
    expect(DEU_UBA_INDEX.levelBounds).toBe('lower-inclusive');
    expect(Object.isFrozen(DEU_UBA_INDEX)).toBe(true);
  });

  it('has one level per class with the §3 colour, the last open', () => {
    expect(levelFacts(DEU_UBA_INDEX.levels)).toEqual(DEU_UBA_REFERENCE_LEVELS);
  });

  it('carries the reviewed texts of the golden fixture, in English and Polish, frozen', () => {
    expect(
      Object.fromEntries(
        DEU_UBA_INDEX.levels.map(({ level, description, advice }) => [
          level,
          { description, advice },
        ]),
      ),
    ).toEqual(MORE_INDEXES_A_LEVEL_TEXTS.DEU_UBA);
    expectLevelTexts(DEU_UBA_INDEX.levels);
    expect(new Set(DEU_UBA_INDEX.levels.map((l) => l.advice.pl)).size).toBe(5);
  });
});

describe('DEU_UBA against the naive oracle', () => {
  it('agrees on value, level, colour, dominant pollutant and sub-indexes', () => {
    fc.assert(
      fc.property(concentrationsArb, editionArb, (concentrations, edition) => {
        expectIndexMatches(uba(concentrations, edition), naiveDeuUba(concentrations, edition));
      }),
      RUNS,
    );
  });

  it('is upper-inclusive on every bound, with ε = 1e-9: u and u + ε stay, u + 2ε moves up', () => {
    for (const edition of DEU_UBA_REFERENCE_EDITIONS) {
      for (const [pollutant, bounds] of Object.entries(DEU_UBA_REFERENCE_BOUNDS[edition])) {
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
            const index = uba({ [pollutant]: c }, edition);
            expect(index.value, `${edition} ${pollutant} ${c}`).toBe(expected);
            expect(naiveDeuUbaClass(edition, pollutant, c)).toBe(expected);
            expect(index.color).toBe(DEU_UBA_REFERENCE_LEVELS[expected - 1]!.color);
          }
        });
      }
    }
  });

  it('stays VERY_POOR without limit above the top bound, and counts a negative value as 0', () => {
    for (const pollutant of POLLUTANTS) {
      expect(uba({ [pollutant]: 1e12 })).toMatchObject({ value: 5, level: 'VERY_POOR' });
      expect(uba({ [pollutant]: -4 })).toMatchObject({ value: 1, subIndexes: { [pollutant]: 1 } });
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
        editionArb,
        (concentrations, pollutant, start, increase, edition) => {
          const lower = { ...concentrations, [pollutant]: start };
          const higher = { ...concentrations, [pollutant]: Math.max(start, 0) + increase };
          const before = uba(lower, edition).value ?? 0;
          expect(uba(higher, edition).value ?? 0).toBeGreaterThanOrEqual(before);
        },
      ),
      RUNS,
    );
  });

  it('shows the level and colour of its class, and names the worst pollutant (ties in §1 order)', () => {
    fc.assert(
      fc.property(concentrationsArb, editionArb, (concentrations, edition) => {
        const index = uba(concentrations, edition);
        fc.pre(index.value !== null);
        const level = referenceLevelOf(DEU_UBA_REFERENCE_LEVELS, index.value!);
        expect([index.level, index.color]).toEqual([level.level, level.color]);
        expect(index.dominantPollutant).toBe(oracleDominant(index.subIndexes));
        expect(index.subIndexes[index.dominantPollutant!]).toBe(index.value);
      }),
      RUNS,
    );
  });
});

describe('DEU_UBA without data or with misuse', () => {
  it.each<Record<string, unknown>>([
    {},
    { CO: 5000, HUMIDITY: 60, O3_1H: 300, SO2_24H: 900 },
    { PM25: Number.NaN, PM10: Number.POSITIVE_INFINITY, NO2: Number.NEGATIVE_INFINITY },
    { O3: '80', SO2: null },
  ])('%o is no data', (concentrations) => {
    for (const edition of DEU_UBA_REFERENCE_EDITIONS) {
      expectNoData(uba(concentrations as Concentrations, edition), 'DEU_UBA');
    }
  });

  it('rejects an edition it does not have', () => {
    expect(() => uba({ PM25: 1 }, '2024' as never)).toThrow(
      new RangeError('computeIndex: options.edition must be one of 2025, 2019, got "2024"'),
    );
  });

  it('rejects a misspelt pollutant', () => {
    expect(() => uba({ 'PM2.5': 1 } as never)).toThrow(TypeError);
  });
});
