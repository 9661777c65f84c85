import { CAQI_TABLE } from './caqi.js';
import type { GridIndexTypeName, IndexTable } from './index-table.js';
import { PIJP_TABLE } from './pijp.js';
import { VENDOR_CAQI_TABLE } from './vendor-caqi.js';

/**
 * The built-in index tables by name. The computation and the meta list read only this
 * registry, so a fourth index is a new name in INDEX_TYPE_NAMES plus a table here.
 *
 * @example
 * INDEX_TABLES.CAQI.levels.length; // 5
 */
export const INDEX_TABLES: Readonly<Record<GridIndexTypeName, IndexTable>> =
  /* @__PURE__ */ Object.freeze({
    VENDOR_CAQI: VENDOR_CAQI_TABLE,
    CAQI: CAQI_TABLE,
    PIJP: PIJP_TABLE,
  });
