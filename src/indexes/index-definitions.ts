import { AUS_AQC_INDEX } from './aus-aqc.js';
import { CA_AQHI_INDEX } from './ca-aqhi.js';
import { CAQI_INDEX } from './caqi.js';
import { CN_AQI_INDEX } from './cn-aqi.js';
import { DEU_UBA_INDEX } from './deu-uba.js';
import { EAQI_INDEX } from './eaqi.js';
import { FRA_ATMO_INDEX } from './fra-atmo.js';
import { HKG_AQHI_INDEX } from './hkg-aqhi.js';
import { IN_NAQI_INDEX } from './in-naqi.js';
import type { IndexLevelOf, IndexPollutantOf } from './index-definition.js';
import type { IndexLevelDefinition, IndexTypeName } from './index-table.js';
import { KOR_CAI_INDEX } from './kor-cai.js';
import { PIJP_INDEX } from './pijp.js';
import { SGP_PSI_INDEX } from './sgp-psi.js';
import { THA_AQI_INDEX } from './tha-aqi.js';
import { UK_DAQI_INDEX } from './uk-daqi.js';
import { US_AQI_INDEX } from './us-aqi.js';
import { VENDOR_CAQI_INDEX } from './vendor-caqi.js';

// The sixteen built-in indexes by name: what `computeIndex(…, { indexType })` and the meta list
// read. Code that names an index by its definition (`computeIndexWith(US_AQI_INDEX, …)`) does
// not import this file, so a bundle of one index leaves the other fifteen out.

/** The definition type of each built-in index, by name. */
export interface IndexDefinitions {
  readonly VENDOR_CAQI: typeof VENDOR_CAQI_INDEX;
  readonly CAQI: typeof CAQI_INDEX;
  readonly PIJP: typeof PIJP_INDEX;
  readonly US_AQI: typeof US_AQI_INDEX;
  readonly EAQI: typeof EAQI_INDEX;
  readonly UK_DAQI: typeof UK_DAQI_INDEX;
  readonly IN_NAQI: typeof IN_NAQI_INDEX;
  readonly CN_AQI: typeof CN_AQI_INDEX;
  readonly CA_AQHI: typeof CA_AQHI_INDEX;
  readonly DEU_UBA: typeof DEU_UBA_INDEX;
  readonly FRA_ATMO: typeof FRA_ATMO_INDEX;
  readonly KOR_CAI: typeof KOR_CAI_INDEX;
  readonly SGP_PSI: typeof SGP_PSI_INDEX;
  readonly HKG_AQHI: typeof HKG_AQHI_INDEX;
  readonly AUS_AQC: typeof AUS_AQC_INDEX;
  readonly THA_AQI: typeof THA_AQI_INDEX;
}

/** The level names of index `T`: `IndexLevel<'EAQI'>` is `'GOOD' | 'FAIR' | …`. */
export type IndexLevel<T extends IndexTypeName = IndexTypeName> = IndexLevelOf<IndexDefinitions[T]>;

/** The pollutants that can have a sub-index in index `T` (and so be its dominant pollutant). */
export type IndexPollutant<T extends IndexTypeName = IndexTypeName> = IndexPollutantOf<
  IndexDefinitions[T]
>;

/**
 * Every built-in index definition by name, in the order of `INDEX_TYPE_NAMES`.
 *
 * @example
 * INDEX_DEFINITIONS.US_AQI.editions; // ['2024', '2012']
 * INDEX_DEFINITIONS.CAQI.editions; // []
 */
export const INDEX_DEFINITIONS: IndexDefinitions = /* @__PURE__ */ Object.freeze({
  VENDOR_CAQI: VENDOR_CAQI_INDEX,
  CAQI: CAQI_INDEX,
  PIJP: PIJP_INDEX,
  US_AQI: US_AQI_INDEX,
  EAQI: EAQI_INDEX,
  UK_DAQI: UK_DAQI_INDEX,
  IN_NAQI: IN_NAQI_INDEX,
  CN_AQI: CN_AQI_INDEX,
  CA_AQHI: CA_AQHI_INDEX,
  DEU_UBA: DEU_UBA_INDEX,
  FRA_ATMO: FRA_ATMO_INDEX,
  KOR_CAI: KOR_CAI_INDEX,
  SGP_PSI: SGP_PSI_INDEX,
  HKG_AQHI: HKG_AQHI_INDEX,
  AUS_AQC: AUS_AQC_INDEX,
  THA_AQI: THA_AQI_INDEX,
});

/**
 * The levels of any index type, grid or national, lowest first: what the meta list shows.
 *
 * @example
 * indexLevels('CAQI').length; // 5
 */
export function indexLevels(indexType: IndexTypeName): readonly IndexLevelDefinition[] {
  return INDEX_DEFINITIONS[indexType].levels;
}
