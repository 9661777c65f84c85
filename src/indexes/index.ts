// Types that the signatures above name, exported here too so that airq/indexes is complete.
export type { LocalizedText } from '../i18n/language.js';
export type { MeasurementTypeName } from '../meta/measurement-types.js';
export type { IndexResult, IndexValue, Language } from '../model/api-types.js';
export { AUS_AQC_INDEX, type AusAqcLevel, type AusAqcPollutant } from './aus-aqc.js';
export {
  type BreakpointIndex,
  type BreakpointIndexSpec,
  type BreakpointPollutant,
  defineBreakpointIndex,
} from './breakpoint-index.js';
export {
  CA_AQHI_INDEX,
  type CaAqhiLevel,
  type CaAqhiPollutant,
} from './ca-aqhi.js';
export { CAQI_INDEX, type CaqiLevel, type CaqiPollutant } from './caqi.js';
export { CN_AQI_INDEX, type CnAqiLevel, type CnAqiPollutant } from './cn-aqi.js';
export {
  type ComputeIndexOptions,
  type ComputeIndexWithDefinitionOptions,
  computeIndex,
  computeIndexWithTable,
  type IndexTableOptions,
} from './compute-index.js';
export { DEU_UBA_INDEX, type DeuUbaLevel, type DeuUbaPollutant } from './deu-uba.js';
export { EAQI_INDEX, type EaqiLevel, type EaqiPollutant } from './eaqi.js';
export {
  computeIndexWith,
  type IndexOptions,
  type IndexResultOf,
} from './evaluate-index.js';
export { FRA_ATMO_INDEX, type FraAtmoLevel, type FraAtmoPollutant } from './fra-atmo.js';
export { gridIndex } from './grid-index.js';
export { HKG_AQHI_INDEX, type HkgAqhiLevel, type HkgAqhiPollutant } from './hkg-aqhi.js';
export { IN_NAQI_INDEX, type InNaqiLevel, type InNaqiPollutant } from './in-naqi.js';
export {
  type AnyIndexDefinition,
  type Concentrations,
  INDEX_INPUT_NAMES,
  type IndexComputation,
  type IndexDefinition,
  type IndexEditionOf,
  type IndexInputName,
  type IndexLevelOf,
  type IndexPollutantOf,
  type PollutantName,
} from './index-definition.js';
export {
  INDEX_DEFINITIONS,
  type IndexDefinitions,
  type IndexLevel,
  type IndexPollutant,
} from './index-definitions.js';
export type { IndexEdition, IndexEditions } from './index-editions.js';
export { INDEX_TABLES } from './index-registry.js';
export {
  DEFAULT_INDEX_TYPE,
  defineIndexLevels,
  defineIndexTable,
  type GridIndexTypeName,
  INDEX_TYPE_NAMES,
  type IndexLevelDefinition,
  type IndexTable,
  type IndexTypeName,
  isIndexTypeName,
  type LevelBounds,
  type NationalIndexTypeName,
} from './index-table.js';
export { indexTableProblems } from './index-table-problems.js';
export { KOR_CAI_INDEX, type KorCaiLevel, type KorCaiPollutant } from './kor-cai.js';
export { PIJP_INDEX, type PijpLevel, type PijpPollutant, pijpIndexTable } from './pijp.js';
export type { PijpEdition } from './pijp-thresholds.js';
export { roundHalfUp2, roundUp2 } from './rounding.js';
export { SGP_PSI_INDEX, type SgpPsiLevel, type SgpPsiPollutant } from './sgp-psi.js';
export { THA_AQI_INDEX, type ThaAqiLevel, type ThaAqiPollutant } from './tha-aqi.js';
export { UK_DAQI_INDEX, type UkDaqiLevel, type UkDaqiPollutant } from './uk-daqi.js';
export { US_AQI_INDEX, type UsAqiLevel, type UsAqiPollutant } from './us-aqi.js';
export type { UsAqiEdition } from './us-aqi-breakpoints.js';
export { VENDOR_CAQI_INDEX, type VendorCaqiLevel } from './vendor-caqi.js';
