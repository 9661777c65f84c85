import { describe, expect, it } from 'vitest';
import { type HourlyMeans, type IndexInputs, indexInputs } from '../../src/averaging/index.js';
import type { IndexEdition } from '../../src/indexes/index-editions.js';
import type { NationalIndexTypeName } from '../../src/indexes/index-table.js';

// indexInputs for the seven indexes of more-indexes.md §2, worked by hand from its table (the
// properties against the naive oracle are in index-inputs.test.ts, over every index).

const NaN_ = Number.NaN;

function inputsOf(index: string, edition: string | undefined, hourly: HourlyMeans): IndexInputs {
  return indexInputs(
    index as NationalIndexTypeName,
    edition as IndexEdition<NationalIndexTypeName> | undefined,
    hourly,
  );
}

// `count` hours of `value`.
const hours = (value: number, count: number): number[] => Array(count).fill(value);

describe('indexInputs for the seven indexes of more-indexes.md §2', () => {
  it('DEU_UBA 2025 reads the latest hour of all five; 2019 24-h PM and no SO2', () => {
    const pm10 = [...hours(10, 23), 40];
    const hourly = { PM10: pm10, PM25: pm10, NO2: [20, 30], O3: [50, NaN_], SO2: [5, 6] };
    expect(inputsOf('DEU_UBA', '2025', hourly)).toEqual({ PM25: 40, PM10: 40, NO2: 30, SO2: 6 });
    expect(inputsOf('DEU_UBA', undefined, hourly)).toEqual(inputsOf('DEU_UBA', '2025', hourly));
    expect(inputsOf('DEU_UBA', '2019', hourly)).toEqual({ PM25: 11.25, PM10: 11.25, NO2: 30 });
  });

  it('FRA_ATMO: 24-h mean PM, the highest hour of the last 24 for NO2, O3 and SO2', () => {
    const o3 = [200, ...hours(60, 21), 140, 90, 80]; // the 200 is 24 hours before: outside
    const no2 = [...hours(NaN_, 7), ...hours(30, 17)]; // 17 of 24: no value
    const pm25 = [...hours(NaN_, 6), ...hours(12, 18)]; // 18 of 24: passes
    expect(inputsOf('FRA_ATMO', '2021', { O3: o3, NO2: no2, PM25: pm25 })).toEqual({
      PM25: 12,
      O3: 140,
    });
  });

  it('KOR_CAI: C24E PM (C12 9 of 12, C4 3 of 4), latest hour of the gases', () => {
    const pm25 = [...hours(50, 8), 60, 60, 60, 60]; // C12 53.33, every newest hour damped: C4 45
    const pm10 = [...hours(NaN_, 4), ...hours(40, 8)]; // 8 of 12: no value
    const inputs = inputsOf('KOR_CAI', '2018', { PM25: pm25, PM10: pm10, O3: [70], CO: [400] });
    expect(inputs.PM25).toBeCloseTo((640 / 12 + 45) / 2, 12);
    expect(inputs).toMatchObject({ O3: 70, CO: 400 });
    expect('PM10' in inputs).toBe(false);
  });

  it('SGP_PSI: 24-h PM and SO2, 8-h O3 and CO, latest NO2 and O3_1H', () => {
    const o3 = [...hours(100, 7), 180];
    const inputs = inputsOf('SGP_PSI', '2014', {
      PM10: hours(25, 24),
      SO2: [...hours(10, 12), ...hours(30, 12)],
      O3: o3,
      CO: [...hours(NaN_, 3), ...hours(800, 5)], // 5 of 8: no value
      NO2: [1200],
    });
    expect(inputs).toEqual({ PM10: 25, SO2: 20, O3: 110, O3_1H: 180, NO2: 1200 });
  });

  it('HKG_AQHI: 3-h means of all five, 2 of 3', () => {
    const inputs = inputsOf('HKG_AQHI', '2013', {
      NO2: [60, 62, 64],
      O3: [10, NaN_, 20],
      SO2: [5, NaN_, NaN_],
      PM25: [30, 33, 36],
      PM10: [50, 40, 30],
    });
    expect(inputs).toEqual({ NO2: 62, O3: 15, PM25: 33, PM10: 40 });
  });

  it('AUS_AQC: hourly categories, O3_4H the 4-h O3 (3 of 4), 8-h CO', () => {
    const o3 = [40, 100, NaN_, 120, 140];
    const inputs = inputsOf('AUS_AQC', '2020', { O3: o3, CO: hours(2000, 8), PM25: [26] });
    expect(inputs).toEqual({ PM25: 26, O3: 140, CO: 2000, O3_4H: 120 });
    expect('O3_4H' in inputsOf('AUS_AQC', '2020', { O3: [100, NaN_, NaN_, 140] })).toBe(false);
  });

  it('THA_AQI: 24-h PM, 8-h O3 and CO, latest NO2 and SO2', () => {
    const inputs = inputsOf('THA_AQI', '2023', {
      PM25: [...hours(30, 12), ...hours(50, 12)],
      O3: [...hours(80, 4), ...hours(40, 4)],
      CO: hours(1000, 8),
      NO2: [10, 20],
      SO2: [NaN_],
    });
    expect(inputs).toEqual({ PM25: 40, O3: 60, CO: 1000, NO2: 20 });
  });

  it('passes negative hourly means on raw (computeIndex counts a negative input as 0)', () => {
    expect(inputsOf('FRA_ATMO', '2021', { NO2: hours(-2, 24) })).toEqual({ NO2: -2 });
    expect(inputsOf('AUS_AQC', '2020', { O3: [-4, -2, -3, -1] })).toEqual({ O3: -1, O3_4H: -2.5 });
  });

  it('an unknown edition of a new index is a RangeError naming it', () => {
    expect(() => inputsOf('KOR_CAI', '2019', {})).toThrow(
      new RangeError('indexInputs: edition must be one of 2018, got "2019"'),
    );
    expect(() => inputsOf('kor_cai', undefined, {})).toThrow(RangeError);
  });
});
