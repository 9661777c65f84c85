import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { INDEX_DEFINITIONS } from '../../src/indexes/index-definitions.js';
import {
  cn,
  EDITION_ARB,
  type Input,
  inputArb,
  KEYS,
  nodes,
  OFFSETS,
} from '../helpers/cn-aqi-arbitraries.js';
import {
  CN_EDITIONS,
  CN_LEVELS,
  type CnOracleEdition,
  cnOracle,
} from '../helpers/cn-aqi-oracle.js';
import { expectLevelList, oracleLevel } from '../helpers/in-naqi-oracle.js';

// Expected values come from world-indexes.md §7 (the worked table, transcribed below) and from
// the oracle in test/helpers, never from src's tables (the properties: cn-aqi-properties.test.ts).

const RUNS = { numRuns: 1000 };

function expectOracle(concentrations: Input, edition: CnOracleEdition): void {
  const index = cn(concentrations, edition);
  const expected = cnOracle(concentrations, edition);
  if (expected === null) {
    expect(index).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
    expect(index.dominantPollutant).toBeNull();
    return;
  }
  const level = oracleLevel(CN_LEVELS, expected.value);
  expect(index.value).toBe(expected.value);
  expect(index.subIndexes).toEqual(expected.subIndexes);
  expect(index.dominantPollutant).toBe(expected.dominantPollutant);
  expect([index.level, index.color]).toEqual([level.level, level.color]);
}

describe('CN_AQI: every worked example of world-indexes.md §7', () => {
  it.each<[CnOracleEdition, Input, number, string, string | null]>([
    ['2026', { PM25: 60 }, 100, 'GOOD', 'PM25'],
    ['2026', { PM25: 75 }, 114, 'LIGHTLY_POLLUTED', 'PM25'], // 113.64, published test value
    ['2026', { PM10: 150 }, 112, 'LIGHTLY_POLLUTED', 'PM10'], // 111.54, published test value
    ['2026', { PM25: 60.11 }, 101, 'LIGHTLY_POLLUTED', 'PM25'], // 100.1 rounded up
    ['2026', { PM25: 20, PM10: 30, SO2: 10, NO2: 15, CO: 500, O3: 60 }, 30, 'EXCELLENT', null],
    ['2026', { PM25: 60, PM10: 120 }, 100, 'GOOD', 'PM25'], // a tie at 100
    ['2026', { NO2: 350 }, 115, 'LIGHTLY_POLLUTED', 'NO2'], // exactly 115
    ['2026', { SO2: 2000 }, 200, 'MODERATELY_POLLUTED', 'SO2'],
    ['2026', { PM25: 600 }, 567, 'SEVERELY_POLLUTED', 'PM25'], // 566.67
    ['2026', { PM25: 4.9 }, 7, 'EXCELLENT', null], // exactly 7 (§1)
    ['2012', { PM25: 75 }, 100, 'GOOD', 'PM25'],
    ['2012', { PM10: 150 }, 100, 'GOOD', 'PM10'],
    ['2012', { SO2: 900, SO2_24H: 1000 }, 225, 'HEAVILY_POLLUTED', 'SO2'],
    ['2012', { O3: 160.8 }, 51, 'GOOD', 'O3'], // exactly 51
  ])('%s: %j → %d %s', (edition, concentrations, value, level, dominant) => {
    const index = cn(concentrations, edition);
    const { color } = oracleLevel(CN_LEVELS, value);
    expect(index).toMatchObject({ name: 'CN_AQI', value, level, color });
    expect(index.dominantPollutant).toBe(dominant);
    expect(cnOracle(concentrations, edition)?.value).toBe(value);
  });

  it('uses 2026 by default and rejects an unknown edition', () => {
    expect(INDEX_DEFINITIONS.CN_AQI.editions).toEqual(['2026', '2012']);
    expect(computeIndex({ PM25: 75 }, { indexType: 'CN_AQI' }).value).toBe(114);
    expect(() =>
      computeIndex({ PM25: 75 }, { indexType: 'CN_AQI', edition: '2020' as never }),
    ).toThrow(RangeError);
  });
});

describe('CN_AQI: the scale', () => {
  it('lists the levels and colours of §7, frozen, with texts in English and Polish', () => {
    const levels = INDEX_DEFINITIONS.CN_AQI.levels;
    expectLevelList(levels, CN_LEVELS);
    expect(INDEX_DEFINITIONS.CN_AQI.levelBounds).toBe('lower-inclusive');
    const pl = computeIndex({ NO2: 350 }, { indexType: 'CN_AQI', language: 'pl' });
    expect(pl.advice).toBe(levels[2]!.advice.pl);
  });

  it('gives 0, not −0, for clean air', () => {
    expect(Object.is(cn({ PM25: 0, O3: 0 }).value, 0)).toBe(true);
    expect(Object.is(cn({ PM25: 0 }).subIndexes.PM25, 0)).toBe(true);
  });
});

describe('CN_AQI agrees with the oracle', () => {
  it('on and ±0.01 around every node of every pollutant, in both editions', () => {
    for (const edition of CN_EDITIONS) {
      for (const key of KEYS) {
        for (const node of nodes(key)) {
          for (const offset of OFFSETS) {
            const c = Math.max(Math.round((node + offset) * 100) / 100, 0);
            // SO2_24H only matters with a 1-h SO2 above 800.
            expectOracle(key === 'SO2_24H' ? { SO2: 900, SO2_24H: c } : { [key]: c }, edition);
            expectOracle({ [key]: c, SO2: 800.01, SO2_24H: 300 }, edition);
          }
        }
      }
    }
  });

  it('for any concentrations, in both editions', () => {
    fc.assert(
      fc.property(inputArb, EDITION_ARB, (input, edition) => expectOracle(input, edition)),
      RUNS,
    );
  });
});
