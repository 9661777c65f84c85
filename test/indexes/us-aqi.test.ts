import { describe, expect, it } from 'vitest';
import { INDEX_DEFINITIONS } from '../../src/indexes/index-definitions.js';
import {
  expectUsAqi,
  type Inputs,
  ppb,
  ppm,
  usAqi,
  usLevelName,
} from '../helpers/us-aqi-checks.js';
import { US_LEVELS } from '../helpers/us-aqi-oracle.js';
import type { UsEdition } from '../helpers/us-aqi-tables.js';

// The worked examples, editions and levels of world-indexes.md §3, through computeIndex. The
// expected numbers are the reference's (§3.5) or our arithmetic on its tables, and each case is
// also checked against the oracle in test/helpers/us-aqi-oracle.ts. The O3 and SO2 rules and
// the reading of the inputs: us-aqi-pollutants.test.ts.

describe('US_AQI: the worked examples of §3.5', () => {
  it.each<[UsEdition, Inputs, number, string, string]>([
    ['2024', { PM25: 17.4 }, 66, 'MODERATE', 'PM25'],
    ['2024', { PM25: 9.05 }, 50, 'GOOD', 'PM25'],
    ['2024', { PM25: 9.1 }, 51, 'MODERATE', 'PM25'],
    ['2024', { PM25: 35.45 }, 100, 'MODERATE', 'PM25'],
    ['2024', { PM25: 55.5 }, 151, 'UNHEALTHY', 'PM25'],
    ['2024', { PM25: 325.4 }, 500, 'HAZARDOUS', 'PM25'],
    ['2024', { PM25: 500 }, 848, 'HAZARDOUS', 'PM25'],
    ['2024', { PM10: 54.9 }, 50, 'GOOD', 'PM10'],
    ['2024', { O3: 151.2, PM25: 54.4, CO: 9623.1 }, 148, 'UNHEALTHY_FOR_SENSITIVE_GROUPS', 'PM25'],
    ['2024', { O3: 100, O3_1H: 300 }, 135, 'UNHEALTHY_FOR_SENSITIVE_GROUPS', 'O3'],
    ['2024', { SO2: 900 }, 200, 'UNHEALTHY', 'SO2'],
    ['2024', { SO2: 900, SO2_24H: 850 }, 207, 'VERY_UNHEALTHY', 'SO2'],
    ['2024', { NO2: 200, CO: 5000 }, 102, 'UNHEALTHY_FOR_SENSITIVE_GROUPS', 'NO2'],
    ['2012', { PM25: 12.0 }, 50, 'GOOD', 'PM25'],
    ['2012', { PM25: 35.45 }, 100, 'MODERATE', 'PM25'],
    ['2012', { PM25: 200 }, 250, 'VERY_UNHEALTHY', 'PM25'],
    ['2012', { PM25: 400 }, 434, 'HAZARDOUS', 'PM25'],
  ])('%s %j is %d %s, dominated by %s', (edition, concentrations, value, level, dominant) => {
    expectUsAqi(concentrations, edition, value, level, dominant);
  });

  it('lists the sub-indexes of the mixed examples (122 / 148 / 90 and 102 / 49)', () => {
    expect(usAqi({ O3: 151.2, PM25: 54.4, CO: 9623.1 }).subIndexes).toEqual({
      PM25: 148,
      O3: 122,
      CO: 90,
    });
    expect(usAqi({ NO2: 200, CO: 5000 }).subIndexes).toEqual({ NO2: 102, CO: 49 });
    // O3_1H and SO2_24H report under their primary pollutant.
    expect(usAqi({ O3: 100, O3_1H: 300 }).subIndexes).toEqual({ O3: 135 });
    expect(usAqi({ SO2: 900, SO2_24H: 850 }).subIndexes).toEqual({ SO2: 207 });
  });
});

describe('US_AQI: editions', () => {
  it('defaults to 2024 and rejects an unknown edition with a RangeError', () => {
    expect(INDEX_DEFINITIONS.US_AQI.editions).toEqual(['2024', '2012']);
    expect(usAqi({ PM25: 12 })).toEqual(usAqi({ PM25: 12 }, '2024'));
    expect(() => usAqi({ PM25: 12 }, '2018' as UsEdition)).toThrow(RangeError);
    expect(() => usAqi({ PM25: 12 }, '2018' as UsEdition)).toThrow(/computeIndex.*edition.*2018/);
  });

  it.each<[Inputs, number, number]>([
    [{ PM25: 12 }, 56, 50],
    [{ PM25: 150 }, 225, 200],
    [{ PM25: 250.5 }, 351, 301],
    [{ PM10: 504 }, 389, 400],
    [{ PM10: 505 }, 390, 401],
    [{ O3_1H: ppm('O3_1H', 0.504) }, 400, 400],
    [{ O3_1H: ppm('O3_1H', 0.505) }, 401, 401],
    [{ O3_1H: ppm('O3_1H', 0.45) }, 346, 346],
    [{ CO: ppm('CO', 40.4) }, 400, 400],
    [{ CO: ppm('CO', 35.0) }, 346, 346],
    [{ SO2: 900, SO2_24H: ppb('SO2_24H', 804) }, 400, 400],
    [{ SO2: 900, SO2_24H: ppb('SO2_24H', 700) }, 348, 348],
    [{ NO2: ppb('NO2', 1649) }, 400, 400],
    [{ NO2: ppb('NO2', 1500) }, 363, 363],
    // Above 500 each edition continues its own top row: 301–500 in 2024, 401–500 in 2012.
    [{ PM10: 700 }, 607, 596],
    [{ NO2: ppb('NO2', 2500) }, 612, 612],
  ])('%j is %d in 2024 and %d in 2012', (concentrations, in2024, in2012) => {
    expectUsAqi(concentrations, '2024', in2024, usLevelName(in2024), dominantOf(concentrations));
    expectUsAqi(concentrations, '2012', in2012, usLevelName(in2012), dominantOf(concentrations));
  });
});

function dominantOf(concentrations: Inputs): string {
  return Object.keys(concentrations)[0]!.replace(/_.*/, '');
}

describe('US_AQI: levels and colours (§3.3)', () => {
  it.each<[number, number, string, string]>([
    [0, 0, 'GOOD', '#00E400'],
    [54, 50, 'GOOD', '#00E400'],
    [55, 51, 'MODERATE', '#FFFF00'],
    [154, 100, 'MODERATE', '#FFFF00'],
    [155, 101, 'UNHEALTHY_FOR_SENSITIVE_GROUPS', '#FF7E00'],
    [254, 150, 'UNHEALTHY_FOR_SENSITIVE_GROUPS', '#FF7E00'],
    [255, 151, 'UNHEALTHY', '#FF0000'],
    [354, 200, 'UNHEALTHY', '#FF0000'],
    [355, 201, 'VERY_UNHEALTHY', '#8F3F97'],
    [424, 300, 'VERY_UNHEALTHY', '#8F3F97'],
    [425, 301, 'HAZARDOUS', '#7E0023'],
    [1e6, 1_111_560, 'HAZARDOUS', '#7E0023'],
  ])('PM10 %d µg/m³ → %d %s %s', (pm10, value, level, color) => {
    expect(usAqi({ PM10: pm10 })).toMatchObject({ value, level, color });
  });

  it('describes the six levels with their integer ranges, the top one open', () => {
    expect(
      INDEX_DEFINITIONS.US_AQI.levels.map(({ level, minValue, maxValue, color }) => ({
        level,
        minValue,
        maxValue,
        color,
      })),
    ).toEqual(
      US_LEVELS.map(({ level, min, max, color }) => ({
        level,
        minValue: min,
        maxValue: Number.isFinite(max) ? max : null,
        color,
      })),
    );
    expect(INDEX_DEFINITIONS.US_AQI.levelBounds).toBe('lower-inclusive');
    expect(Object.isFrozen(INDEX_DEFINITIONS.US_AQI.levels[0]!.description)).toBe(true);
  });

  it('has its own health texts for every level, in English and Polish', () => {
    const levels = INDEX_DEFINITIONS.US_AQI.levels;
    for (const language of ['en', 'pl'] as const) {
      const texts = levels.flatMap((l) => [l.description[language], l.advice[language]]);
      expect(new Set(texts).size).toBe(texts.length);
      for (const text of texts) expect(text).toMatch(/^\p{Lu}.{10,}\.$/u);
    }
    for (const l of levels) expect(l.description.pl).not.toBe(l.description.en);
    expect(levels.some((l) => /[ąćęłńóśźż]/.test(l.advice.pl))).toBe(true);
    const hazardous = usAqi({ PM25: 500 }, '2024', 'pl');
    expect(hazardous.description).toBe(levels.at(-1)!.description.pl);
    expect(hazardous.advice).toBe(levels.at(-1)!.advice.pl);
  });
});
