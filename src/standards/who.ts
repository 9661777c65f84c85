/**
 * WHO air quality guideline values for particulate matter, by edition. The comparison in a
 * payload always uses the 24-hour guideline. WHO 2021 also sets gas guidelines (NO2 25 µg/m³
 * 24 h, O3 100 µg/m³ 8 h, SO2 40 µg/m³ 24 h, CO 4000 µg/m³ 24 h); the interface reports only
 * PM25 and PM10, so they are not listed here yet.
 */

/** An edition of the WHO guidelines: `WHO_2021` (default) or `WHO_2005`. */
export type WhoEdition = 'WHO_2021' | 'WHO_2005';

/** The edition a payload compares against unless configured otherwise. */
export const DEFAULT_WHO_EDITION = 'WHO_2021' satisfies WhoEdition;

/** One guideline value: a pollutant, its limit and the averaging period the limit applies to. */
export interface WhoGuideline {
  /** Measurement name as the payload shows it, e.g. `PM25`. */
  readonly pollutant: string;
  /** µg/m³; the concentration that is 100 percent. */
  readonly limit: number;
  /** Averaging period of the limit, e.g. `24h`. */
  readonly averaging: string;
}

/** Guidelines per edition, in payload order (PM25, then PM10). */
export const WHO_GUIDELINES: Readonly<Record<WhoEdition, readonly WhoGuideline[]>> = Object.freeze({
  WHO_2021: Object.freeze([
    Object.freeze({ pollutant: 'PM25', limit: 15, averaging: '24h' }),
    Object.freeze({ pollutant: 'PM10', limit: 45, averaging: '24h' }),
  ]),
  WHO_2005: Object.freeze([
    Object.freeze({ pollutant: 'PM25', limit: 25, averaging: '24h' }),
    Object.freeze({ pollutant: 'PM10', limit: 50, averaging: '24h' }),
  ]),
});

/** Every edition, default first. */
export const WHO_EDITIONS: readonly WhoEdition[] = Object.freeze(['WHO_2021', 'WHO_2005']);

/**
 * Whether `x` names a WHO edition airq knows.
 *
 * @example
 * isWhoEdition('WHO_2005'); // true
 * isWhoEdition('2021'); // false
 */
export function isWhoEdition(x: unknown): x is WhoEdition {
  return (WHO_EDITIONS as readonly unknown[]).includes(x);
}
