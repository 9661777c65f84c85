// The public types of airq/indexes and airq/i18n, pinned: every line marked @ts-expect-error
// must be an error and every other line must compile. test/indexes/index-types.test.ts compiles
// this file with the project's options and fails on any diagnostic, so a type that loosens
// (an unused @ts-expect-error) or tightens (an error elsewhere) fails `npm test`, not only
// `npm run typecheck`. Nothing here runs.
import { expectTypeOf } from 'vitest';
import type {
  IndexEdition as AveragingIndexEdition,
  NationalIndexTypeName as AveragingNationalIndexTypeName,
} from '../../../src/averaging/index.js';
import type { Language, LocalizedText } from '../../../src/i18n/index.js';
import type {
  Language as IndexesLanguage,
  LocalizedText as IndexesLocalizedText,
  MeasurementTypeName,
} from '../../../src/indexes/index.js';
import {
  type AnyIndexDefinition,
  CAQI_INDEX,
  type ComputeIndexOptions,
  type Concentrations,
  computeIndex,
  computeIndexWith,
  defineBreakpointIndex,
  EAQI_INDEX,
  type IndexDefinition,
  type IndexEdition,
  type IndexLevel,
  type IndexPollutant,
  type IndexResult,
  type IndexTypeName,
  type IndexValue,
  type NationalIndexTypeName,
  PIJP_INDEX,
  US_AQI_INDEX,
} from '../../../src/indexes/index.js';
import type { WindowAverages } from '../../../src/model/index.js';

export function pinned(averages: WindowAverages, record: Record<string, number>): void {
  // Pollutant names: a misspelt key in a literal does not compile.
  computeIndex({ PM25: 30, PM10: 20, TEMPERATURE: 4, HUMIDITY: 60 });
  // @ts-expect-error 'PM2.5' is not an input name
  computeIndex({ 'PM2.5': 30 });
  // @ts-expect-error pm25 is not an input name
  computeIndex({ pm25: 30 });
  // @ts-expect-error Pm10 is not an input name
  computeIndex({ Pm10: 30 }, { indexType: 'US_AQI' });
  // @ts-expect-error nor in computeIndexWith
  computeIndexWith(US_AQI_INDEX, { 'PM2.5': 30 });
  // Window averages (any names, TEMPERATURE and the rest) are accepted as they are.
  computeIndex(averages);
  computeIndex(record, { indexType: 'EAQI' });
  computeIndexWith(EAQI_INDEX, averages);
  expectTypeOf<{ readonly PM25: 1; readonly O3_1H: 2 }>().toExtend<Concentrations>();

  // Editions: the union of that index's editions.
  computeIndex({ PM25: 1 }, { indexType: 'US_AQI', edition: '2012' });
  // @ts-expect-error 2042 is no US_AQI edition
  computeIndex({ PM25: 1 }, { indexType: 'US_AQI', edition: '2042' });
  // @ts-expect-error EAQI's editions are 2025 and 2019
  computeIndex({ PM25: 1 }, { indexType: 'EAQI', edition: '2024' });
  // @ts-expect-error CAQI has no editions
  computeIndex({ PM25: 1 }, { indexType: 'CAQI', edition: '2019-10' });
  computeIndex({ PM25: 1 }, { indexType: 'PIJP', edition: '2019-10' });
  computeIndexWith(US_AQI_INDEX, { PM25: 1 }, { edition: '2024' });
  // @ts-expect-error nor in computeIndexWith
  computeIndexWith(US_AQI_INDEX, { PM25: 1 }, { edition: '2042' });
  // @ts-expect-error countedPollutants is for grid indexes only
  computeIndex({ PM25: 1 }, { indexType: 'US_AQI', countedPollutants: ['PM25'] });
  computeIndex({ NO2: 1 }, { indexType: 'CAQI', countedPollutants: ['NO2'] });
  expectTypeOf<IndexEdition<'US_AQI'>>().toEqualTypeOf<'2024' | '2012'>();
  expectTypeOf<IndexEdition<'CN_AQI'>>().toEqualTypeOf<'2026' | '2012'>();
  expectTypeOf<IndexEdition<'PIJP'>>().toEqualTypeOf<'2019-10'>();
  expectTypeOf<IndexEdition<'CAQI'>>().toEqualTypeOf<never>();
  expectTypeOf<ComputeIndexOptions<'EAQI'>['edition']>().toEqualTypeOf<
    '2025' | '2019' | undefined
  >();

  // Results narrowed by indexType.
  const us = computeIndex({ PM25: 1 }, { indexType: 'US_AQI' });
  expectTypeOf(us).toEqualTypeOf<IndexValue<'US_AQI'>>();
  expectTypeOf(us.name).toEqualTypeOf<'US_AQI'>();
  expectTypeOf(us.level).toEqualTypeOf<
    | 'GOOD'
    | 'MODERATE'
    | 'UNHEALTHY_FOR_SENSITIVE_GROUPS'
    | 'UNHEALTHY'
    | 'VERY_UNHEALTHY'
    | 'HAZARDOUS'
    | 'UNKNOWN'
  >();
  expectTypeOf(us.dominantPollutant).toEqualTypeOf<
    'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO' | null
  >();
  // @ts-expect-error VERY_LOW is no US AQI level
  us.level === 'VERY_LOW';
  // @ts-expect-error the AQHI has no SO2
  computeIndex({ O3: 1 }, { indexType: 'CA_AQHI' }).dominantPollutant === 'SO2';
  expectTypeOf(computeIndex({ PM25: 1 }).name).toEqualTypeOf<'VENDOR_CAQI'>();
  expectTypeOf(computeIndex({ PM25: 1 }, { language: 'pl' }).level).toEqualTypeOf<
    IndexLevel<'VENDOR_CAQI'> | 'UNKNOWN'
  >();
  expectTypeOf(computeIndexWith(US_AQI_INDEX, { PM25: 1 })).toEqualTypeOf<
    IndexResult<'US_AQI', IndexLevel<'US_AQI'>, IndexPollutant<'US_AQI'>>
  >();
  expectTypeOf(computeIndexWith(CAQI_INDEX, { PM25: 1 }).level).toEqualTypeOf<
    IndexLevel<'CAQI'> | 'UNKNOWN'
  >();
  expectTypeOf(computeIndexWith(PIJP_INDEX, { PM25: 1 }).dominantPollutant).toEqualTypeOf<
    'PM10' | 'PM25' | 'O3' | 'NO2' | 'SO2' | null
  >();
  // The seven of more-indexes.md (§1.1 editions; levels and pollutants of §3–§9).
  expectTypeOf<{ readonly O3: 1; readonly O3_4H: 2 }>().toExtend<Concentrations>();
  // @ts-expect-error o3_4h is not an input name
  computeIndex({ o3_4h: 30 }, { indexType: 'AUS_AQC' });
  computeIndex({ PM25: 1 }, { indexType: 'DEU_UBA', edition: '2019' });
  // @ts-expect-error DEU_UBA's editions are 2025 and 2019
  computeIndex({ PM25: 1 }, { indexType: 'DEU_UBA', edition: '2021' });
  // @ts-expect-error KOR_CAI's one edition is 2018
  computeIndex({ PM25: 1 }, { indexType: 'KOR_CAI', edition: '2025' });
  expectTypeOf<IndexEdition<'DEU_UBA'>>().toEqualTypeOf<'2025' | '2019'>();
  expectTypeOf<IndexEdition<'FRA_ATMO'>>().toEqualTypeOf<'2021'>();
  expectTypeOf<IndexEdition<'KOR_CAI'>>().toEqualTypeOf<'2018'>();
  expectTypeOf<IndexEdition<'SGP_PSI'>>().toEqualTypeOf<'2014'>();
  expectTypeOf<IndexEdition<'HKG_AQHI'>>().toEqualTypeOf<'2013'>();
  expectTypeOf<IndexEdition<'AUS_AQC'>>().toEqualTypeOf<'2020'>();
  expectTypeOf<IndexEdition<'THA_AQI'>>().toEqualTypeOf<'2023'>();
  expectTypeOf<IndexLevel<'DEU_UBA'>>().toEqualTypeOf<
    'VERY_GOOD' | 'GOOD' | 'MODERATE' | 'POOR' | 'VERY_POOR'
  >();
  expectTypeOf<IndexLevel<'FRA_ATMO'>>().toEqualTypeOf<
    'GOOD' | 'FAIR' | 'DEGRADED' | 'POOR' | 'VERY_POOR' | 'EXTREMELY_POOR'
  >();
  expectTypeOf<IndexLevel<'KOR_CAI'>>().toEqualTypeOf<
    'GOOD' | 'MODERATE' | 'UNHEALTHY' | 'VERY_UNHEALTHY'
  >();
  expectTypeOf<IndexLevel<'SGP_PSI'>>().toEqualTypeOf<
    'GOOD' | 'MODERATE' | 'UNHEALTHY' | 'VERY_UNHEALTHY' | 'HAZARDOUS'
  >();
  expectTypeOf<IndexLevel<'HKG_AQHI'>>().toEqualTypeOf<
    'LOW' | 'MODERATE' | 'HIGH' | 'VERY_HIGH' | 'SERIOUS'
  >();
  expectTypeOf<IndexLevel<'AUS_AQC'>>().toEqualTypeOf<
    'GOOD' | 'FAIR' | 'POOR' | 'VERY_POOR' | 'EXTREMELY_POOR'
  >();
  expectTypeOf<IndexLevel<'THA_AQI'>>().toEqualTypeOf<
    'VERY_GOOD' | 'GOOD' | 'MODERATE' | 'STARTING_TO_AFFECT_HEALTH' | 'AFFECTS_HEALTH'
  >();
  expectTypeOf<IndexPollutant<'DEU_UBA'>>().toEqualTypeOf<'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2'>();
  expectTypeOf<IndexPollutant<'FRA_ATMO'>>().toEqualTypeOf<
    'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2'
  >();
  expectTypeOf<IndexPollutant<'HKG_AQHI'>>().toEqualTypeOf<
    'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2'
  >();
  type SixPollutants = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';
  expectTypeOf<IndexPollutant<'KOR_CAI'>>().toEqualTypeOf<SixPollutants>();
  expectTypeOf<IndexPollutant<'SGP_PSI'>>().toEqualTypeOf<SixPollutants>();
  expectTypeOf<IndexPollutant<'AUS_AQC'>>().toEqualTypeOf<SixPollutants>();
  expectTypeOf<IndexPollutant<'THA_AQI'>>().toEqualTypeOf<SixPollutants>();
  const korea = computeIndex({ PM25: 1 }, { indexType: 'KOR_CAI' });
  expectTypeOf(korea.name).toEqualTypeOf<'KOR_CAI'>();
  expectTypeOf(korea.level).toEqualTypeOf<IndexLevel<'KOR_CAI'> | 'UNKNOWN'>();
  // @ts-expect-error Hong Kong's AQHI has no CO
  computeIndex({ O3: 1 }, { indexType: 'HKG_AQHI' }).dominantPollutant === 'CO';

  // A union of index types gives the union of results, told apart by name.
  const any = computeIndex({ PM25: 1 }, { indexType: 'EAQI' as IndexTypeName });
  expectTypeOf(any).toEqualTypeOf<IndexValue>();
  if (any.name === 'EAQI') expectTypeOf(any.level).toEqualTypeOf<IndexLevel<'EAQI'> | 'UNKNOWN'>();
  // @ts-expect-error 2042 is not a name
  computeIndex({ PM25: 1 }, { indexType: 'US_AQI_2042' });

  // An index of one's own: one model for grid and national indexes, names narrowed too.
  const text: LocalizedText = { en: 'x', pl: 'x' };
  const own = defineBreakpointIndex({
    name: 'OWN',
    levels: [
      {
        level: 'ANY',
        minValue: 0,
        maxValue: null,
        color: '#000000',
        description: text,
        advice: text,
      },
    ],
    pollutants: { NH3: { averagingHours: 24, rows: [[0, 10, 0, 10]] } },
  });
  expectTypeOf(own).toExtend<IndexDefinition<'OWN', 'ANY', 'NH3', never>>();
  expectTypeOf(own).toExtend<AnyIndexDefinition>();
  expectTypeOf(US_AQI_INDEX).toExtend<AnyIndexDefinition>();
  const ownValue = computeIndex({ NH3: 3 }, { indexType: own });
  expectTypeOf(ownValue.name).toEqualTypeOf<'OWN'>();
  expectTypeOf(ownValue.level).toEqualTypeOf<'ANY' | 'UNKNOWN'>();
  expectTypeOf(computeIndexWith(own, { NH3: 3 }).dominantPollutant).toEqualTypeOf<'NH3' | null>();
  // @ts-expect-error OWN has no editions
  computeIndexWith(own, { NH3: 3 }, { edition: '2024' });

  // Every type a public signature uses, from the subpath that uses it.
  expectTypeOf<Language>().toEqualTypeOf<'en' | 'pl'>();
  expectTypeOf<NationalIndexTypeName>().toEqualTypeOf<
    | 'US_AQI'
    | 'EAQI'
    | 'UK_DAQI'
    | 'IN_NAQI'
    | 'CN_AQI'
    | 'CA_AQHI'
    | 'DEU_UBA'
    | 'FRA_ATMO'
    | 'KOR_CAI'
    | 'SGP_PSI'
    | 'HKG_AQHI'
    | 'AUS_AQC'
    | 'THA_AQI'
  >();
  expectTypeOf<IndexTypeName>().toExtend<string>();
  expectTypeOf<IndexesLanguage>().toEqualTypeOf<Language>();
  expectTypeOf<IndexesLocalizedText>().toEqualTypeOf<LocalizedText>();
  expectTypeOf<'TEMPERATURE'>().toExtend<MeasurementTypeName>();
  expectTypeOf<AveragingIndexEdition<'EAQI'>>().toEqualTypeOf<'2025' | '2019'>();
  expectTypeOf<AveragingNationalIndexTypeName>().toEqualTypeOf<NationalIndexTypeName>();
}
