import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { THA_AQI_INDEX, THA_AQI_TABLES } from '../../src/indexes/tha-aqi.js';
import { expectIndexMatches, expectLevelTexts, levelFacts } from '../helpers/eaqi-oracle.js';
import { MORE_INDEXES_A_LEVEL_TEXTS } from '../helpers/more-indexes-oracle-a.js';
import { expectNoData } from '../helpers/national-oracle-common.js';
import { THA_POLLUTANTS, thaAqi, thaInputFor } from '../helpers/tha-aqi-arbitraries.js';
import {
  naiveThaAqi,
  THA_AQI_REFERENCE_COLUMNS,
  THA_AQI_REFERENCE_LEVELS,
  THA_AQI_REFERENCE_RANGES,
} from '../helpers/tha-aqi-oracle.js';

// Expected values come from the §9 table of more-indexes.md transcribed in
// test/helpers/tha-aqi-oracle.ts and its naive AQI, never from src's tables. The properties
// against the oracle are in tha-aqi-properties.test.ts.

describe('THA_AQI: the worked examples of more-indexes.md §9', () => {
  it.each<[Record<string, number>, number, string, string]>([
    [{ PM25: 15.0 }, 25, 'VERY_GOOD', 'PM25'],
    [{ PM25: 37.55 }, 100, 'MODERATE', 'PM25'],
    [{ PM25: 75.1 }, 201, 'AFFECTS_HEALTH', 'PM25'],
    [{ PM25: 100 }, 267, 'AFFECTS_HEALTH', 'PM25'],
    [{ NO2: 200 }, 50, 'GOOD', 'NO2'],
  ])('%o → %d %s, dominant %s', (input, value, level, dominant) => {
    const index = thaAqi(input);
    expect(index).toMatchObject({ name: 'THA_AQI', value, level, dominantPollutant: dominant });
    expect(index.color).toBe(THA_AQI_REFERENCE_LEVELS.find((l) => l.level === level)!.color);
    expectIndexMatches(index, naiveThaAqi(input));
  });

  it('PM25 50, PM10 100, O3 100, NO2 60, SO2 20, CO 1000 → 134, every sub-index as §9 works it', () => {
    const input = { PM25: 50, PM10: 100, O3: 100, NO2: 60, SO2: 20, CO: 1000 };
    const texts = MORE_INDEXES_A_LEVEL_TEXTS.THA_AQI!.STARTING_TO_AFFECT_HEALTH!;
    expect(thaAqi(input)).toEqual({
      name: 'THA_AQI',
      value: 134,
      level: 'STARTING_TO_AFFECT_HEALTH',
      description: texts.description.en,
      advice: texts.advice.en,
      color: '#FFA202',
      dominantPollutant: 'PM25',
      subIndexes: { PM25: 134, PM10: 75, O3: 50, NO2: 13, SO2: 2, CO: 5 },
    });
    expectIndexMatches(thaAqi(input), naiveThaAqi(input));
    const polish = thaAqi(input, 'pl');
    expect([polish.description, polish.advice]).toEqual([texts.description.pl, texts.advice.pl]);
  });

  it('continues the 101–200 slope from 201 on the open row, without limit', () => {
    // PM10: 201 + 99 / 59 × 60 = 301.68; CO 40 ppm: 201 + 99 / 20.9 × 9.9 = 247.9.
    expect(thaAqi({ PM10: 181 }).value).toBe(201);
    expect(thaAqi({ PM10: 241 }).value).toBe(302);
    expect(thaAqi({ CO: thaInputFor('CO', 40) }).value).toBe(248);
    expect(thaAqi({ PM25: 1e308 })).toMatchObject({
      value: Number.MAX_VALUE,
      level: 'AFFECTS_HEALTH',
    });
  });

  it('truncates before it reads the rows: PM25 to 0.1, PM10 to 1, gases to 1 ppb, CO to 0.1 ppm', () => {
    expect(thaAqi({ PM25: 15.09 }).value).toBe(25);
    expect(thaAqi({ PM10: 50.99 }).value).toBe(25);
    expect(thaAqi({ CO: thaInputFor('CO', 4.49) }).value).toBe(25);
    expect(thaAqi({ CO: thaInputFor('CO', 4.5) }).value).toBe(26);
    expect(thaAqi({ SO2: thaInputFor('SO2', 100.9) }).value).toBe(25);
    expect(thaAqi({ O3: thaInputFor('O3', 120.9) }).value).toBe(200);
  });

  it('takes its one edition, 2023, by default and by name', () => {
    expect(THA_AQI_INDEX.editions).toEqual(['2023']);
    const named = computeIndex({ PM25: 100 }, { indexType: THA_AQI_INDEX, edition: '2023' });
    expect(named).toEqual(thaAqi({ PM25: 100 }));
  });
});

describe('THA_AQI tables', () => {
  it('holds the §9 columns: unit, decimals, rows with their AQI ranges, open row start', () => {
    for (const [pollutant, column] of Object.entries(THA_AQI_REFERENCE_COLUMNS)) {
      const table = THA_AQI_TABLES[pollutant as keyof typeof THA_AQI_TABLES];
      expect(table).toEqual({
        unit: column.unit,
        decimals: column.decimals,
        openFrom: column.openFrom,
        rows: column.rows.map(([cLo, cHi], j) => {
          const [iLo, iHi] = THA_AQI_REFERENCE_RANGES[j]!;
          return { cLo, cHi, iLo, iHi };
        }),
      });
      expect(Object.isFrozen(table.rows[3])).toBe(true);
    }
    expect(Object.keys(THA_AQI_TABLES).sort()).toEqual([...THA_POLLUTANTS].sort());
  });

  it('is named THA_AQI and reads the six pollutants', () => {
    expect(THA_AQI_INDEX.name).toBe('THA_AQI');
    expect([...THA_AQI_INDEX.inputs].sort()).toEqual([...THA_POLLUTANTS].sort());
    expect(THA_AQI_INDEX.levelBounds).toBe('lower-inclusive');
    expect(Object.isFrozen(THA_AQI_INDEX)).toBe(true);
  });

  it('has the five §9 levels with their ranges and colours, the last open', () => {
    expect(levelFacts(THA_AQI_INDEX.levels)).toEqual(THA_AQI_REFERENCE_LEVELS);
  });

  it('carries the reviewed texts of the golden fixture, in English and Polish, frozen', () => {
    expect(
      Object.fromEntries(
        THA_AQI_INDEX.levels.map(({ level, description, advice }) => [
          level,
          { description, advice },
        ]),
      ),
    ).toEqual(MORE_INDEXES_A_LEVEL_TEXTS.THA_AQI);
    expectLevelTexts(THA_AQI_INDEX.levels);
    expect(new Set(THA_AQI_INDEX.levels.map((l) => l.advice.pl)).size).toBe(5);
  });
});

describe('THA_AQI dominant pollutant', () => {
  it('breaks a tie by PM25, PM10, O3, NO2, SO2, CO', () => {
    // Every column's row 2 ends at AQI 50.
    const tops = Object.fromEntries(
      THA_POLLUTANTS.map((p) => [p, thaInputFor(p, THA_AQI_REFERENCE_COLUMNS[p]!.rows[1]![1])]),
    );
    const order = ['PM25', 'PM10', 'O3', 'NO2', 'SO2', 'CO'];
    order.forEach((pollutant, i) => {
      const tied = Object.fromEntries(order.slice(i).map((p) => [p, tops[p]]));
      expect(thaAqi(tied)).toMatchObject({ value: 50, dominantPollutant: pollutant });
    });
  });
});

describe('THA_AQI without data or with misuse', () => {
  it.each<Record<string, unknown>>([
    {},
    { HUMIDITY: 60, O3_1H: 300, SO2_24H: 900, O3_4H: 80 },
    { PM25: Number.NaN, PM10: Number.POSITIVE_INFINITY, CO: Number.NEGATIVE_INFINITY },
    { O3: '80', SO2: null },
  ])('%o is no data', (concentrations) => {
    expectNoData(thaAqi(concentrations), 'THA_AQI');
  });

  it('counts a negative value as 0', () => {
    expect(thaAqi({ NO2: -4 })).toMatchObject({
      value: 0,
      level: 'VERY_GOOD',
      subIndexes: { NO2: 0 },
    });
  });

  it('rejects an edition it does not have', () => {
    expect(() =>
      computeIndex({ PM25: 1 }, { indexType: THA_AQI_INDEX, edition: '2024' as never }),
    ).toThrow(new RangeError('computeIndex: options.edition must be one of 2023, got "2024"'));
  });
});
