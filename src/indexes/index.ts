export { CAQI_TABLE } from './caqi.js';
export { CAQI_COUNTED_POLLUTANTS, CAQI_HOURLY_GRID, CAQI_INDEX_BREAKPOINTS } from './caqi-grid.js';
export {
  type ComputeIndexOptions,
  type Concentrations,
  computeIndex,
  computeIndexWithTable,
  type IndexTableOptions,
} from './compute-index.js';
export { findIndexLevel } from './find-level.js';
export { INDEX_TABLES } from './index-registry.js';
export {
  DEFAULT_INDEX_TYPE,
  defineIndexTable,
  INDEX_TYPE_NAMES,
  type IndexLevelDefinition,
  type IndexTable,
  type IndexTypeName,
  isIndexTypeName,
  type LevelBounds,
} from './index-table.js';
export { indexTableProblems } from './index-table-problems.js';
export { NO_DATA_COLOR, NO_DATA_DESCRIPTION, NO_DATA_LEVEL, noDataIndex } from './no-data.js';
export { PIJP_TABLE, pijpIndexTable } from './pijp.js';
export {
  DEFAULT_PIJP_EDITION,
  isPijpEdition,
  PIJP_THRESHOLDS,
  type PijpEdition,
} from './pijp-thresholds.js';
export { roundHalfUp2, roundUp2 } from './rounding.js';
export { subIndex } from './sub-index.js';
export { VENDOR_CAQI_TABLE } from './vendor-caqi.js';
