import { checkArrayLike } from '../arguments/argument-checks.js';

// EPA's NowCast for PM2.5 and PM10 (AirNow, "The NowCast for PM2.5 and PM10"): a weighted
// mean of the last 12 hourly means in which the weight of each older hour shrinks by a factor
// w that is small when the concentrations swing and near 1 when they are steady, so the value
// follows a fast change within hours and still smooths a steady one like a 12-hour mean.

/** Hours a NowCast reads, the current hour included. */
export const NOWCAST_HOURS = 12;
/** Capture rule: at least this many of the {@link NOWCAST_RECENT_HOURS} most recent hours. */
export const NOWCAST_MIN_RECENT = 2;
/** Capture rule: the span of most recent hours that {@link NOWCAST_MIN_RECENT} counts in. */
export const NOWCAST_RECENT_HOURS = 3;
/** The floor of the weight factor w for PM (the AirNow ozone NowCast has none; airq omits it). */
export const NOWCAST_MIN_WEIGHT = 0.5;

/**
 * The NowCast of hourly means (§3.4), as AirNow reports PM2.5 and PM10 every hour.
 *
 * With c1 the newest of the last 12 hours: w* = 1 − (max − min) / max over the hours present,
 * w = max(w*, 0.5), NowCast = Σ w^(i−1)·c_i / Σ w^(i−1) over the hours present. A missing hour
 * drops out of both sums but keeps its place i, so it still ages the hours before it. Values are
 * used raw (no truncation); a negative hourly mean counts as 0. When every hour present is 0 the
 * NowCast is 0.
 *
 * @param hourlyMeans - hourly means in µg/m³, **oldest first**; the last element is the hour
 *   that ends at the instant of the NowCast. Only the last 12 are read; a shorter array has its
 *   older hours missing. An element that is not a finite number (`NaN` for an hour without
 *   samples) is a missing hour.
 * @returns the NowCast in µg/m³, unrounded (`computeIndex` truncates it); `undefined` unless at
 *   least 2 of the 3 most recent hours are present
 * @throws TypeError when `hourlyMeans` is not an array or typed array
 * @example
 * // EPA's worked example; newest to oldest the hours are 13, 16, 10, 21, 74, 64, 53, 82, …
 * nowCast([50, 80, 75, 90, 82, 53, 64, 74, 21, 10, 16, 13]); // 17.4138… (w = 0.5)
 * nowCast([20, 20, 20]); // 20 (steady: w = 1, a plain mean)
 * nowCast([30, 20, Number.NaN, Number.NaN]); // undefined (only 1 of the 3 latest hours)
 */
export function nowCast(hourlyMeans: ArrayLike<number>): number | undefined {
  checkArrayLike('nowCast', 'hourlyMeans', hourlyMeans);
  return nowCastAt(
    hourlyMeans,
    hourlyMeans.length,
    NOWCAST_HOURS,
    NOWCAST_MIN_RECENT,
    NOWCAST_RECENT_HOURS,
  );
}

/**
 * The NowCast of the `hours` hourly means that end just before index `end`, unchecked and
 * allocation-free, so a caller can slide it along one long series. The capture rule is
 * `minRecent` present among the `recentHours` newest; {@link nowCast} passes 12, 2 and 3.
 *
 * @param values - hourly means in µg/m³, oldest first; a non-finite element is a missing hour
 * @param end - one past the current hour's index (`values.length` for the newest)
 * @returns the NowCast in µg/m³, or `undefined` when the capture rule fails
 * @example
 * // The NowCast of [1, 9, 9], the hour after `end` unread: (9 + 4.5 + 0.25) / 1.75
 * nowCastAt([1, 9, 9, 40], 3, 12, 2, 3); // 7.857…
 */
export function nowCastAt(
  values: ArrayLike<number>,
  end: number,
  hours: number,
  minRecent: number,
  recentHours: number,
): number | undefined {
  let recentPresent = 0;
  for (let j = Math.max(0, end - recentHours); j < end; j++) {
    if (Number.isFinite(values[j])) recentPresent++;
  }
  if (recentPresent < minRecent) return undefined;

  const first = Math.max(0, end - hours);
  let max = 0;
  let min = Number.POSITIVE_INFINITY;
  for (let j = first; j < end; j++) {
    const c = presentValue(values[j]);
    if (c === undefined) continue;
    if (c > max) max = c;
    if (c < min) min = c;
  }
  // Every hour present is 0 (or below): w* would be 0/0, and the only sensible mean is 0.
  if (max === 0) return 0;

  const w = Math.max(1 - (max - min) / max, NOWCAST_MIN_WEIGHT);
  let weight = 1;
  let weightedSum = 0;
  let weightSum = 0;
  // Newest first, so that `weight` is w^(i−1) for the hour at place i, present or not.
  for (let j = end - 1; j >= first; j--) {
    const c = presentValue(values[j]);
    if (c !== undefined) {
      weightedSum += weight * c;
      weightSum += weight;
    }
    weight *= w;
  }
  return weightedSum / weightSum;
}

// An hour's value as the NowCast uses it: missing when not a finite number, 0 when negative.
function presentValue(value: number | undefined): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  return (value as number) > 0 ? (value as number) : 0;
}
