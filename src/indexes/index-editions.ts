import type { IndexTypeName, NationalIndexTypeName } from './index-table.js';

// The editions of the indexes: one list that the index scales
// (which table a computation reads) and the averaging rules (which periods an input covers)
// both use, so the two can never disagree on what an edition is called.

/** The editions of each index, by name; `never` for an index without named editions. */
export interface IndexEditions {
  readonly VENDOR_CAQI: never;
  readonly CAQI: never;
  readonly PIJP: '2019-10';
  readonly US_AQI: '2024' | '2012';
  readonly EAQI: '2025' | '2019';
  readonly UK_DAQI: '2013';
  readonly IN_NAQI: '2014';
  readonly CN_AQI: '2026' | '2012';
  readonly CA_AQHI: '2008';
}

/**
 * An edition of `T` (of any index by default): `IndexEdition<'EAQI'>` is `'2025' | '2019'`,
 * `IndexEdition<'CAQI'>` is `never` (CAQI has no named editions).
 */
export type IndexEdition<T extends IndexTypeName = IndexTypeName> = IndexEditions[T];

// One list per index, so that an index file imports its own list by name: reading it off
// NATIONAL_INDEX_EDITIONS at module level would be a property access, which bundlers must
// assume has effects, and would keep every index in a bundle that uses one.

/** The US AQI editions, the default first. */
export const US_AQI_EDITIONS: readonly IndexEdition<'US_AQI'>[] = /* @__PURE__ */ Object.freeze([
  '2024',
  '2012',
]);
/** The EAQI editions, the default first. */
export const EAQI_EDITIONS: readonly IndexEdition<'EAQI'>[] = /* @__PURE__ */ Object.freeze([
  '2025',
  '2019',
]);
/** The UK DAQI's one edition. */
export const UK_DAQI_EDITIONS: readonly IndexEdition<'UK_DAQI'>[] = /* @__PURE__ */ Object.freeze([
  '2013',
]);
/** India's NAQI's one edition. */
export const IN_NAQI_EDITIONS: readonly IndexEdition<'IN_NAQI'>[] = /* @__PURE__ */ Object.freeze([
  '2014',
]);
/** China's AQI editions, the default first. */
export const CN_AQI_EDITIONS: readonly IndexEdition<'CN_AQI'>[] = /* @__PURE__ */ Object.freeze([
  '2026',
  '2012',
]);
/** Canada's AQHI's one edition. */
export const CA_AQHI_EDITIONS: readonly IndexEdition<'CA_AQHI'>[] = /* @__PURE__ */ Object.freeze([
  '2008',
]);

/**
 * The editions of each national index, the default (newest) first. Lists, not object keys:
 * integer-like keys such as `'2024'` would enumerate in ascending order.
 *
 * @example
 * NATIONAL_INDEX_EDITIONS.CN_AQI; // ['2026', '2012']
 */
export const NATIONAL_INDEX_EDITIONS: {
  readonly [T in NationalIndexTypeName]: readonly IndexEdition<T>[];
} = /* @__PURE__ */ Object.freeze({
  US_AQI: US_AQI_EDITIONS,
  EAQI: EAQI_EDITIONS,
  UK_DAQI: UK_DAQI_EDITIONS,
  IN_NAQI: IN_NAQI_EDITIONS,
  CN_AQI: CN_AQI_EDITIONS,
  CA_AQHI: CA_AQHI_EDITIONS,
});
