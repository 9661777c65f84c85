import type { IndexLevel, IndexPollutant } from '../indexes/index-definitions.js';
import type { IndexTypeName } from '../indexes/index-table.js';

/**
 * The JSON shapes of the `/v2` interface (see the spec's "Resources and their fields").
 * Shared by the pure modules that produce them and the adapter that serves them.
 */

/** A language that every text of airq exists in. `en` is the default. */
export type Language = 'en' | 'pl';

/** Every supported language, default first. */
export const LANGUAGES: readonly Language[] = Object.freeze(['en', 'pl'] as const);

/** Postal address of an installation; every field may be empty or null. */
export interface Address {
  readonly country?: string | null;
  readonly city?: string | null;
  readonly street?: string | null;
  readonly number?: string | null;
  readonly displayAddress1?: string | null;
  readonly displayAddress2?: string | null;
}

/** The organisation or person that bought or was given the device. */
export interface Sponsor {
  readonly id: number;
  readonly name: string;
  readonly description?: string;
  readonly logo?: string;
  readonly link?: string;
}

/** A measuring installation as `/v2/installations/*` returns it. */
export interface Installation {
  readonly id: number;
  readonly location: { readonly latitude: number; readonly longitude: number };
  readonly address: Address;
  /** Metres above mean sea level. */
  readonly elevation: number;
  /** `true` for the service's own devices, `false` for third-party stations. */
  readonly vendor: boolean;
  readonly sponsor: Sponsor;
}

/** One measured (or interpolated, or forecast) value, rounded half-up to 2 decimals. */
export interface Value {
  readonly name: string;
  readonly value: number;
}

/**
 * The index object of an averaged window, for any index (a built-in one or one of your own).
 * `value` is `null` only in the no-data index, whose level is `UNKNOWN`.
 *
 * @typeParam Name - the index name
 * @typeParam Level - the index's level names (`UNKNOWN` is added for no data)
 * @typeParam Pollutant - the pollutants that can be dominant
 */
export interface IndexResult<
  Name extends string = string,
  Level extends string = string,
  Pollutant extends string = string,
> {
  readonly name: Name;
  readonly value: number | null;
  readonly level: Level | 'UNKNOWN';
  readonly description: string;
  readonly advice: string | null;
  /** `#RRGGBB`. */
  readonly color: string;
  /**
   * The pollutant with the highest sub-index (ties: PM25, PM10, O3, NO2, SO2, CO), or `null`
   * when there is no data or the index names none (CN_AQI up to 50).
   */
  readonly dominantPollutant: Pollutant | null;
  /** Pollutant → its sub-index, for every counted pollutant that was present. */
  readonly subIndexes: Readonly<Record<string, number>>;
}

/**
 * The index object of one of airq's sixteen index types, narrowed by the type: for `US_AQI` the
 * level is `GOOD` … `HAZARDOUS` or `UNKNOWN`. `IndexValue` alone is the union over all of them,
 * told apart by `name`.
 *
 * @example
 * const us: IndexValue<'US_AQI'> = computeIndex({ PM25: 17.4 }, { indexType: 'US_AQI' });
 * us.level; // 'MODERATE'
 */
export type IndexValue<T extends IndexTypeName = IndexTypeName> = T extends IndexTypeName
  ? IndexResult<T, IndexLevel<T>, IndexPollutant<T>>
  : never;

/** A WHO guideline comparison for one pollutant. */
export interface Standard {
  readonly name: 'WHO';
  readonly pollutant: string;
  /** µg/m³. */
  readonly limit: number;
  /** Concentration as a percentage of `limit`, half-up to 2 decimals. */
  readonly percent: number;
  readonly averaging: string;
}

/** One averaged window of a Measurements payload. */
export interface AveragedValues {
  readonly fromDateTime: string;
  readonly tillDateTime: string;
  readonly values: readonly Value[];
  readonly indexes: readonly IndexValue[];
  readonly standards: readonly Standard[];
}

/** The Measurements payload of every `/v2/measurements/*` route. */
export interface Measurements {
  readonly current: AveragedValues;
  readonly history: readonly AveragedValues[];
  readonly forecast: readonly AveragedValues[];
}

/** A level of an index as `/v2/meta/indexes` lists it. */
export interface IndexLevelMeta {
  /** `<low>-<high>`, or `<low>+` for the open top level. */
  readonly values: string;
  readonly level: string;
  readonly description: string;
  readonly color: string;
  readonly minValue: number;
  /** `null` for the open top level. */
  readonly maxValue: number | null;
}

/** An index type as `/v2/meta/indexes` lists it. */
export interface IndexTypeMeta {
  readonly name: string;
  readonly levels: readonly IndexLevelMeta[];
}

/** A measurement type as `/v2/meta/measurements` lists it. */
export interface MeasurementTypeMeta {
  readonly name: string;
  readonly label: string;
  readonly unit: string;
}
