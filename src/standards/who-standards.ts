import { checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { roundHalfUp2 } from '../indexes/rounding.js';
import type { Standard } from '../model/api-types.js';
import { DEFAULT_WHO_EDITION, WHO_EDITIONS, WHO_GUIDELINES, type WhoEdition } from './who.js';

/** Options of {@link whoStandards}. */
export interface WhoStandardsOptions {
  /** Which guideline values. Default `WHO_2021`. */
  readonly edition?: WhoEdition | undefined;
}

/**
 * Compares a window's particulate concentrations with the WHO guidelines.
 *
 * One entry per PM25 / PM10 present (finite number), PM25 first; none when neither is there.
 * `percent` is `value / limit × 100`, computed from the unrounded value and rounded half-up to
 * 2 decimals. A negative concentration (sensor noise) counts as 0 percent.
 *
 * @param concentrations - µg/m³ by measurement name; other names are ignored
 * @param options - `edition` (default `WHO_2021`: PM25 15, PM10 45 µg/m³ over 24 h)
 * @throws TypeError when `concentrations` is not an object; RangeError for an unknown edition
 * @example
 * whoStandards({ PM25: 18.7, PM10: 22.5 });
 * // [{ name: 'WHO', pollutant: 'PM25', limit: 15, percent: 124.67, averaging: '24h' },
 * //  { name: 'WHO', pollutant: 'PM10', limit: 45, percent: 50, averaging: '24h' }]
 * whoStandards({ PM10: 25 }, { edition: 'WHO_2005' })[0]?.percent; // 50
 */
export function whoStandards(
  concentrations: Readonly<Partial<Record<string, number>>>,
  options: WhoStandardsOptions = {},
): Standard[] {
  checkObject('whoStandards', 'concentrations', concentrations, 'an object of numbers');
  const edition = options.edition ?? DEFAULT_WHO_EDITION;
  checkOneOf('whoStandards', 'options.edition', edition, WHO_EDITIONS);
  const standards: Standard[] = [];
  for (const guideline of WHO_GUIDELINES[edition]) {
    const value = concentrations[guideline.pollutant];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const counted = Math.max(value, 0);
    standards.push({
      name: 'WHO',
      pollutant: guideline.pollutant,
      limit: guideline.limit,
      // Only absurd inputs (above ~1e306 µg/m³) overflow; cap them rather than fail on data.
      percent: roundHalfUp2(Math.min((counted / guideline.limit) * 100, Number.MAX_VALUE)),
      averaging: guideline.averaging,
    });
  }
  return standards;
}
