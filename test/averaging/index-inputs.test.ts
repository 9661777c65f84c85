import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HourlyMeans, type IndexInputs, indexInputs } from '../../src/averaging/index.js';
import type { IndexEdition } from '../../src/indexes/index-editions.js';
import type { NationalIndexTypeName } from '../../src/indexes/index-table.js';
import { hourlyMeansArb } from '../helpers/averaging-arbitraries.js';
import {
  closeTo,
  naiveIndexInputs,
  ORACLE_EDITIONS,
  oracleRules,
} from '../helpers/averaging-oracles.js';

const NaN_ = Number.NaN;
const PAIRS = Object.entries(ORACLE_EDITIONS).flatMap(([index, editions]) =>
  editions.map((edition) => [index, edition] as const),
);

function inputsOf(index: string, edition: string | undefined, hourly: HourlyMeans): IndexInputs {
  return indexInputs(
    index as NationalIndexTypeName,
    edition as IndexEdition<NationalIndexTypeName> | undefined,
    hourly,
  );
}

// `present` hours of `value`, newest last, after `missing` hours without samples, `older`
// present hours before them all.
function series(value: number, present: number, missing = 0, older = 0): number[] {
  return [...Array(older).fill(value), ...Array(missing).fill(NaN_), ...Array(present).fill(value)];
}

// EPA's NowCast example, oldest first (the reference prints it newest first).
const EPA_PM25 = [50, 80, 75, 90, 82, 53, 64, 74, 21, 10, 16, 13];

describe('indexInputs examples (world-indexes.md §2)', () => {
  it('US_AQI: NowCast PM, 8-h O3 and CO, latest O3_1H, SO2, NO2, 24-h SO2_24H', () => {
    const o3 = [...series(100, 16), 40, 50, 60, 70, 80, 90, 100, 110];
    const so2 = [...series(20, 23), 44];
    const co = series(500, 6);
    const hourly = { PM25: EPA_PM25, PM10: EPA_PM25, O3: o3, CO: co, SO2: so2, NO2: [7, 9] };
    const inputs = inputsOf('US_AQI', '2024', hourly);
    expect(Object.keys(inputs).join(' ')).toBe('PM25 PM10 NO2 O3 SO2 CO O3_1H SO2_24H');
    expect(inputs.PM25!.toFixed(2)).toBe('17.41');
    expect(inputs.PM10).toBe(inputs.PM25);
    expect(inputs.O3).toBe(75);
    expect(inputs.O3_1H).toBe(110);
    expect(inputs.CO).toBe(500);
    expect(inputs.SO2).toBe(44);
    expect(inputs.NO2).toBe(9);
    expect(inputs.SO2_24H).toBe(21);
    expect(inputsOf('US_AQI', '2012', hourly)).toEqual(inputs);
  });

  it('US_AQI: each capture rule decides its own key', () => {
    const inputs = inputsOf('US_AQI', undefined, {
      PM25: [10, 10, NaN_, 10, NaN_], // 1 of the 3 newest: no NowCast
      PM10: [NaN_, 20, 20], // 2 of 3
      O3: series(60, 5, 3), // 5 of 8
      CO: series(900, 6, 2), // 6 of 8
      SO2: series(30, 17, 7).concat([NaN_]), // latest hour missing; 17 of 24
    });
    // O3 fails its 8-h rule, yet its latest hour exists, so O3_1H is there.
    expect(inputs).toEqual({ PM10: 20, CO: 900, O3_1H: 60 });
  });

  it('US_AQI: a 24-h mean needs 18 of 24, older hours beyond the array counting as missing', () => {
    expect(inputsOf('US_AQI', '2024', { SO2: series(30, 18) }).SO2_24H).toBe(30);
    expect(inputsOf('US_AQI', '2024', { SO2: series(30, 17) }).SO2_24H).toBeUndefined();
    expect(inputsOf('US_AQI', '2024', { SO2: series(30, 17, 7, 10) }).SO2_24H).toBeUndefined();
  });

  it('EAQI: 2025 reads the latest hour of PM, 2019 the 24-h mean with 18 of 24', () => {
    const pm = [...series(10, 22), 30, 50];
    const hourly = { PM25: pm, PM10: pm, NO2: [5], O3: [6], SO2: [7], CO: [8] };
    expect(inputsOf('EAQI', '2025', hourly)).toEqual({ PM25: 50, PM10: 50, NO2: 5, O3: 6, SO2: 7 });
    const mean = 300 / 24;
    const eaqi2019 = { PM25: mean, PM10: mean, NO2: 5, O3: 6, SO2: 7 };
    expect(inputsOf('EAQI', '2019', hourly)).toEqual(eaqi2019);
    expect(inputsOf('EAQI', '2019', { PM25: series(10, 17, 7) })).toEqual({});
    expect(inputsOf('EAQI', undefined, hourly)).toEqual(inputsOf('EAQI', '2025', hourly));
  });

  it('UK_DAQI: 8-h O3 (6 of 8), 1-h NO2 and SO2, 24-h PM (18 of 24)', () => {
    const inputs = inputsOf('UK_DAQI', '2013', {
      O3: series(121, 6, 2),
      NO2: [300, 200.5],
      SO2: [1064],
      PM25: series(64, 18, 6),
      PM10: series(100, 17, 7),
      CO: series(1, 24),
    });
    expect(inputs).toEqual({ PM25: 64, NO2: 200.5, O3: 121, SO2: 1064 });
  });

  it('IN_NAQI: 24-h PM, NO2 and SO2 need 16 of 24; 8-h O3 and CO need 6 of 8', () => {
    const inputs = inputsOf('IN_NAQI', '2014', {
      PM25: series(31, 16, 8),
      PM10: series(300, 15, 9),
      NO2: series(10, 24),
      SO2: series(10, 16),
      O3: series(20, 6),
      CO: series(1150, 5, 3),
    });
    expect(inputs).toEqual({ PM25: 31, NO2: 10, O3: 20, SO2: 10 });
  });

  it('CN_AQI: 1-h means of all six; edition 2012 adds SO2_24H with 20 of 24', () => {
    const hourly = {
      PM25: [75],
      PM10: [150],
      NO2: [350],
      O3: [160.8],
      SO2: series(900, 20, 4),
      CO: [500],
    };
    const latest = { PM25: 75, PM10: 150, NO2: 350, O3: 160.8, SO2: 900, CO: 500 };
    expect(inputsOf('CN_AQI', '2026', hourly)).toEqual(latest);
    expect(inputsOf('CN_AQI', '2012', hourly)).toEqual({ ...latest, SO2_24H: 900 });
    const fewer = { ...hourly, SO2: series(900, 19, 5) };
    expect(inputsOf('CN_AQI', '2012', fewer)).toEqual(latest);
  });

  it('CA_AQHI: 3-h running means, 2 of 3 hours', () => {
    const inputs = inputsOf('CA_AQHI', '2008', {
      O3: [50, 60, 70],
      NO2: [NaN_, 20, 30],
      PM25: [8, NaN_, NaN_],
      SO2: [1, 2, 3],
    });
    expect(inputs).toEqual({ O3: 60, NO2: 25 });
  });

  it('leaves out every key whose data is missing, never giving NaN', () => {
    for (const [index, edition] of PAIRS) {
      const empty = new Float64Array(24).fill(NaN_);
      const hourly = { PM25: empty, PM10: empty, NO2: empty, O3: empty, SO2: empty, CO: empty };
      expect(inputsOf(index, edition, hourly)).toEqual({});
      expect(inputsOf(index, edition, {})).toEqual({});
      expect(inputsOf(index, edition, { PM25: [], NO2: null, O3: undefined })).toEqual({});
    }
  });

  it('ignores other names and returns a frozen object', () => {
    const inputs = inputsOf('CN_AQI', '2026', {
      PM1: [3],
      TEMPERATURE: [20],
      O3_1H: [5],
      PM25: [9],
    });
    expect(inputs).toEqual({ PM25: 9 });
    expect(Object.isFrozen(inputs)).toBe(true);
  });

  it('takes plain arrays and Float64Arrays alike, and changes neither', () => {
    const pm = [...series(12, 20), NaN_, 14, 15];
    const inputs = inputsOf('UK_DAQI', '2013', { PM25: pm });
    expect(inputsOf('UK_DAQI', '2013', { PM25: Float64Array.from(pm) })).toEqual(inputs);
    expect(pm).toEqual([...series(12, 20), NaN_, 14, 15]);
  });

  it('throws RangeError for an unknown index or edition, TypeError for bad data', () => {
    expect(() => inputsOf('CAQI', undefined, {})).toThrow(
      new RangeError(
        'indexInputs: indexType must be one of US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI, DEU_UBA, FRA_ATMO, KOR_CAI, SGP_PSI, HKG_AQHI, AUS_AQC, THA_AQI, got "CAQI"',
      ),
    );
    expect(() => inputsOf('CN_AQI', '2025', {})).toThrow(
      new RangeError('indexInputs: edition must be one of 2026, 2012, got "2025"'),
    );
    expect(() => inputsOf('EAQI', '2025', null as unknown as HourlyMeans)).toThrow(
      new TypeError('indexInputs: hourly must be an object of hourly-mean arrays, got null'),
    );
    expect(() => inputsOf('EAQI', '2025', 3 as unknown as HourlyMeans)).toThrow(TypeError);
    expect(() => inputsOf('EAQI', '2025', { NO2: 5 as unknown as number[] })).toThrow(
      new TypeError('indexInputs: hourly.NO2 must be an array or typed array of numbers, got 5'),
    );
    // A series the index does not read is not checked.
    expect(inputsOf('EAQI', '2025', { CO: 5 as unknown as number[] })).toEqual({});
  });
});

describe('indexInputs properties', () => {
  it.each(PAIRS)('%s %s equals the oracle composed from §2 and §3.4', (index, edition) => {
    fc.assert(
      fc.property(hourlyMeansArb(30), (hourly) => {
        const actual = inputsOf(index, edition, hourly);
        const expected = naiveIndexInputs(index, edition, hourly);
        expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
        for (const key of Object.keys(expected)) {
          expect(closeTo(actual[key as keyof IndexInputs], expected[key])).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('gives a finite number or nothing, and nothing for a pollutant without data', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAIRS),
        hourlyMeansArb(30),
        fc.subarray(['PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO']),
        ([index, edition], hourly, emptied) => {
          const withGaps = { ...hourly };
          for (const name of emptied) withGaps[name] = new Float64Array(30).fill(NaN_);
          const inputs = inputsOf(index, edition, withGaps);
          for (const value of Object.values(inputs)) expect(Number.isFinite(value)).toBe(true);
          for (const rule of oracleRules(index, edition)) {
            if (emptied.includes(rule.source)) expect(rule.key in inputs).toBe(false);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never lowers an input when an hour rises (indexes without NowCast or C24E)', () => {
    // NowCast reweights and C24E damps a recent hour that reaches M: neither is monotone.
    const monotonePairs = PAIRS.filter(([index]) => index !== 'US_AQI' && index !== 'KOR_CAI');
    fc.assert(
      fc.property(
        fc.constantFrom(...monotonePairs),
        hourlyMeansArb(30),
        fc.constantFrom('PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO'),
        fc.nat(),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        ([index, edition], hourly, name, pick, rise) => {
          const values = hourly[name];
          fc.pre(
            values !== undefined &&
              values.length > 0 &&
              Number.isFinite(values[pick % values.length]),
          );
          const raised = Array.from(values!);
          raised[pick % raised.length] = raised[pick % raised.length]! + rise;
          const before = inputsOf(index, edition, hourly);
          const after = inputsOf(index, edition, { ...hourly, [name]: raised });
          expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
          for (const [key, value] of Object.entries(before)) {
            const next = after[key as keyof IndexInputs]!;
            expect(next + 1e-9 * Math.max(1, Math.abs(value))).toBeGreaterThanOrEqual(value);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
