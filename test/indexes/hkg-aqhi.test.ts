import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { HKG_AQHI_INDEX } from '../../src/indexes/hkg-aqhi.js';
import { expectLevelList, oracleLevel } from '../helpers/in-naqi-oracle.js';
import {
  AQHI_KEYS,
  expectHkAqhiOracle,
  hkAqhi,
  hkAqhiInputArb,
  type Input,
  riskOnly,
} from '../helpers/more-indexes-cases-b.js';
import {
  AQHI_BANDS,
  HK_AQHI_LEVELS,
  hkAqhiOracle,
  roundedRisk,
} from '../helpers/more-indexes-oracle-b.js';
import { RUNS } from '../helpers/property-runs.js';

// Expected values come from more-indexes.md §7 (the worked table, transcribed below, three of
// its rows EPD's own published totals) and from the oracle in test/helpers, never from src
// (the sum, the minimum and the properties: hkg-aqhi-properties.test.ts).

describe('HKG_AQHI: every worked example of more-indexes.md §7', () => {
  it.each<[string, Input, string, number | null, string, string | null]>([
    [
      'official: Tai Po 2024-03-29 01:00, EPD 4.64',
      { NO2: 61.14, O3: 16.0, SO2: 2.44, PM25: 46.63 },
      'NO2 2.766 O3 0.822 SO2 0.034 PM25 1.022 = 4.64',
      3,
      'LOW',
      'NO2',
    ],
    [
      'official: Tsuen Wan 2024-04-26 00:00, EPD 3.80',
      { NO2: 44.27, O3: 24.09, SO2: 8.18, PM25: 20.64 },
      'NO2 1.995 O3 1.240 SO2 0.114 PM25 0.451 = 3.80',
      3,
      'LOW',
      'NO2',
    ],
    [
      'official: Tai Po 2021-07-31 00:00, EPD 3.55',
      { NO2: 41.76, O3: 22.04, SO2: 2.15, PM25: 22.92 },
      'NO2 1.881 O3 1.134 SO2 0.030 PM25 0.501 = 3.55',
      2,
      'LOW',
      'NO2',
    ],
    [
      'no SO2',
      { NO2: 100, O3: 60, PM25: 40 },
      'NO2 4.564 O3 3.117 PM25 0.876 = 8.56',
      5,
      'MODERATE',
      'NO2',
    ],
    [
      'PM10 above PM25',
      { NO2: 100, O3: 100, SO2: 10, PM10: 60, PM25: 40 },
      'NO2 4.564 O3 5.249 SO2 0.139 PM10 1.707 PM25 0.876 = 11.66',
      7,
      'HIGH',
      'O3',
    ],
    [
      'band 10',
      { NO2: 150, O3: 180, PM25: 100 },
      'NO2 6.923 O3 9.647 PM25 2.205 = 18.77',
      10,
      'VERY_HIGH',
      'O3',
    ],
    [
      '10+',
      { NO2: 150, O3: 200, PM25: 150 },
      'NO2 6.923 O3 10.775 PM25 3.325 = 21.02',
      11,
      'SERIOUS',
      'O3',
    ],
    [
      '10+, NO2 first',
      { NO2: 300, O3: 200, PM10: 200 },
      'NO2 14.325 O3 10.775 PM10 5.806 = 30.91',
      11,
      'SERIOUS',
      'NO2',
    ],
    ['no O3: minimum not met', { NO2: 50, PM25: 30 }, '', null, 'UNKNOWN', null],
  ])('%s', (_label, concentrations, terms, value, level, dominant) => {
    const index = hkAqhi(concentrations);
    const color = value === null ? '#999999' : oracleLevel(HK_AQHI_LEVELS, value).color;
    expect(index).toMatchObject({ name: 'HKG_AQHI', value, level, color });
    expect(index.dominantPollutant).toBe(dominant);
    expect(hkAqhiOracle(concentrations)?.value ?? null).toBe(value);
    if (value === null) return;
    // The printed terms are the sub-indexes (3 decimals), the printed total the rounded sum.
    const [parts, total] = terms.split(' = ');
    const printed = parts!.split(' ');
    const expected: Record<string, number> = {};
    for (let i = 0; i < printed.length; i += 2) expected[printed[i]!] = Number(printed[i + 1]);
    expect(index.subIndexes).toStrictEqual(expected);
    expect(roundedRisk(hkAqhiOracle(concentrations)!.risk).toFixed(2)).toBe(total);
  });
});

describe('HKG_AQHI: the scale', () => {
  it('has one edition, 2013, and rejects any other', () => {
    expect(HKG_AQHI_INDEX.name).toBe('HKG_AQHI');
    expect(HKG_AQHI_INDEX.editions).toEqual(['2013']);
    const input = { NO2: 100, O3: 60, PM25: 40 };
    expect(computeIndex(input, { indexType: HKG_AQHI_INDEX, edition: '2013' }).value).toBe(5);
    expect(() =>
      computeIndex(input, { indexType: HKG_AQHI_INDEX, edition: '2008' as never }),
    ).toThrow(RangeError);
  });

  it('reads NO2, SO2, O3, PM10 and PM25, and names a misspelt key', () => {
    expect([...HKG_AQHI_INDEX.inputs].sort()).toEqual([...AQHI_KEYS].sort());
    expect(() => hkAqhi({ no2: 20 } as Input)).toThrow(TypeError);
  });

  it('lists the categories and colours of §7, frozen, with texts in English and Polish', () => {
    expectLevelList(HKG_AQHI_INDEX.levels, HK_AQHI_LEVELS);
    expect(HKG_AQHI_INDEX.levelBounds).toBe('lower-inclusive');
    for (const { description, advice } of HKG_AQHI_INDEX.levels) {
      for (const text of [description.en, description.pl, advice.en, advice.pl]) {
        expect(text).toMatch(/^\p{Lu}.{4,}\.$/u);
      }
    }
    const input = { NO2: 100, O3: 100, SO2: 10, PM10: 60, PM25: 40 };
    expect(hkAqhi(input, 'pl').description).toBe(HKG_AQHI_INDEX.levels[2]!.description.pl);
    expect(hkAqhi(input, 'pl').advice).toBe(HKG_AQHI_INDEX.levels[2]!.advice.pl);
  });
});

describe('HKG_AQHI: %AR rounded to 0.01 before banding', () => {
  it('puts each printed band edge in its band, and the next hundredth in the next', () => {
    AQHI_BANDS.forEach(([lo, hi], k) => {
      expect(hkAqhi(riskOnly(lo)).value).toBe(k + 1);
      expect(hkAqhi(riskOnly(hi)).value).toBe(k + 1);
      expect(hkAqhi(riskOnly(hi + 0.01)).value).toBe(k + 2);
    });
    expect(hkAqhi(riskOnly(19.38)).value).toBe(11);
    expect(hkAqhi(riskOnly(0)).value).toBe(1);
  });

  it('rounds half up: a total within 0.005 above an edge stays in the lower band', () => {
    AQHI_BANDS.forEach(([, hi], k) => {
      // hi + 0.00499 rounds down to hi; hi + 0.005 rounds up to the next hundredth.
      expect(hkAqhi(riskOnly(hi + 0.00499)).value).toBe(k + 1);
      expect(hkAqhi(riskOnly(hi + 0.005)).value).toBe(k + 2);
      expect(hkAqhi(riskOnly(hi - 0.00501)).value).toBe(k + 1);
      for (const risk of [hi + 0.00499, hi + 0.005, hi + 0.00501, hi - 0.005]) {
        expectHkAqhiOracle(riskOnly(risk));
      }
    });
  });

  it('for any concentrations (value, sub-indexes, dominant, level, colour)', () => {
    fc.assert(
      fc.property(hkAqhiInputArb, (input) => expectHkAqhiOracle(input)),
      RUNS,
    );
  });
});
