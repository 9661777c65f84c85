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
  readonly DEU_UBA: '2025' | '2019';
  readonly FRA_ATMO: '2021';
  readonly KOR_CAI: '2018';
  readonly SGP_PSI: '2014';
  readonly HKG_AQHI: '2013';
  readonly AUS_AQC: '2020';
  readonly THA_AQI: '2023';
}

/**
 * An edition of `T` (of any index by default): `IndexEdition<'EAQI'>` is `'2025' | '2019'`,
 * `IndexEdition<'CAQI'>` is `never` (CAQI has no named editions).
 */
export type IndexEdition<T extends keyof IndexEditions = IndexTypeName> = IndexEditions[T];

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

/** Germany's UBA air quality index (LQI) editions, the default first. */
export const DEU_UBA_EDITIONS: readonly IndexEdition<'DEU_UBA'>[] = /* @__PURE__ */ Object.freeze([
  '2025',
  '2019',
]);
/** France's ATMO index's one edition (the arrêté of 10 July 2020, in force 2021). */
export const FRA_ATMO_EDITIONS: readonly IndexEdition<'FRA_ATMO'>[] = /* @__PURE__ */ Object.freeze(
  ['2021'],
);
/** Korea's CAI's one edition (PM2.5 bands of 2018). */
export const KOR_CAI_EDITIONS: readonly IndexEdition<'KOR_CAI'>[] = /* @__PURE__ */ Object.freeze([
  '2018',
]);
/** Singapore's PSI's one edition (PM2.5 added in 2014). */
export const SGP_PSI_EDITIONS: readonly IndexEdition<'SGP_PSI'>[] = /* @__PURE__ */ Object.freeze([
  '2014',
]);
/** Hong Kong's AQHI's one edition (in force since 30 December 2013). */
export const HKG_AQHI_EDITIONS: readonly IndexEdition<'HKG_AQHI'>[] = /* @__PURE__ */ Object.freeze(
  ['2013'],
);
/** Australia's (New South Wales') air quality categories' one edition (November 2020). */
export const AUS_AQC_EDITIONS: readonly IndexEdition<'AUS_AQC'>[] = /* @__PURE__ */ Object.freeze([
  '2020',
]);
/** Thailand's AQI's one edition (PCD announcement of 2023). */
export const THA_AQI_EDITIONS: readonly IndexEdition<'THA_AQI'>[] = /* @__PURE__ */ Object.freeze([
  '2023',
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
  DEU_UBA: DEU_UBA_EDITIONS,
  FRA_ATMO: FRA_ATMO_EDITIONS,
  KOR_CAI: KOR_CAI_EDITIONS,
  SGP_PSI: SGP_PSI_EDITIONS,
  HKG_AQHI: HKG_AQHI_EDITIONS,
  AUS_AQC: AUS_AQC_EDITIONS,
  THA_AQI: THA_AQI_EDITIONS,
});
