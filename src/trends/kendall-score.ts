import { seasonValues } from './kendall-options.js';

// Kendall's score S = Σ_{i<j} sgn(x_j − x_i) and its variance under no trend, with ties
// (Kendall 1975; Gilbert 1987, eq. 16.4), in O(n log n) instead of the O(n²) double loop.
//
// Of the n(n−1)/2 pairs i < j, Q have x_i > x_j (inversions), T have x_i = x_j (ties) and the
// rest have x_i < x_j, so S = n(n−1)/2 − T − 2Q. A stable merge sort counts Q exactly: when a
// value of the right run is strictly smaller than the left run's head, it is smaller than every
// value still waiting in the left run. Equal values never count, as sgn(0) = 0. The sorted
// result then gives the tie groups for T and for the variance.
//
// Every count is an integer below 2^53 for n up to about 1.6 · 10^5 in the variance term and
// far beyond in S, so S is exact and Var(S) is exact to that size (rounded to 1e-16 above).

/** Runs of this length are sorted by insertion first: fewer passes, same count. */
const INSERTION_RUN = 16;

/** Kendall's S of a series and its no-trend variance (ties corrected). */
export interface KendallScore {
  /** Σ_{i<j} sgn(x_j − x_i). */
  s: number;
  /** [n(n−1)(2n+5) − Σ_g t_g(t_g−1)(2t_g+5)] / 18 over the tie groups g of size t_g. */
  varS: number;
}

/**
 * Kendall's S and Var(S) of `values[0 … length − 1]` (finite numbers, in time order), sorting
 * them in place. O(n log n) time; `scratch` must hold at least `length` numbers.
 *
 * @param values - the series, finite numbers in time order; overwritten
 * @param length - how many leading values form the series
 * @param scratch - work space of at least `length` elements; overwritten
 * @returns S and Var(S); both 0 for fewer than two values
 * @example
 * const x = Float64Array.of(1, 3, 2, 5, 5, 4, 6, 8, 7, 9);
 * kendallScore(x, 10, new Float64Array(10)); // { s: 36, varS: 124 }
 */
export function kendallScore(
  values: Float64Array,
  length: number,
  scratch: Float64Array,
): KendallScore {
  // Fewer than two values have no pair (and n(n − 1) would be −0 for n = 0).
  if (length < 2) return { s: 0, varS: 0 };
  const inversions = sortCountingInversions(values, length, scratch);
  // Whichever buffer holds the sorted values after the merge passes.
  const sorted = passCount(length) % 2 === 0 ? values : scratch;
  let tiedPairs = 0;
  let tieTerm = 0;
  for (let start = 0; start < length; ) {
    let end = start + 1;
    while (end < length && sorted[end] === sorted[start]) end++;
    const t = end - start;
    tiedPairs += (t * (t - 1)) / 2;
    tieTerm += t * (t - 1) * (2 * t + 5);
    start = end;
  }
  const n = length;
  const pairs = (n * (n - 1)) / 2;
  return {
    s: pairs - tiedPairs - 2 * inversions,
    varS: (n * (n - 1) * (2 * n + 5) - tieTerm) / 18,
  };
}

/** Kendall's S and Var(S) summed over seasons, with the counts the tests report. */
export interface SeasonalKendallScore extends KendallScore {
  /** Valid values in all seasons. */
  n: number;
  /** Σ_g n_g(n_g − 1)/2: the pairs compared, the denominator of tau. */
  pairs: number;
}

/**
 * The seasonal Kendall score (Hirsch, Slack & Smith 1982): S and Var(S) of each season's valid
 * values (season of element i = i mod `period`), summed; `period` 1 gives the plain score.
 * Non-finite values are skipped and keep their place.
 *
 * @param values - the series in time order; not modified
 * @param period - the number of seasons, an integer ≥ 1
 * @example
 * seasonalKendallScore([3, 7, 5, 1, 4, 8, 6, 2], 4); // { s: 4, varS: 4, n: 8, pairs: 4 }
 */
export function seasonalKendallScore(
  values: ArrayLike<number>,
  period: number,
): SeasonalKendallScore {
  const size = Math.ceil(values.length / period);
  const season = new Float64Array(size);
  const scratch = new Float64Array(size);
  let n = 0;
  let s = 0;
  let varS = 0;
  let pairs = 0;
  for (let g = 0; g < period && g < values.length; g++) {
    const count = seasonValues(values, period, g, season);
    const score = kendallScore(season, count, scratch);
    n += count;
    s += score.s;
    varS += score.varS;
    pairs += (count * (count - 1)) / 2;
  }
  return { n, s, varS, pairs };
}

/** How many merge passes a bottom-up sort of `length` values makes after the insertion runs. */
function passCount(length: number): number {
  let passes = 0;
  for (let width = INSERTION_RUN; width < length; width *= 2) passes++;
  return passes;
}

/**
 * Sorts `values[0 … length − 1]` ascending (into `values` after an even number of merge
 * passes, into `scratch` after an odd number) and returns the number of pairs i < j with
 * values[i] > values[j].
 */
function sortCountingInversions(
  values: Float64Array,
  length: number,
  scratch: Float64Array,
): number {
  let inversions = 0;
  // Insertion sort of each short run: every strictly greater element shifted past v is one
  // inversion (equal elements stay in front: stable, not counted).
  for (let start = 0; start < length; start += INSERTION_RUN) {
    const end = Math.min(start + INSERTION_RUN, length);
    for (let i = start + 1; i < end; i++) {
      const v = values[i]!;
      let j = i - 1;
      while (j >= start && values[j]! > v) {
        values[j + 1] = values[j]!;
        j--;
      }
      inversions += i - 1 - j;
      values[j + 1] = v;
    }
  }
  let from = values;
  let to = scratch;
  for (let width = INSERTION_RUN; width < length; width *= 2) {
    for (let left = 0; left < length; left += 2 * width) {
      const middle = Math.min(left + width, length);
      const right = Math.min(left + 2 * width, length);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < right) {
        const a = from[i]!;
        const b = from[j]!;
        if (b < a) {
          // b is below everything left of the middle that is still waiting.
          inversions += middle - i;
          to[k++] = b;
          j++;
        } else {
          to[k++] = a;
          i++;
        }
      }
      while (i < middle) to[k++] = from[i++]!;
      while (j < right) to[k++] = from[j++]!;
    }
    const swap = from;
    from = to;
    to = swap;
  }
  return inversions;
}
