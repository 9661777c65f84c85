export {
  type ComputeIndexOptions,
  type Concentrations,
  computeIndex,
  computeIndexWithTable,
  type IndexTableOptions,
} from './compute-index.js';
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
export { pijpIndexTable } from './pijp.js';
export type { PijpEdition } from './pijp-thresholds.js';
export { roundHalfUp2, roundUp2 } from './rounding.js';
