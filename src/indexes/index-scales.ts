import { CA_AQHI_SCALE } from './ca-aqhi.js';
import { CN_AQI_SCALE } from './cn-aqi.js';
import { EAQI_SCALE } from './eaqi.js';
import { IN_NAQI_SCALE } from './in-naqi.js';
import { INDEX_TABLES } from './index-registry.js';
import type { IndexScale } from './index-scale.js';
import {
  type IndexLevelDefinition,
  type IndexTypeName,
  isGridIndexType,
  type NationalIndexTypeName,
} from './index-table.js';
import { UK_DAQI_SCALE } from './uk-daqi.js';
import { US_AQI_SCALE } from './us-aqi.js';

/**
 * The national indexes by name. Adding one is adding its file and a line here.
 *
 * @example
 * INDEX_SCALES.US_AQI.editions; // ['2024', '2012']
 */
export const INDEX_SCALES: Readonly<Record<NationalIndexTypeName, IndexScale>> = Object.freeze({
  US_AQI: US_AQI_SCALE,
  EAQI: EAQI_SCALE,
  UK_DAQI: UK_DAQI_SCALE,
  IN_NAQI: IN_NAQI_SCALE,
  CN_AQI: CN_AQI_SCALE,
  CA_AQHI: CA_AQHI_SCALE,
});

/**
 * The levels of any index type, grid or national, lowest first: what the meta list shows.
 *
 * @example
 * indexLevels('CAQI').length; // 5
 */
export function indexLevels(indexType: IndexTypeName): readonly IndexLevelDefinition[] {
  return isGridIndexType(indexType)
    ? INDEX_TABLES[indexType].levels
    : INDEX_SCALES[indexType].levels;
}
