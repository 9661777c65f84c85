import { defineIndexTable, type IndexLevelDefinition, type IndexTable } from './index-table.js';

/**
 * The CAQI hourly grid (CITEAIR): the concentrations at which each sub-index reaches 0, 25, 50,
 * 75 and 100. CO is the 8-hour mean; every other row is a 1-hour value. All µg/m³.
 */

/** CAQI values at the breakpoints of {@link CAQI_HOURLY_GRID}. */
export const CAQI_INDEX_BREAKPOINTS: readonly number[] = /* @__PURE__ */ Object.freeze([
  0, 25, 50, 75, 100,
]);

/** Concentrations (µg/m³) per pollutant at {@link CAQI_INDEX_BREAKPOINTS}. */
export const CAQI_HOURLY_GRID: Readonly<Record<string, readonly number[]>> =
  /* @__PURE__ */ Object.freeze({
    PM10: /* @__PURE__ */ Object.freeze([0, 25, 50, 90, 180]),
    PM25: /* @__PURE__ */ Object.freeze([0, 15, 30, 55, 110]),
    NO2: /* @__PURE__ */ Object.freeze([0, 50, 100, 200, 400]),
    O3: /* @__PURE__ */ Object.freeze([0, 60, 120, 180, 240]),
    SO2: /* @__PURE__ */ Object.freeze([0, 50, 100, 350, 500]),
    CO: /* @__PURE__ */ Object.freeze([0, 5000, 7500, 10000, 20000]),
  });

/** Pollutants that move a CAQI by default: particulates only, as the reference service does. */
export const CAQI_COUNTED_POLLUTANTS: readonly string[] = /* @__PURE__ */ Object.freeze([
  'PM10',
  'PM25',
]);

/**
 * A table on the CAQI grid: what CAQI and VENDOR_CAQI share (the hourly grid, the CAQI values
 * at its breakpoints, the counted particulates, lower-inclusive levels), with `name` and
 * `levels` of its own; deeply frozen by `defineIndexTable`.
 *
 * @example
 * const table = caqiGridTable('MY_CAQI', CAQI_TABLE.levels);
 * table.grids === CAQI_HOURLY_GRID; // true
 */
export function caqiGridTable(name: string, levels: readonly IndexLevelDefinition[]): IndexTable {
  return defineIndexTable({
    name,
    indexBreakpoints: CAQI_INDEX_BREAKPOINTS,
    grids: CAQI_HOURLY_GRID,
    countedPollutants: CAQI_COUNTED_POLLUTANTS,
    levelBounds: 'lower-inclusive',
    levels,
  });
}
