import { checkObject } from '../arguments/argument-checks.js';
import { layOutPeriods, type PeriodOptions } from './period-layout.js';
import { checkColumn, checkStamps } from './trends-series.js';

// Wind directions cannot be averaged as numbers (350° and 10° average to north, not south):
// openair's timeAverage averages the unit vectors, or the wind vectors with `vector.ws`, and
// reports the direction of the mean vector.

/** Wind records: direction in degrees (where the wind comes from) and optionally speed. */
export interface WindSeries {
  /** Epoch milliseconds, finite and strictly increasing. */
  atMs: ArrayLike<number>;
  /** Degrees clockwise from north; not finite = missing. */
  direction: ArrayLike<number>;
  /** Any speed unit, ≥ 0; a record whose speed is not finite or negative is missing. */
  speed?: ArrayLike<number>;
}

/** One row per period: the direction and length of the mean wind vector. */
export interface PeriodWind {
  startMs: Float64Array;
  endMs: Float64Array;
  /** Degrees in [0, 360) the mean vector comes from; 0 for a calm period (mean vector 0). */
  direction: Float64Array;
  /** The mean vector's length: vector-mean speed with speeds, mean resultant length (0–1) without. */
  resultant: Float64Array;
  count: Uint32Array;
  possible: Uint32Array;
}

const DEGREES = 180 / Math.PI;

/**
 * Averages wind by calendar periods as vectors: u = w·sin θ, v = w·cos θ with w the speed (1
 * without speeds), ū and v̄ their means over the period's valid records; `direction` =
 * atan2(ū, v̄) in [0, 360), `resultant` = √(ū² + v̄²). Periods, `count`, `possible` and
 * `minCapture` as in `aggregatePeriods`; below the capture rule both numbers are NaN.
 *
 * @param series - stamps (epoch ms, strictly increasing), directions in degrees, optional speeds
 * @param options - the periods (see {@link PeriodOptions})
 * @throws TypeError / RangeError naming the parameter and value on misuse
 * @example
 * const H = Date.UTC(2024, 0, 1);
 * const wind = aggregateWind({ atMs: [H, H + 3_600_000], direction: [0, 90], speed: [2, 4] }, { period: 'day' });
 * // wind.direction → [63.43494882292201], wind.resultant → [2.23606797749979]
 */
export function aggregateWind(series: WindSeries, options: PeriodOptions): PeriodWind {
  const name = 'aggregateWind';
  checkObject(name, 'series', series);
  checkStamps(name, 'series.atMs', series.atMs);
  const n = series.atMs.length;
  checkColumn(name, 'series.direction', series.direction, n);
  const { speed } = series;
  if (speed !== undefined) checkColumn(name, 'series.speed', speed, n);
  const { startMs, endMs, firstIndex, possible, minCapture } = layOutPeriods(
    name,
    series.atMs,
    options,
  );
  const periods = startMs.length;
  const directions = series.direction;
  const direction = new Float64Array(periods);
  const resultant = new Float64Array(periods);
  const count = new Uint32Array(periods);
  for (let k = 0; k < periods; k++) {
    let valid = 0;
    let sumU = 0;
    let sumV = 0;
    const last = firstIndex[k + 1] as number;
    for (let i = firstIndex[k] as number; i < last; i++) {
      const degrees = directions[i] as number;
      if (!(degrees - degrees === 0)) continue;
      let w = 1;
      if (speed !== undefined) {
        w = speed[i] as number;
        // A speed that is NaN, ±Infinity or negative makes the record missing.
        if (!(w - w === 0 && w >= 0)) continue;
      }
      const radians = degrees * (Math.PI / 180);
      sumU += w * Math.sin(radians);
      sumV += w * Math.cos(radians);
      valid++;
    }
    count[k] = valid;
    if (valid === 0 || valid / (possible[k] as number) < minCapture) {
      direction[k] = Number.NaN;
      resultant[k] = Number.NaN;
      continue;
    }
    const u = sumU / valid;
    const v = sumV / valid;
    resultant[k] = Math.sqrt(u * u + v * v);
    // atan2(±0, ±0) is 0, ±180 or −0 by the signs of the zeros: a calm period is 0 by rule.
    if (u === 0 && v === 0) {
      direction[k] = 0;
      continue;
    }
    let degrees = Math.atan2(u, v) * DEGREES;
    if (degrees < 0) degrees += 360;
    direction[k] = degrees >= 360 ? 0 : degrees;
  }
  return { startMs, endMs, direction, resultant, count, possible };
}
