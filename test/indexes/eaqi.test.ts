import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { EAQI_BANDS, EAQI_INDEX, eaqiBand } from '../../src/indexes/eaqi.js';
import type { Concentrations } from '../../src/indexes/index-definition.js';
import {
  EAQI_REFERENCE_EDITIONS,
  EAQI_REFERENCE_POLLUTANTS,
  EAQI_REFERENCE_ROWS,
  type EaqiReferenceEdition,
  eaqiReferenceColumn,
  expectIndexMatches,
  expectLevelTexts,
  levelFacts,
  naiveArgmaxBySort,
  naiveEaqi,
  naiveEaqiBand,
} from '../helpers/eaqi-oracle.js';
import { absentValueArb, concentrationArb } from '../helpers/index-arbitraries.js';
import { expectNoData } from '../helpers/national-oracle-common.js';

// Expected values come from the §4 table transcribed in test/helpers/eaqi-oracle.ts and its
// naive EAQI, never from src's bands.

const RUNS = { numRuns: 1000 };
const editionArb = fc.constantFrom(...EAQI_REFERENCE_EDITIONS);
const pollutantArb = fc.constantFrom(...EAQI_REFERENCE_POLLUTANTS);
const ALL_BOUNDS = EAQI_REFERENCE_EDITIONS.flatMap((edition) =>
  EAQI_REFERENCE_POLLUTANTS.flatMap((pollutant) => eaqiReferenceColumn(edition, pollutant)),
);
// Concentrations anywhere, often exactly on a bound (so bands tie), sometimes absent.
const valueArb = fc.oneof(
  { weight: 3, arbitrary: concentrationArb },
  { weight: 2, arbitrary: fc.constantFrom(...ALL_BOUNDS) },
  { weight: 1, arbitrary: absentValueArb },
);
const concentrationsArb = fc.record(
  { PM25: valueArb, PM10: valueArb, NO2: valueArb, O3: valueArb, SO2: valueArb, CO: valueArb },
  { requiredKeys: [] },
);

function eaqi(concentrations: Concentrations, edition?: EaqiReferenceEdition) {
  return computeIndex(concentrations, { indexType: 'EAQI', edition });
}

function colorOf(level: string): string {
  return EAQI_REFERENCE_ROWS.find((r) => r.level === level)!.color;
}

describe('EAQI: the worked examples of world-indexes.md §4', () => {
  it.each<[EaqiReferenceEdition, Record<string, number>, number, string, string]>([
    ['2025', { PM25: 5 }, 1, 'GOOD', 'PM25'],
    ['2025', { PM25: 5.1 }, 2, 'FAIR', 'PM25'],
    ['2025', { PM25: 12, NO2: 70, O3: 90 }, 4, 'POOR', 'NO2'],
    ['2025', { PM10: 300 }, 6, 'EXTREMELY_POOR', 'PM10'],
    ['2025', { O3: 180, SO2: 275 }, 5, 'VERY_POOR', 'O3'],
    ['2025', { PM25: 14, PM10: 44 }, 2, 'FAIR', 'PM25'],
    ['2019', { PM25: 12, NO2: 70, O3: 90 }, 2, 'FAIR', 'PM25'],
    ['2019', { PM25: 80 }, 6, 'EXTREMELY_POOR', 'PM25'],
  ])('%s %o → %d %s, dominant %s', (edition, input, value, level, dominant) => {
    const index = eaqi(input, edition);
    expect(index).toMatchObject({ name: 'EAQI', value, level, dominantPollutant: dominant });
    expect(index.color).toBe(colorOf(level));
  });

  it('takes 2025 when no edition is given', () => {
    expect(computeIndex({ PM25: 12, NO2: 70, O3: 90 }, { indexType: 'EAQI' }).value).toBe(4);
  });

  it('gives each present pollutant its band as sub-index (a tie at 5 goes to O3)', () => {
    expect(eaqi({ O3: 180, SO2: 275, NO2: 1 }).subIndexes).toEqual({ O3: 5, SO2: 5, NO2: 1 });
  });

  it('speaks Polish when asked', () => {
    const index = computeIndex({ PM10: 300 }, { indexType: 'EAQI', language: 'pl' });
    expect(index.description).toBe('Skrajnie zła jakość powietrza.');
  });
});

describe('EAQI tables', () => {
  it('holds the §4 bounds of both editions', () => {
    for (const edition of EAQI_REFERENCE_EDITIONS) {
      for (const pollutant of EAQI_REFERENCE_POLLUTANTS) {
        expect(EAQI_BANDS[pollutant][edition]).toEqual(eaqiReferenceColumn(edition, pollutant));
      }
    }
    expect(Object.isFrozen(EAQI_BANDS.SO2['2019'])).toBe(true);
  });

  it('has the editions of §1.1, the default first', () => {
    expect(EAQI_INDEX.editions).toEqual(EAQI_REFERENCE_EDITIONS);
  });

  it('has one level per band with the §4 colour, the last open', () => {
    expect(levelFacts(EAQI_INDEX.levels)).toEqual(
      EAQI_REFERENCE_ROWS.map((r) => ({
        level: r.level,
        minValue: r.value,
        maxValue: r.value === 6 ? null : r.value,
        color: r.color,
      })),
    );
  });

  it('describes and advises on every level in English and Polish, frozen', () => {
    expectLevelTexts(EAQI_INDEX.levels);
    expect(new Set(EAQI_INDEX.levels.map((l) => l.advice.en)).size).toBe(6);
  });
});

describe('EAQI against the naive oracle', () => {
  it('agrees on value, level, colour, dominant pollutant and sub-indexes', () => {
    fc.assert(
      fc.property(concentrationsArb, editionArb, (concentrations, edition) => {
        expectIndexMatches(eaqi(concentrations, edition), naiveEaqi(concentrations, edition));
      }),
      RUNS,
    );
  });

  it('agrees exactly on and 0.01 either side of every bound of both editions', () => {
    for (const edition of EAQI_REFERENCE_EDITIONS) {
      for (const pollutant of EAQI_REFERENCE_POLLUTANTS) {
        for (const bound of eaqiReferenceColumn(edition, pollutant)) {
          for (const c of [bound - 0.01, bound, bound + 0.01]) {
            const input = { [pollutant]: c, NO2: 0 };
            expectIndexMatches(eaqi(input, edition), naiveEaqi(input, edition));
            expect(eaqiBand(eaqiReferenceColumn(edition, pollutant), c)).toBe(
              naiveEaqiBand(edition, pollutant, c),
            );
          }
        }
      }
    }
    expect(eaqi({ PM25: 140 }).level).toBe('VERY_POOR');
    expect(eaqi({ PM25: 140.01 }).level).toBe('EXTREMELY_POOR');
  });

  it('is monotone non-decreasing in each pollutant', () => {
    const increaseArb = fc.double({ min: 0, max: 1000, noNaN: true });
    fc.assert(
      fc.property(
        concentrationsArb,
        pollutantArb,
        increaseArb,
        editionArb,
        (concentrations, pollutant, increase, edition) => {
          const base = concentrations[pollutant];
          const start = base !== undefined && Number.isFinite(base) ? Math.max(base, 0) : 0;
          const higher = { ...concentrations, [pollutant]: start + increase };
          const before = eaqi({ ...concentrations, [pollutant]: start }, edition).value!;
          expect(eaqi(higher, edition).value!).toBeGreaterThanOrEqual(before);
        },
      ),
      RUNS,
    );
  });

  it('puts the value in its level range and shows that level colour', () => {
    fc.assert(
      fc.property(concentrationsArb, editionArb, (concentrations, edition) => {
        const index = eaqi(concentrations, edition);
        fc.pre(index.value !== null);
        const row = EAQI_REFERENCE_ROWS.find((r) => r.level === index.level)!;
        expect(index.value).toBe(row.value);
        expect(index.color).toBe(row.color);
      }),
      RUNS,
    );
  });

  it('names the worst pollutant, ties by PM25, PM10, O3, NO2, SO2', () => {
    const onBoundArb = fc.record(
      Object.fromEntries(EAQI_REFERENCE_POLLUTANTS.map((p) => [p, fc.constantFrom(...ALL_BOUNDS)])),
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(onBoundArb, editionArb, (concentrations, edition) => {
        const index = eaqi(concentrations, edition);
        expect(index.dominantPollutant).toBe(naiveArgmaxBySort(index.subIndexes));
        if (index.value !== null)
          expect(index.subIndexes[index.dominantPollutant!]).toBe(index.value);
      }),
      RUNS,
    );
  });

  it('differs between editions exactly where the bands of §4 differ', () => {
    fc.assert(
      fc.property(pollutantArb, concentrationArb, (pollutant, c) => {
        const newer = eaqi({ [pollutant]: c }, '2025').value;
        const older = eaqi({ [pollutant]: c }, '2019').value;
        const differs = naiveEaqiBand('2025', pollutant, c) !== naiveEaqiBand('2019', pollutant, c);
        expect(newer !== older).toBe(differs);
      }),
      RUNS,
    );
  });
});

describe('EAQI without data or with misuse', () => {
  it.each<Record<string, unknown>>([
    {},
    { CO: 5000 },
    { HUMIDITY: 60, O3_1H: 300, SO2_24H: 900 },
    { PM25: Number.NaN, PM10: Number.POSITIVE_INFINITY, NO2: Number.NEGATIVE_INFINITY },
    { O3: '80', SO2: null },
  ])('%o is no data', (concentrations) => {
    expectNoData(eaqi(concentrations as Concentrations), 'EAQI');
  });

  it('counts a negative concentration as 0', () => {
    expect(eaqi({ NO2: -4 })).toMatchObject({ value: 1, level: 'GOOD', subIndexes: { NO2: 1 } });
  });

  it('rejects an edition it does not have', () => {
    expect(() =>
      computeIndex({ PM25: 1 }, { indexType: 'EAQI', edition: '2024' as never }),
    ).toThrow(
      new RangeError('computeIndex: options.edition must be one of 2025, 2019, got "2024"'),
    );
  });
});
