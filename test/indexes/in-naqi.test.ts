import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { INDEX_DEFINITIONS } from '../../src/indexes/index-definitions.js';
import { bounds, type Input, inputArb, naqi, offsets } from '../helpers/in-naqi-arbitraries.js';
import {
  expectLevelList,
  NAQI_LEVELS,
  NAQI_POLLUTANTS,
  naqiOracle,
  oracleLevel,
} from '../helpers/in-naqi-oracle.js';

// Expected values come from world-indexes.md §6 (the worked table, transcribed below) and from
// the oracle in test/helpers, never from src's tables (the properties: in-naqi-properties.test.ts).

const RUNS = { numRuns: 1000 };

function expectOracle(concentrations: Input): void {
  const index = naqi(concentrations);
  const expected = naqiOracle(concentrations);
  if (expected === null) {
    expect(index).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
    expect(index.dominantPollutant).toBeNull();
    expect(index.subIndexes).toEqual({});
    return;
  }
  const level = oracleLevel(NAQI_LEVELS, expected.value);
  expect(index.value).toBe(expected.value);
  expect(index.subIndexes).toEqual(expected.subIndexes);
  expect(index.dominantPollutant).toBe(expected.dominantPollutant);
  expect(index.level).toBe(level.level);
  expect(index.color).toBe(level.color);
}

describe('IN_NAQI: every worked example of world-indexes.md §6', () => {
  it.each<[string, Input, number | null, string, string | null, Input?]>([
    ['official 31 → 51', { PM25: 31, NO2: 10, SO2: 10 }, 51, 'SATISFACTORY', 'PM25'],
    ['official 45 → 75 (74.66)', { PM25: 45, NO2: 10, SO2: 10 }, 75, 'SATISFACTORY', 'PM25'],
    ['official 60 → 100', { PM25: 60, NO2: 10, SO2: 10 }, 100, 'SATISFACTORY', 'PM25'],
    ['PM25 30.49 (C = 30)', { PM25: 30.49, NO2: 10, SO2: 10 }, 50, 'GOOD', 'PM25'],
    ['PM25 30.5 (C = 31)', { PM25: 30.5, NO2: 10, SO2: 10 }, 51, 'SATISFACTORY', 'PM25'],
    ['PM25 62.55 (C = 63: 107.83)', { PM25: 62.55, PM10: 1, SO2: 1 }, 108, 'MODERATE', 'PM25'],
    ['PM10 300', { PM10: 300, NO2: 10, O3: 20 }, 250, 'POOR', 'PM10'],
    ['CO 12000 (12.0 mg: 228.26)', { PM25: 20, CO: 12000, O3: 40 }, 228, 'POOR', 'CO'],
    ['CO 1150 (1.2 mg: 56.44)', { CO: 1150, PM25: 1, PM10: 1 }, 56, 'SATISFACTORY', 'CO'],
    ['PM25 250', { PM25: 250, NO2: 10, SO2: 10 }, 400, 'VERY_POOR', 'PM25'],
    ['PM25 250.5 (C = 251)', { PM25: 250.5, NO2: 10, SO2: 10 }, 401, 'SEVERE', 'PM25'],
    [
      'PM25 300, PM10 200, CO 1500',
      { PM25: 300, PM10: 200, CO: 1500 },
      420,
      'SEVERE',
      'PM25',
      { PM25: 420, PM10: 167, CO: 73 }, // 420.48, 166.78, 72.78
    ],
    ['PM25 600 (extrapolated: 539.76)', { PM25: 600, NO2: 10, SO2: 10 }, 540, 'SEVERE', 'PM25'],
    ['only 2 pollutants', { PM25: 200, NO2: 10 }, null, 'UNKNOWN', null],
    ['no PM', { NO2: 100, SO2: 50, O3: 50 }, null, 'UNKNOWN', null],
  ])('%s', (_label, concentrations, value, level, dominant, subIndexes) => {
    const index = naqi(concentrations);
    const color = value === null ? '#999999' : oracleLevel(NAQI_LEVELS, value).color;
    expect(index).toMatchObject({ name: 'IN_NAQI', value, level, color });
    expect(index.dominantPollutant).toBe(dominant);
    if (subIndexes !== undefined) expect(index.subIndexes).toEqual(subIndexes);
    expect(naqiOracle(concentrations)?.value ?? null).toBe(value);
  });

  it('gives NO2 10 µg/m³ the sub-index 13 (12.5 rounded half up)', () => {
    expect(naqi({ PM25: 0, NO2: 10, SO2: 0 }).subIndexes.NO2).toBe(13);
  });
});

describe('IN_NAQI: the scale', () => {
  it('has one edition, 2014, and rejects any other', () => {
    expect(INDEX_DEFINITIONS.IN_NAQI.editions).toEqual(['2014']);
    const input = { PM25: 45, NO2: 10, SO2: 10 };
    expect(computeIndex(input, { indexType: 'IN_NAQI', edition: '2014' }).value).toBe(75);
    expect(() => computeIndex(input, { indexType: 'IN_NAQI', edition: '2015' as never })).toThrow(
      RangeError,
    );
  });

  it('lists the levels and colours of §6, frozen, with texts in English and Polish', () => {
    const levels = INDEX_DEFINITIONS.IN_NAQI.levels;
    expectLevelList(levels, NAQI_LEVELS);
    expect(INDEX_DEFINITIONS.IN_NAQI.levelBounds).toBe('lower-inclusive');
    const pl = computeIndex(
      { PM25: 45, NO2: 10, SO2: 10 },
      { indexType: 'IN_NAQI', language: 'pl' },
    );
    expect(pl.description).toBe(levels[1]!.description.pl);
  });
});

describe('IN_NAQI agrees with the oracle', () => {
  it('on and around every class limit of every pollutant', () => {
    for (const pollutant of NAQI_POLLUTANTS) {
      for (const bound of bounds(pollutant)) {
        for (const offset of offsets(pollutant)) {
          const c = Math.max(Math.round((bound + offset) * 100) / 100, 0);
          // The other five at 0, so the minimum is met and this pollutant's sub-index shows.
          const input = Object.fromEntries(
            NAQI_POLLUTANTS.map((p) => [p, p === pollutant ? c : 0]),
          );
          expectOracle(input);
        }
      }
    }
  });

  it('for any concentrations (value, sub-indexes, dominant, level, colour)', () => {
    fc.assert(
      fc.property(inputArb, (input) => expectOracle(input)),
      RUNS,
    );
  });
});
