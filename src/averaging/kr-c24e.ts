import { checkArrayLike, checkOneOf } from '../arguments/argument-checks.js';
import { FLOAT_SAFE_EPSILON } from '../indexes/float-safe.js';
import { runningAt } from './running-window.js';

// AirKorea's predicted 24-hour PM mean (C24E, the "24시간 예측 이동평균" of its CAI calculator,
// airkorea.or.kr/web/caiCalculator): Korea's CAI reads PM as a 24-h mean, but publishes every
// hour, so it predicts the day from the last 12 hours (C12) and the last 4 (C4). A high recent
// hour that is not an outlier against C12 is damped by 0.75 before it enters C4, so a rising
// episode shows without one hour swinging the index. Capture rules and the ε of the tests are
// more-indexes.md §1 and §2 (decided).

/** Hours C12 averages, the current hour included. */
export const KR_C24E_HOURS = 12;
/** Capture rule of C12: at least this many of its {@link KR_C24E_HOURS} hours. */
export const KR_C24E_MIN_HOURS = 9;
/** Hours C4 averages: the current hour and the three before it. */
export const KR_C24E_RECENT_HOURS = 4;
/** Capture rule of C4: at least this many of its {@link KR_C24E_RECENT_HOURS} hours. */
export const KR_C24E_MIN_RECENT = 3;
/** The damping factor of a high, non-outlying recent hour. */
export const KR_C24E_DAMPING = 0.75;

/**
 * M of AirKorea's calculator, µg/m³: a recent hour at or above it may be damped (PM10 70,
 * PM2.5 30).
 */
export const KR_C24E_THRESHOLDS: Readonly<Record<'PM10' | 'PM25', number>> =
  /* @__PURE__ */ Object.freeze({
    PM10: 70,
    PM25: 30,
  });

// The band of C_j / C12 in which a high hour counts as a trend rather than an outlier.
const RATIO_LOW = 0.9;
const RATIO_HIGH = 1.7;

/**
 * AirKorea's predicted 24-h mean of PM10 or PM2.5 from hourly means: C12 = the mean of the last
 * 12 hours; each of the 4 newest hours C_j becomes Ca_j = 0.75 × C_j when C_j ≥ M and
 * 0.9 ≤ C_j / C12 ≤ 1.7 (M = 70 µg/m³ for PM10, 30 for PM2.5), else C_j; C4 = the mean of the
 * Ca_j; C24E = (12·C12 + 12·C4) / 24.
 *
 * Each mean uses the hours present (C12 needs 9 of 12, C4 3 of the 4 newest). Values are raw:
 * a negative hour stays negative (`computeIndex` counts a negative input as 0). The tests are
 * float-safe (`C_j ≥ M − ε`, `0.9 − ε ≤ C_j / C12 ≤ 1.7 + ε`, ε = 1e-9), and C12 = 0 makes every
 * ratio test false.
 *
 * @param hourlyMeans - hourly means in µg/m³, **oldest first**, the last element the current
 *   hour; a shorter array has its older hours missing; a non-finite element is a missing hour
 * @param pollutant - `PM10` or `PM25`, which selects M
 * @returns C24E in µg/m³, or `undefined` when C12 or C4 fails its capture rule
 * @throws TypeError when `hourlyMeans` is not an array or typed array; RangeError when
 *   `pollutant` is not `PM10` or `PM25`
 * @example
 * krC24e(new Array(12).fill(20), 'PM25'); // 20 (below M: nothing damped)
 * krC24e([...new Array(8).fill(50), 60, 60, 60, 60], 'PM25'); // 49.16… (C12 53.33, C4 45)
 * krC24e([...new Array(9).fill(20), Number.NaN, Number.NaN, 20], 'PM10'); // undefined (C4)
 */
export function krC24e(
  hourlyMeans: ArrayLike<number>,
  pollutant: 'PM10' | 'PM25',
): number | undefined {
  checkArrayLike('krC24e', 'hourlyMeans', hourlyMeans);
  checkOneOf('krC24e', 'pollutant', pollutant, ['PM10', 'PM25'] as const);
  return krC24eAt(hourlyMeans, hourlyMeans.length, KR_C24E_THRESHOLDS[pollutant]);
}

/**
 * {@link krC24e} of the hours that end just before index `end`, unchecked and allocation-free,
 * so a caller can slide it along one long series.
 *
 * @param values - hourly means in µg/m³, oldest first; a non-finite element is a missing hour
 * @param end - one past the current hour's index (`values.length` for the newest)
 * @param thresholdUgM3 - M in µg/m³ ({@link KR_C24E_THRESHOLDS})
 * @returns C24E in µg/m³, or `undefined` when C12 or C4 fails its capture rule
 * @example
 * krC24eAt([...new Array(12).fill(40), 999], 12, 30); // 35 (C12 40, C4 30)
 */
export function krC24eAt(
  values: ArrayLike<number>,
  end: number,
  thresholdUgM3: number,
): number | undefined {
  // C12 is a running mean of 12 hours, 9 present.
  const c12 = runningAt('mean', values, end, KR_C24E_HOURS, KR_C24E_MIN_HOURS);
  if (c12 === undefined) return undefined;

  let sum4 = 0;
  let present4 = 0;
  for (let j = Math.max(0, end - KR_C24E_RECENT_HOURS); j < end; j++) {
    const c = values[j] as number;
    if (!Number.isFinite(c)) continue;
    // With C12 = 0 the ratio is ±Infinity or NaN, which fails the band: no special case needed.
    const ratio = c / c12;
    const damped =
      c >= thresholdUgM3 - FLOAT_SAFE_EPSILON &&
      ratio >= RATIO_LOW - FLOAT_SAFE_EPSILON &&
      ratio <= RATIO_HIGH + FLOAT_SAFE_EPSILON;
    sum4 += damped ? KR_C24E_DAMPING * c : c;
    present4++;
  }
  if (present4 < KR_C24E_MIN_RECENT) return undefined;
  // AirKorea's formula as printed: half a day at C12, half at C4.
  return (12 * c12 + 12 * (sum4 / present4)) / 24;
}
