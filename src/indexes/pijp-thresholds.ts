/**
 * GIOŚ class bounds of the Polish air quality index (PIJP), by edition. Each row holds, per
 * pollutant, the upper bound (1-hour value, µg/m³) of the classes VERY_GOOD, GOOD, MODERATE,
 * SATISFACTORY and BAD; a value equal to a bound belongs to that class, and anything above
 * the last bound is VERY_BAD. A later GIOŚ edition moved some gas and PM2.5 bounds; it is not
 * confirmed, so it is not here yet, and adding it is adding a row.
 */

/** A dated edition of the GIOŚ thresholds, `YYYY-MM` of entry into force. */
export type PijpEdition = '2019-10';

/** The edition in force since October 2019, used unless a caller picks another. */
export const DEFAULT_PIJP_EDITION = '2019-10' satisfies PijpEdition;

/** Class upper bounds (µg/m³) per edition and pollutant, ascending, five per pollutant. */
export const PIJP_THRESHOLDS: Readonly<
  Record<PijpEdition, Readonly<Record<string, readonly number[]>>>
> = /* @__PURE__ */ Object.freeze({
  '2019-10': /* @__PURE__ */ Object.freeze({
    PM10: /* @__PURE__ */ Object.freeze([20, 50, 80, 110, 150]),
    PM25: /* @__PURE__ */ Object.freeze([13, 35, 55, 75, 110]),
    O3: /* @__PURE__ */ Object.freeze([70, 120, 150, 180, 240]),
    NO2: /* @__PURE__ */ Object.freeze([40, 100, 150, 230, 400]),
    SO2: /* @__PURE__ */ Object.freeze([50, 100, 200, 350, 500]),
  }),
});

/**
 * Whether `x` names a threshold edition in {@link PIJP_THRESHOLDS}.
 *
 * @example
 * isPijpEdition('2019-10'); // true
 * isPijpEdition('2024-01'); // false
 */
export function isPijpEdition(x: unknown): x is PijpEdition {
  return typeof x === 'string' && Object.hasOwn(PIJP_THRESHOLDS, x);
}
