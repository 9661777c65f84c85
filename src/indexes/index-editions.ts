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

/**
 * The editions of each national index, the default (newest) first. Lists, not object keys:
 * integer-like keys such as `'2024'` would enumerate in ascending order.
 *
 * @example
 * NATIONAL_INDEX_EDITIONS.CN_AQI; // ['2026', '2012']
 */
export const NATIONAL_INDEX_EDITIONS: {
  readonly [T in NationalIndexTypeName]: readonly IndexEdition<T>[];
} = Object.freeze({
  US_AQI: Object.freeze(['2024', '2012'] as const),
  EAQI: Object.freeze(['2025', '2019'] as const),
  UK_DAQI: Object.freeze(['2013'] as const),
  IN_NAQI: Object.freeze(['2014'] as const),
  CN_AQI: Object.freeze(['2026', '2012'] as const),
  CA_AQHI: Object.freeze(['2008'] as const),
});
