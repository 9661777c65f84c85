import { checkArrayLike, checkObject } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import {
  airnow2021,
  clamped,
  correctSeries,
  epa2021,
  epa2022,
  growthOf,
  isValidRecord,
  kappaGrowth,
  linear,
  NILSON_RH_CLIP,
} from './correction-formulas.js';
import { type CorrectionOptions, checkCorrectionOptions } from './correction-options.js';

// The public corrections of PM2.5, a series or one value, and the unchecked per-record step
// both share with the store, which applies an installation's validated correction to every
// averaging window.

/**
 * The corrected PM2.5 of one record, with `options` already validated by
 * {@link checkCorrectionOptions}. Unchecked and allocation-free. Internal: the package does not
 * export it; {@link correctPm25Value} is its checked form.
 *
 * @param x - the sensor's PM2.5 in µg/m³
 * @param rh - the sensor's own relative humidity in %
 * @returns µg/m³; NaN when `x` is negative or not finite, or `rh` is outside `[0, 100]` or not
 *   a number (every method needs RH, even where its formula does not use it)
 * @example
 * correctedPm25(10, 50, { method: 'EPA_2021' }); // → 6.68 (approximately)
 */
export function correctedPm25(x: number, rh: number, options: CorrectionOptions): number {
  if (!isValidRecord(x, rh)) return Number.NaN;
  let y: number;
  switch (options.method) {
    case 'EPA_2021':
      y = epa2021(x, rh);
      break;
    case 'EPA_2022':
      y = epa2022(x, rh);
      break;
    case 'AIRNOW_2021':
      y = airnow2021(x, rh);
      break;
    case 'KAPPA': {
      const clip = options.rhClip ?? NILSON_RH_CLIP;
      y = kappaGrowth(x, rh, growthOf(options), clip[0], clip[1]);
      break;
    }
    default: {
      // LINEAR: validation guarantees the coefficients.
      const c = options.coefficients!;
      y = linear(x, rh, c.intercept, c.pm25, c.rh);
    }
  }
  return clamped(y, options.clampNegative !== false);
}

/**
 * Corrects one PM2.5 value of a low-cost optical sensor for its humidity response (and, for
 * the EPA methods, its bias against regulatory monitors). See {@link correctPm25} for the
 * methods and the records that give NaN.
 *
 * @param pm25 - the sensor's PM2.5 in µg/m³ (for EPA_2021/EPA_2022 the PurpleAir cf_1 A/B mean,
 *   for AIRNOW_2021 the atm A/B mean)
 * @param rh - the sensor's own, uncorrected relative humidity in % (0–100), over the same period
 * @param options - the method and its parameters; `clampNegative` defaults to `true`
 * @returns µg/m³, unrounded; NaN for an invalid record
 * @throws TypeError or RangeError when `options` is not valid correction options
 * @example
 * correctPm25Value(10, 50, { method: 'EPA_2021' }); // → 6.68 (approximately)
 * correctPm25Value(20, 50, { method: 'KAPPA' }); // → 16.129… (20 / 1.24)
 * correctPm25Value(20, Number.NaN, { method: 'KAPPA' }); // → NaN
 */
export function correctPm25Value(pm25: number, rh: number, options: CorrectionOptions): number {
  return correctedPm25(pm25, rh, checkCorrectionOptions('correctPm25Value', options));
}

/**
 * Corrects a series of PM2.5 records of a low-cost optical sensor, record by record: no
 * averaging, no rounding. Methods (`options.method`):
 * - `EPA_2021`: `0.524·PM − 0.0862·RH + 5.75`, for the PurpleAir `pm2.5_cf_1` A/B mean;
 * - `EPA_2022`: the same up to 570 µg/m³, then towards a quadratic fitted on wildfire smoke;
 * - `AIRNOW_2021`: the Fire and Smoke Map's five pieces, for the PurpleAir `pm2.5_atm` A/B mean;
 * - `KAPPA`: `PM / (1 + c/(100/RH − 1))`, RH clipped to `rhClip` (default [30, 70] %), `c` =
 *   `kappa`/1.65 or Nilson's 0.24; for any optical sensor;
 * - `LINEAR`: `intercept + pm25·PM + rh·RH` from `coefficients` (see `fitLinearCorrection`).
 *
 * A record gives NaN when its PM2.5 is negative or not finite, or its RH is outside [0, 100]
 * or missing. A negative result becomes 0 unless `clampNegative` is `false`.
 *
 * @param series - `pm25` in µg/m³ and `rh` in %, aligned by index and of the same length; the
 *   A/B mean is normally `combineChannels(...).values`
 * @param options - the method and its parameters
 * @returns a new array of the corrected PM2.5 in µg/m³, one per record
 * @throws TypeError when `series` or its arrays are of the wrong type, or `options` is;
 *   RangeError when `rh` is absent, the lengths differ, or an option is out of range
 * @example
 * correctPm25({ pm25: [10, -1], rh: [50, 50] }, { method: 'EPA_2021' });
 * // → Float64Array [6.68 (approximately), NaN]
 * correctPm25({ pm25: [0], rh: [100] }, { method: 'EPA_2021', clampNegative: false });
 * // → Float64Array [-2.87 (approximately)]
 */
export function correctPm25(
  series: { readonly pm25: ArrayLike<number>; readonly rh?: ArrayLike<number> },
  options: CorrectionOptions,
): Float64Array {
  const checked = checkCorrectionOptions('correctPm25', options);
  checkObject('correctPm25', 'series', series);
  const { pm25, rh } = series;
  checkArrayLike('correctPm25', 'series.pm25', pm25);
  if (rh === undefined) {
    const expectation = 'must be given: every method needs the relative humidity';
    throw argumentError(RangeError, 'correctPm25', 'series.rh', expectation, rh);
  }
  checkArrayLike('correctPm25', 'series.rh', rh);
  if (rh.length !== pm25.length) {
    const expectation = `must have the length of series.pm25 (${pm25.length})`;
    throw argumentError(RangeError, 'correctPm25', 'series.rh.length', expectation, rh.length);
  }
  return correctSeries(pm25, rh, checked);
}
