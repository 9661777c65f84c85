// The public vocabulary of airq/assessment: what goes in (an hourly series and the options) and
// what comes out (an Assessment made of Metrics). Types only, plus the frozen lists of names.

/** The standards `assessSeries` knows. */
export type AssessmentStandard = 'EU_2008' | 'EU_2030' | 'US_NAAQS' | 'WHO_2021';

/** The pollutants every standard is assessed for. */
export type AssessedPollutant = 'PM10' | 'PM25' | 'NO2' | 'SO2' | 'O3' | 'CO';

/** WHO 2021 levels, most stringent first: the guideline, then interim targets 4 to 1. */
export type WhoLevel = 'AQG' | 'IT4' | 'IT3' | 'IT2' | 'IT1';

/** Every standard, in the order the docs list them. */
export const ASSESSMENT_STANDARDS: readonly AssessmentStandard[] = Object.freeze([
  'EU_2008',
  'EU_2030',
  'US_NAAQS',
  'WHO_2021',
]);

/** Every pollutant, in the order the docs list them. */
export const ASSESSED_POLLUTANTS: readonly AssessedPollutant[] = Object.freeze([
  'PM10',
  'PM25',
  'NO2',
  'SO2',
  'O3',
  'CO',
]);

/**
 * One value per UTC hour: hour `i` covers `[startMs + i h, startMs + (i + 1) h)`. Values are
 * µg/m³ (CO too); a value that is not a finite number (NaN, ±Infinity) is a missing hour, and
 * so is every hour outside the array.
 */
export interface HourlySeries {
  /** Epoch milliseconds of the first hour's start; a whole UTC hour. */
  readonly startMs: number;
  /** µg/m³ per hour; a plain array or a typed array. */
  readonly values: ArrayLike<number>;
}

/** Options of {@link assessSeries}. */
export interface AssessOptions {
  readonly standard: AssessmentStandard;
  readonly pollutant: AssessedPollutant;
  /** The calendar year (UTC) assessed; multi-year statistics also read the years before it. */
  readonly year: number;
}

/** One statistic of a standard, with the rule behind it and the data it rests on. */
export interface Metric {
  /** Stable identifier, e.g. `PM10.daily-exceedances` or `WHO.PM25.annual`. */
  readonly id: string;
  /** The statistic in `unit`; `null` when the metric is not valid. */
  readonly value: number | null;
  /** Unit of `value`: a concentration (`µg/m³`, `mg/m³`, `ppb`, `ppm`), `days`, `hours`, `µg/m³·h`. */
  readonly unit: string;
  /** The limit in the standard's concentration unit (even when `value` is a count). */
  readonly limit?: number;
  /** For counts: how many exceedances the standard allows. */
  readonly allowedExceedances?: number;
  /** For counts: exceedances counted over the data that exist, reported even when invalid. */
  readonly exceedances?: number;
  /** Whether the standard is met; `null` when the metric is not valid. */
  readonly met: boolean | null;
  /** Whether the data are enough for the metric under its own capture rule. */
  readonly valid: boolean;
  /** Valid hours of the year over the hours of the year, 0 to 1 (informational). */
  readonly capture: number;
  /** The legal text the metric applies, e.g. `Directive 2008/50/EC, Annex XI`. */
  readonly rule: string;
  /** Why the metric is not valid; absent when it is. */
  readonly reason?: string;
  /** WHO_2021 only: the most stringent level not exceeded; `null` above IT1 or when invalid. */
  readonly level?: WhoLevel | null;
}

/** The result of {@link assessSeries}: the metrics of one standard, pollutant and year. */
export interface Assessment {
  readonly standard: AssessmentStandard;
  readonly pollutant: AssessedPollutant;
  readonly year: number;
  readonly metrics: readonly Metric[];
}
