import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUS_AQC_INDEX } from '../../src/indexes/aus-aqc.js';
import { CA_AQHI_INDEX } from '../../src/indexes/ca-aqhi.js';
import { CAQI_INDEX } from '../../src/indexes/caqi.js';
import { CN_AQI_INDEX } from '../../src/indexes/cn-aqi.js';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { DEU_UBA_INDEX } from '../../src/indexes/deu-uba.js';
import { EAQI_INDEX } from '../../src/indexes/eaqi.js';
import { computeIndexWith } from '../../src/indexes/evaluate-index.js';
import { FRA_ATMO_INDEX } from '../../src/indexes/fra-atmo.js';
import { gridIndex } from '../../src/indexes/grid-index.js';
import { HKG_AQHI_INDEX } from '../../src/indexes/hkg-aqhi.js';
import { IN_NAQI_INDEX } from '../../src/indexes/in-naqi.js';
import { INDEX_DEFINITIONS, indexLevels } from '../../src/indexes/index-definitions.js';
import { defineIndexTable, type IndexTable } from '../../src/indexes/index-table.js';
import { KOR_CAI_INDEX } from '../../src/indexes/kor-cai.js';
import { PIJP_INDEX } from '../../src/indexes/pijp.js';
import { SGP_PSI_INDEX } from '../../src/indexes/sgp-psi.js';
import { THA_AQI_INDEX } from '../../src/indexes/tha-aqi.js';
import { UK_DAQI_INDEX } from '../../src/indexes/uk-daqi.js';
import { US_AQI_INDEX } from '../../src/indexes/us-aqi.js';
import { VENDOR_CAQI_INDEX } from '../../src/indexes/vendor-caqi.js';
import { concentrationArb } from '../helpers/index-arbitraries.js';
import { REFERENCE_INPUT_NAMES as INPUT_NAMES } from '../helpers/index-reference-tables.js';
import { RUNS } from '../helpers/property-runs.js';

// The one model of an index: every built-in index is an IndexDefinition that gives, by itself,
// what computeIndex gives by name; a grid index of one's own with editions picks its table per
// edition. Expected names and lists are written here (misspelt input names:
// index-input-names.test.ts).

describe('the built-in index definitions', () => {
  const expected = {
    VENDOR_CAQI: [VENDOR_CAQI_INDEX, [], ['PM10', 'PM25', 'NO2', 'O3', 'SO2', 'CO']],
    CAQI: [CAQI_INDEX, [], ['PM10', 'PM25', 'NO2', 'O3', 'SO2', 'CO']],
    PIJP: [PIJP_INDEX, ['2019-10'], ['PM10', 'PM25', 'O3', 'NO2', 'SO2']],
    US_AQI: [
      US_AQI_INDEX,
      ['2024', '2012'],
      ['PM25', 'PM10', 'O3', 'O3_1H', 'CO', 'SO2', 'SO2_24H', 'NO2'],
    ],
    EAQI: [EAQI_INDEX, ['2025', '2019'], ['PM25', 'PM10', 'NO2', 'O3', 'SO2']],
    UK_DAQI: [UK_DAQI_INDEX, ['2013'], ['O3', 'NO2', 'SO2', 'PM25', 'PM10']],
    IN_NAQI: [IN_NAQI_INDEX, ['2014'], ['PM25', 'PM10', 'O3', 'NO2', 'SO2', 'CO']],
    CN_AQI: [CN_AQI_INDEX, ['2026', '2012'], ['PM25', 'PM10', 'O3', 'NO2', 'SO2', 'CO', 'SO2_24H']],
    CA_AQHI: [CA_AQHI_INDEX, ['2008'], ['PM25', 'O3', 'NO2']],
    // more-indexes.md §1.1 editions; inputs in the order of each section's table (§3–§9)
    DEU_UBA: [DEU_UBA_INDEX, ['2025', '2019'], ['PM25', 'PM10', 'O3', 'NO2', 'SO2']],
    FRA_ATMO: [FRA_ATMO_INDEX, ['2021'], ['PM25', 'PM10', 'O3', 'NO2', 'SO2']],
    KOR_CAI: [KOR_CAI_INDEX, ['2018'], ['PM25', 'PM10', 'O3', 'NO2', 'SO2', 'CO']],
    SGP_PSI: [SGP_PSI_INDEX, ['2014'], ['PM25', 'PM10', 'SO2', 'CO', 'O3', 'O3_1H', 'NO2']],
    HKG_AQHI: [HKG_AQHI_INDEX, ['2013'], ['NO2', 'SO2', 'O3', 'PM10', 'PM25']],
    AUS_AQC: [AUS_AQC_INDEX, ['2020'], ['PM25', 'PM10', 'O3', 'O3_4H', 'NO2', 'SO2', 'CO']],
    THA_AQI: [THA_AQI_INDEX, ['2023'], ['PM25', 'PM10', 'O3', 'NO2', 'SO2', 'CO']],
  } as const;
  const names = Object.keys(expected) as (keyof typeof expected)[];

  it('are the registry, by name, with their editions and inputs', () => {
    expect(Object.keys(INDEX_DEFINITIONS)).toEqual(names);
    for (const name of names) {
      const [definition, editions, inputs] = expected[name];
      expect(INDEX_DEFINITIONS[name]).toBe(definition);
      expect(definition.name).toBe(name);
      expect([...definition.editions]).toEqual(editions);
      expect([...definition.inputs]).toEqual(inputs);
      expect(Object.isFrozen(definition)).toBe(true);
    }
  });

  it('give the meta list its levels, lowest first', () => {
    expect(indexLevels('CAQI').map((level) => level.level)).toEqual([
      'VERY_LOW',
      'LOW',
      'MEDIUM',
      'HIGH',
      'VERY_HIGH',
    ]);
    expect(indexLevels('EAQI').map((level) => level.minValue)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(indexLevels('CA_AQHI')).toHaveLength(11);
    expect(indexLevels('KOR_CAI').map((level) => level.level)).toEqual([
      'GOOD',
      'MODERATE',
      'UNHEALTHY',
      'VERY_UNHEALTHY',
    ]);
    expect(indexLevels('FRA_ATMO').map((level) => level.color)).toEqual([
      '#50F0E6',
      '#50CCAA',
      '#F0E641',
      '#FF5050',
      '#960032',
      '#872181',
    ]);
  });

  it('let only the grid indexes take countedPollutants, and only pollutants with a grid', () => {
    expect(CAQI_INDEX.countablePollutants).toEqual(['PM10', 'PM25', 'NO2', 'O3', 'SO2', 'CO']);
    expect(PIJP_INDEX.countablePollutants).toEqual(['PM10', 'PM25', 'O3', 'NO2', 'SO2']);
    expect(US_AQI_INDEX.countablePollutants).toBeUndefined();
    expect(computeIndexWith(CAQI_INDEX, { NO2: 150 }, { countedPollutants: ['NO2'] }).value).toBe(
      62.5,
    );
    expect(() => computeIndexWith(PIJP_INDEX, { CO: 1 }, { countedPollutants: ['CO'] })).toThrow(
      new RangeError(
        'computeIndexWith: options.countedPollutants must name pollutants with a PIJP grid (PM10, PM25, O3, NO2, SO2), got "CO"',
      ),
    );
    expect(() =>
      computeIndexWith(EAQI_INDEX, { PM25: 1 }, { countedPollutants: ['PM25'] }),
    ).toThrow(
      new RangeError(
        'computeIndexWith: options.countedPollutants must be omitted for EAQI, where every pollutant counts, got ["PM25"]',
      ),
    );
  });

  it('are told from names by their compute function; another object is an unknown name', () => {
    for (const odd of [{}, { compute: 3 }, []]) {
      expect(() => computeIndex({ PM25: 1 }, { indexType: odd as never })).toThrow(
        /^computeIndex: options\.indexType must be one of VENDOR_CAQI, CAQI, PIJP, US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI, DEU_UBA, FRA_ATMO, KOR_CAI, SGP_PSI, HKG_AQHI, AUS_AQC, THA_AQI, got /,
      );
    }
    expect(computeIndex({ PM25: 17.4 }, { indexType: US_AQI_INDEX }).value).toBe(66);
  });

  it('check the edition against their own list', () => {
    expect(computeIndexWith(US_AQI_INDEX, { PM25: 400 }, { edition: '2012' }).value).toBe(434);
    expect(computeIndexWith(US_AQI_INDEX, { PM25: 400 }).value).toBe(
      computeIndex({ PM25: 400 }, { indexType: 'US_AQI', edition: '2024' }).value,
    );
    expect(() => computeIndexWith(US_AQI_INDEX, { PM25: 1 }, { edition: '2042' as never })).toThrow(
      new RangeError('computeIndexWith: options.edition must be one of 2024, 2012, got "2042"'),
    );
    expect(() => computeIndexWith(CAQI_INDEX, { PM25: 1 }, { edition: '2024' as never })).toThrow(
      new RangeError(
        'computeIndexWith: options.edition must be omitted for CAQI, which has no editions, got "2024"',
      ),
    );
    expect(() => computeIndexWith(CAQI_INDEX, { PM25: 1 }, { language: 'de' as never })).toThrow(
      new RangeError("computeIndexWith: options.language must be 'en' or 'pl', got \"de\""),
    );
    expect(() => computeIndexWith(CAQI_INDEX, 3 as never)).toThrow(
      new TypeError('computeIndexWith: concentrations must be an object of numbers, got 3'),
    );
  });

  it('give what computeIndex gives by name, given directly or as indexType (property)', () => {
    const concentrationsArb = fc.record(
      Object.fromEntries(INPUT_NAMES.map((name) => [name, concentrationArb])),
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        concentrationsArb,
        fc.constantFrom('en' as const, 'pl' as const),
        (name, concentrations, language) => {
          const byName = computeIndex(concentrations, { indexType: name, language });
          const definition = INDEX_DEFINITIONS[name];
          expect(computeIndexWith(definition, concentrations, { language })).toEqual(byName);
          expect(computeIndex(concentrations, { indexType: definition, language })).toEqual(byName);
        },
      ),
      RUNS,
    );
  });
});

describe('gridIndex', () => {
  const text = { en: 'Text.', pl: 'Tekst.' };
  const table = (name: string, top: number): IndexTable =>
    defineIndexTable({
      name,
      indexBreakpoints: [0, 10],
      grids: { PM25: [0, top], PM10: [0, 2 * top] },
      countedPollutants: ['PM25'],
      levelBounds: 'upper-inclusive',
      levels: [
        {
          level: 'LOW',
          minValue: 0,
          maxValue: 5,
          color: '#00AA00',
          description: text,
          advice: text,
        },
        {
          level: 'HIGH',
          minValue: 5,
          maxValue: null,
          color: '#AA0000',
          description: text,
          advice: text,
        },
      ],
    });

  it('reads one table without editions, with its levels, bounds and grids', () => {
    const own = gridIndex(table('OWN', 100));
    expect(own.editions).toEqual([]);
    expect(own.inputs).toEqual(['PM25', 'PM10']);
    expect(own.countablePollutants).toEqual(['PM25', 'PM10']);
    expect(own.levelBounds).toBe('upper-inclusive');
    expect(own.levels.map((level) => level.level)).toEqual(['LOW', 'HIGH']);
    // 50 of 100 is 5, the top of LOW (upper-inclusive); PM10 counts only when asked.
    expect(computeIndexWith(own, { PM25: 50, PM10: 200 })).toMatchObject({
      name: 'OWN',
      value: 5,
      level: 'LOW',
      dominantPollutant: 'PM25',
      subIndexes: { PM25: 5 },
    });
    expect(
      computeIndexWith(own, { PM25: 50, PM10: 200 }, { countedPollutants: ['PM25', 'PM10'] }),
    ).toMatchObject({ value: 10, level: 'HIGH', dominantPollutant: 'PM10' });
    expect(computeIndexWith(own, { PM10: 200 }).level).toBe('UNKNOWN');
  });

  it('picks the table of the edition asked for, the first by default', () => {
    const own = gridIndex(table('OWN', 100), { NEW: table('OWN', 100), OLD: table('OWN', 50) });
    expect(own.editions).toEqual(['NEW', 'OLD']);
    expect(computeIndexWith(own, { PM25: 25 }).value).toBe(2.5);
    expect(computeIndexWith(own, { PM25: 25 }, { edition: 'NEW' }).value).toBe(2.5);
    expect(computeIndexWith(own, { PM25: 25 }, { edition: 'OLD' }).value).toBe(5);
    expect(() => computeIndexWith(own, { PM25: 25 }, { edition: 'MID' as never })).toThrow(
      new RangeError('computeIndexWith: options.edition must be one of NEW, OLD, got "MID"'),
    );
  });
});
