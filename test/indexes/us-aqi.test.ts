import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { INDEX_DEFINITIONS } from '../../src/indexes/index-definitions.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import {
  US_LEVELS,
  type UsEdition,
  type UsInput,
  usAqiOracle,
  usUgm3FromSteps,
} from '../helpers/us-aqi-oracle.js';

// Worked examples and the rules of world-indexes.md §3, through computeIndex. The expected
// numbers are the reference's (§3.5) or our arithmetic on its tables, and each case is also
// checked against the oracle in test/helpers/us-aqi-oracle.ts.

type Inputs = Record<string, number>;

function usAqi(concentrations: Inputs, edition?: UsEdition, language?: 'en' | 'pl') {
  return computeIndex(concentrations, {
    indexType: 'US_AQI',
    ...(edition === undefined ? {} : { edition }),
    ...(language === undefined ? {} : { language }),
  });
}

// µg/m³ of a table value: ppb for SO2 and NO2, ppm for O3 and CO (usUgm3FromSteps in steps).
const ppb = (input: UsInput, value: number) => usUgm3FromSteps(input, value);
const ppm = (input: UsInput, value: number) =>
  usUgm3FromSteps(input, Math.round(value * (input === 'CO' ? 10 : 1000)));

function expectUsAqi(
  concentrations: Inputs,
  edition: UsEdition,
  value: number | null,
  level: string,
  dominant: string | null,
): void {
  const index = usAqi(concentrations, edition);
  const color = US_LEVELS.find((l) => l.level === level)?.color ?? '#999999';
  expect(index).toMatchObject({ name: 'US_AQI', value, level, color, dominantPollutant: dominant });
  expect(index).toMatchObject(usAqiOracle(concentrations, edition));
}

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

/** The 2024 US AQI of `concentrations` is `value` dominated by `pollutant`, or no data (`null`). */
function expectUsAqiOf(pollutant: string, concentrations: Inputs, value: number | null): void {
  const dominant = value === null ? null : pollutant;
  expectUsAqi(
    concentrations,
    '2024',
    value,
    value === null ? 'UNKNOWN' : usLevelName(value),
    dominant,
  );
}

function usLevelName(aqi: number): string {
  return US_LEVELS.find((l) => l.min <= aqi && aqi <= l.max)!.level;
}

function dominantOf(concentrations: Inputs): string {
  return Object.keys(concentrations)[0]!.replace(/_.*/, '');
}

describe('US_AQI: O3 (§3.1 step 5)', () => {
  it.each<[string, Inputs, number | null]>([
    ['1-h O3 below 0.125 ppm does not count next to the 8-h value', { O3: 100, O3_1H: 245 }, 46],
    ['1-h O3 below 0.125 ppm alone is no data', { O3_1H: ppm('O3_1H', 0.124) }, null],
    ['1-h O3 alone counts from 0.125 ppm', { O3_1H: ppm('O3_1H', 0.125) }, 101],
    ['the larger of 8-h and 1-h wins (8-h)', { O3: ppm('O3', 0.1), O3_1H: ppm('O3', 0.13) }, 187],
    ['8-h 0.200 ppm is the top of its table', { O3: ppm('O3', 0.2) }, 300],
    ['8-h above 0.200 ppm continues the 201–300 row', { O3: ppm('O3', 0.25) }, 353],
    ['… also next to a 1-h value below 0.125', { O3: ppm('O3', 0.25), O3_1H: 200 }, 353],
    ['8-h above 0.200 ppm gives way to 1-h', { O3: ppm('O3', 0.25), O3_1H: ppm('O3', 0.5) }, 396],
    // The decided rule is taken literally: 8-h above 0.200 ppm defines no AQI, so a counting
    // 1-h value replaces it even when it is lower (0.201 ppm 8-h alone would give 301).
    ['… even when the 1-h value is lower', { O3: ppm('O3', 0.201), O3_1H: ppm('O3', 0.125) }, 101],
    ['1-h above 0.604 ppm continues its top row', { O3_1H: ppm('O3', 0.7) }, 596],
  ])('%s: %j → %s', (_, concentrations, value) => {
    expectUsAqiOf('O3', concentrations, value);
  });
});

describe('US_AQI: SO2 (§3.1 step 6)', () => {
  it.each<[string, Inputs, number | null]>([
    ['1-h 304 ppb is 200', { SO2: ppb('SO2', 304) }, 200],
    ['1-h 304 ppb ignores the 24-h value', { SO2: ppb('SO2', 304), SO2_24H: 2000 }, 200],
    ['1-h 305 ppb without a 24-h value is 200', { SO2: ppb('SO2', 305) }, 200],
    ['… and with a 24-h value below 305 ppb', { SO2: 900, SO2_24H: ppb('SO2', 304) }, 200],
    ['1-h from 305 ppb uses the 24-h rows', { SO2: 900, SO2_24H: ppb('SO2', 305) }, 201],
    ['24-h 604 ppb is 300', { SO2: 900, SO2_24H: ppb('SO2', 604) }, 300],
    ['24-h above 1004 ppb continues the top row', { SO2: 900, SO2_24H: ppb('SO2', 1204) }, 600],
    ['the 24-h value may exceed the 1-h value', { SO2: 900, SO2_24H: 2000 }, 380],
    ['SO2_24H alone is no data', { SO2_24H: 2000 }, null],
    // 1281.32 µg/m³ is exactly 489 ppb; floats give 488.99999999999994 (§1).
    ['the float-safe truncation', { SO2: 900, SO2_24H: 1281.32 }, 262],
  ])('%s: %j → %s', (_, concentrations, value) => {
    expectUsAqiOf('SO2', concentrations, value);
  });
});

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

describe('US_AQI: inputs and no data', () => {
  it.each<[Inputs]>([
    [{}],
    [{ HUMIDITY: 60, PRESSURE: 1013 }],
    [{ PM25: Number.NaN, PM10: Number.POSITIVE_INFINITY, O3: Number.NEGATIVE_INFINITY }],
    [{ O3_1H: 200, SO2_24H: 5000 }],
  ])('%j is no data', (concentrations) => {
    expectNoData(usAqi(concentrations), 'US_AQI');
  });

  it('lists a sub-index for each present pollutant and no key for an absent one', () => {
    expect(Object.keys(usAqi({ PM25: 10 }).subIndexes)).toEqual(['PM25']);
    expect(Object.keys(usAqi({ NO2: 10, PM10: 10 }).subIndexes).sort()).toEqual(['NO2', 'PM10']);
  });

  it('counts a negative value as 0 and ignores names it does not know', () => {
    expect(usAqi({ PM25: -4, NO2: -1, BENZENE: 900 })).toMatchObject({
      value: 0,
      level: 'GOOD',
      dominantPollutant: 'PM25',
      subIndexes: { PM25: 0, NO2: 0 },
    });
  });

  it('breaks a tie in the order PM25, PM10, O3, NO2, SO2, CO', () => {
    // Every one of these is exactly 50.
    const all = { CO: ppm('CO', 4.4), SO2: ppb('SO2', 35), NO2: ppb('NO2', 53) };
    expect(usAqi(all).dominantPollutant).toBe('NO2');
    expect(usAqi({ ...all, O3: ppm('O3', 0.054) }).dominantPollutant).toBe('O3');
    expect(usAqi({ ...all, O3: ppm('O3', 0.054), PM10: 54 }).dominantPollutant).toBe('PM10');
    expect(usAqi({ ...all, PM10: 54, PM25: 9 }).dominantPollutant).toBe('PM25');
    expect(usAqi({ CO: ppm('CO', 4.4), SO2: ppb('SO2', 35) }).dominantPollutant).toBe('SO2');
  });

  it('rejects countedPollutants, which the national indexes do not take', () => {
    expect(() =>
      computeIndex({ PM25: 10 }, { indexType: 'US_AQI', countedPollutants: ['PM25'] as never }),
    ).toThrow(RangeError);
  });
});
