import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import { expectUsAqiOf, type Inputs, ppb, ppm, usAqi } from '../helpers/us-aqi-checks.js';

// The O3 and SO2 rules of world-indexes.md §3.1 (steps 5 and 6) and the reading of the inputs
// (absent, negative, unknown, ties), through computeIndex. Each worked case is also checked
// against the oracle in test/helpers/us-aqi-oracle.ts.

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
