import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUS_AQC_INDEX, AUS_AQC_ROWS } from '../../src/indexes/aus-aqc.js';
import { computeIndex } from '../../src/indexes/compute-index.js';
import type { Concentrations } from '../../src/indexes/index-definition.js';
import { expectIndexMatches, expectLevelTexts, levelFacts } from '../helpers/eaqi-oracle.js';
import { absentValueArb, concentrationArb } from '../helpers/index-arbitraries.js';
import {
  AUS_AQC_REFERENCE_LEVELS,
  AUS_AQC_REFERENCE_ROWS,
  type AusAqcReferenceRow,
  MORE_INDEXES_A_LEVEL_TEXTS,
  naiveAusAqc,
  naiveUgm3,
  referenceLevelOf,
} from '../helpers/more-indexes-oracle-a.js';
import { EPS, expectNoData, oracleDominant } from '../helpers/national-oracle-common.js';
import { RUNS } from '../helpers/property-runs.js';

// Expected values come from the §8 table of more-indexes.md transcribed in
// test/helpers/more-indexes-oracle-a.ts and its naive categories, never from src's rows.

const KEYS = AUS_AQC_REFERENCE_ROWS.map((r) => r.key);

// A value in the row's table unit (µg/m³, ppb, ppm) as the µg/m³ input that reads as it.
function inputFor(row: AusAqcReferenceRow, x: number): number {
  if (row.unit === 'ugm3') return x;
  return naiveUgm3(row.pollutant, row.unit === 'ppm' ? x * 1000 : x);
}

// Per input: anywhere, on an edge (so categories tie), a hair beside one, up to twice the top
// edge, or absent.
function valueArb(row: AusAqcReferenceRow): fc.Arbitrary<number> {
  const edges = row.edges.map((e) => inputFor(row, e));
  const top = edges.at(-1)!;
  return fc.oneof(
    { weight: 2, arbitrary: concentrationArb },
    { weight: 3, arbitrary: fc.double({ min: 0, max: 2 * top, noNaN: true }) },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...row.edges), fc.constantFrom(-1e-6, -2e-9, -0.5e-9, 1e-6))
        .map(([edge, hair]) => inputFor(row, edge + hair)),
    },
    { weight: 1, arbitrary: absentValueArb },
  );
}
const concentrationsArb = fc.record(
  Object.fromEntries(AUS_AQC_REFERENCE_ROWS.map((row) => [row.key, valueArb(row)])),
  { requiredKeys: [] },
);

function aqc(concentrations: Readonly<Record<string, unknown>>, language?: 'en' | 'pl') {
  return computeIndex(concentrations as Concentrations, { indexType: AUS_AQC_INDEX, language });
}

function colorOf(level: string): string {
  return AUS_AQC_REFERENCE_LEVELS.find((l) => l.level === level)!.color;
}

describe('AUS_AQC: the worked examples of more-indexes.md §8', () => {
  it.each<[Record<string, number>, number, string, string, Record<string, number>]>([
    [{ PM25: 24.9 }, 1, 'GOOD', 'PM25', { PM25: 1 }],
    [{ PM25: 25 }, 2, 'FAIR', 'PM25', { PM25: 2 }],
    [{ PM10: 120, NO2: 100, O3: 80 }, 3, 'POOR', 'PM10', { PM10: 3, NO2: 1, O3: 1 }],
    [{ O3: 100, O3_4H: 240 }, 4, 'VERY_POOR', 'O3', { O3: 4 }],
    [{ CO: 21000, PM25: 5 }, 5, 'EXTREMELY_POOR', 'CO', { CO: 5, PM25: 1 }],
  ])('%o → %d %s, dominant %s', (input, value, level, dominant, subIndexes) => {
    const index = aqc(input);
    expect(index).toMatchObject({ name: 'AUS_AQC', value, level, dominantPollutant: dominant });
    expect(index.subIndexes).toEqual(subIndexes);
    expect(index.color).toBe(colorOf(level));
    expectIndexMatches(index, naiveAusAqc(input));
  });

  it('takes the worse of O3 and O3_4H, either alone counting, both reported as O3', () => {
    expect(aqc({ O3_4H: 240 })).toMatchObject({ value: 4, subIndexes: { O3: 4 } });
    expect(aqc({ O3: 400, O3_4H: 100 })).toMatchObject({ value: 5, subIndexes: { O3: 5 } });
    expect(aqc({ O3: 400 })).toMatchObject({ value: 5, dominantPollutant: 'O3' });
    expect(aqc({ O3_4H: 240, NO2: 400 })).toMatchObject({ value: 4, dominantPollutant: 'O3' });
    expect(aqc({ O3_4H: Number.NaN, O3: 10 }).subIndexes).toEqual({ O3: 1 });
  });

  it('converts CO to ppm and the other gases to ppb at 25 °C', () => {
    // 6 ppm of CO is 6873 µg/m³, 80 ppb of NO2 150.5, 133 ppb of SO2 348.5.
    expect(aqc({ CO: 6870 }).value).toBe(1);
    expect(aqc({ CO: 6875 }).value).toBe(2);
    expect(aqc({ NO2: 150.4, SO2: 348.4 }).subIndexes).toEqual({ NO2: 1, SO2: 1 });
    expect(aqc({ NO2: 150.6, SO2: 348.6 }).subIndexes).toEqual({ NO2: 2, SO2: 2 });
  });

  it('takes its one edition, 2020, by default and by name', () => {
    expect(AUS_AQC_INDEX.editions).toEqual(['2020']);
    const named = computeIndex({ PM25: 25 }, { indexType: AUS_AQC_INDEX, edition: '2020' });
    expect(named).toEqual(aqc({ PM25: 25 }));
  });

  it('shows the whole result, texts in English and Polish', () => {
    const texts = MORE_INDEXES_A_LEVEL_TEXTS.AUS_AQC!.VERY_POOR!;
    expect(aqc({ O3: 100, O3_4H: 240 })).toEqual({
      name: 'AUS_AQC',
      value: 4,
      level: 'VERY_POOR',
      description: texts.description.en,
      advice: texts.advice.en,
      color: '#B70027',
      dominantPollutant: 'O3',
      subIndexes: { O3: 4 },
    });
    const polish = aqc({ PM10: 250 }, 'pl');
    expect([polish.description, polish.advice]).toEqual([texts.description.pl, texts.advice.pl]);
  });
});

describe('AUS_AQC tables', () => {
  it('holds the §8 rows: pollutant, unit and edges of every input, frozen', () => {
    for (const { key, pollutant, unit, edges } of AUS_AQC_REFERENCE_ROWS) {
      expect(AUS_AQC_ROWS[key as keyof typeof AUS_AQC_ROWS]).toEqual({ pollutant, unit, edges });
    }
    expect(Object.keys(AUS_AQC_ROWS).sort()).toEqual([...KEYS].sort());
    expect(Object.isFrozen(AUS_AQC_ROWS.CO.edges)).toBe(true);
    expect(Object.isFrozen(AUS_AQC_ROWS.O3_4H)).toBe(true);
  });

  it('is named AUS_AQC and reads the seven inputs, O3_4H among them', () => {
    expect(AUS_AQC_INDEX.name).toBe('AUS_AQC');
    expect([...AUS_AQC_INDEX.inputs].sort()).toEqual([...KEYS].sort());
    expect(AUS_AQC_INDEX.levelBounds).toBe('lower-inclusive');
    expect(Object.isFrozen(AUS_AQC_INDEX)).toBe(true);
  });

  it('has one level per category with the §8 colour, the last open', () => {
    expect(levelFacts(AUS_AQC_INDEX.levels)).toEqual(AUS_AQC_REFERENCE_LEVELS);
  });

  it('carries the reviewed texts of the golden fixture, in English and Polish, frozen', () => {
    expect(
      Object.fromEntries(
        AUS_AQC_INDEX.levels.map(({ level, description, advice }) => [
          level,
          { description, advice },
        ]),
      ),
    ).toEqual(MORE_INDEXES_A_LEVEL_TEXTS.AUS_AQC);
    expectLevelTexts(AUS_AQC_INDEX.levels);
    expect(new Set(AUS_AQC_INDEX.levels.map((l) => l.advice.pl)).size).toBe(5);
  });
});

describe('AUS_AQC against the naive oracle', () => {
  it('agrees on value, level, colour, dominant pollutant and sub-indexes', () => {
    fc.assert(
      fc.property(concentrationsArb, (concentrations) => {
        expectIndexMatches(aqc(concentrations), naiveAusAqc(concentrations));
      }),
      RUNS,
    );
  });

  it('is lower-inclusive on every edge, with ε = 1e-9 in the table unit', () => {
    for (const row of AUS_AQC_REFERENCE_ROWS) {
      row.edges.forEach((e, k) => {
        // The edge itself, converted to µg/m³ and back, lands a hair off it (133 ppb of SO2
        // reads as 132.99999999999997): ε keeps it in the higher category.
        const cases: [number, number][] = [
          [e - 1e-6, k + 1],
          [e - 2e-9, k + 1],
          [e - 0.5e-9, k + 2],
          [e, k + 2],
          [e + 1e-6, k + 2],
        ];
        // In µg/m³ the table value is the input itself, so e − ε is exact.
        if (row.unit === 'ugm3') cases.push([e - EPS, k + 2]);
        for (const [x, expected] of cases) {
          const input = { [row.key]: inputFor(row, x) };
          expect(aqc(input).value, `${row.key} ${x}`).toBe(expected);
          expect(naiveAusAqc(input)!.value).toBe(expected);
          expect(aqc(input).color).toBe(AUS_AQC_REFERENCE_LEVELS[expected - 1]!.color);
        }
      });
    }
  });

  it('stays EXTREMELY_POOR without limit above the top edge, and counts a negative value as 0', () => {
    for (const { key, pollutant } of AUS_AQC_REFERENCE_ROWS) {
      expect(aqc({ [key]: 1e12 })).toMatchObject({ value: 5, dominantPollutant: pollutant });
      expect(aqc({ [key]: -4 })).toMatchObject({ value: 1, subIndexes: { [pollutant]: 1 } });
    }
  });

  it('is monotone non-decreasing in each input', () => {
    const increaseArb = fc.double({ min: 0, max: 30000, noNaN: true });
    fc.assert(
      fc.property(
        concentrationsArb,
        fc.constantFrom(...KEYS),
        concentrationArb,
        increaseArb,
        (concentrations, key, start, increase) => {
          const lower = { ...concentrations, [key]: start };
          const higher = { ...concentrations, [key]: Math.max(start, 0) + increase };
          expect(aqc(higher).value!).toBeGreaterThanOrEqual(aqc(lower).value!);
        },
      ),
      RUNS,
    );
  });

  it('shows the level and colour of its category, and names the worst pollutant (ties in §1 order)', () => {
    fc.assert(
      fc.property(concentrationsArb, (concentrations) => {
        const index = aqc(concentrations);
        fc.pre(index.value !== null);
        const level = referenceLevelOf(AUS_AQC_REFERENCE_LEVELS, index.value!);
        expect([index.level, index.color]).toEqual([level.level, level.color]);
        expect(index.dominantPollutant).toBe(oracleDominant(index.subIndexes));
        expect(index.subIndexes[index.dominantPollutant!]).toBe(index.value);
      }),
      RUNS,
    );
  });
});

describe('AUS_AQC without data or with misuse', () => {
  it.each<Record<string, unknown>>([
    {},
    { HUMIDITY: 60, O3_1H: 300, SO2_24H: 900 },
    { PM25: Number.NaN, O3_4H: Number.POSITIVE_INFINITY, CO: Number.NEGATIVE_INFINITY },
    { O3: '80', SO2: null },
  ])('%o is no data', (concentrations) => {
    expectNoData(aqc(concentrations), 'AUS_AQC');
  });

  it('rejects an edition it does not have, and a misspelt O3_4H', () => {
    expect(() =>
      computeIndex({ PM25: 1 }, { indexType: AUS_AQC_INDEX, edition: '2008' as never }),
    ).toThrow(new RangeError('computeIndex: options.edition must be one of 2020, got "2008"'));
    expect(() => aqc({ o3_4h: 1 })).toThrow(
      new TypeError('computeIndex: concentrations key must be spelt "O3_4H", got "o3_4h"'),
    );
  });
});
