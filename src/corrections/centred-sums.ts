// The means of three aligned columns and the sums of products of their deviations from those
// means, over the rows a filter keeps, in one pass: the shared core of `fitLinearCorrection`
// (the normal equations of a least-squares fit) and `compareWithReference` (Pearson's r).

/**
 * Means and centred sums of squares and products of three aligned columns `a`, `b`, `c` over
 * the rows kept: `saa = Σ(a − mean(a))²`, `sab = Σ(a − mean(a))(b − mean(b))`, and so on. `c`
 * plays the response of a regression, needed only against `a` and `b`: there is no `scc`.
 * All zero when no row is kept.
 */
export interface CentredSums {
  /** Rows kept. */
  readonly n: number;
  readonly meanA: number;
  readonly meanB: number;
  readonly meanC: number;
  readonly saa: number;
  readonly sbb: number;
  readonly sab: number;
  readonly sac: number;
  readonly sbc: number;
}

/**
 * The closed interval a column's value must lie in for its row to count (NaN never does).
 * Intervals rather than a callback: with two callers' callbacks one call site turned
 * polymorphic and the pass ran 5–7× slower.
 */
export interface KeptRange {
  readonly min: number;
  readonly max: number;
}

/** Any finite value. */
export const FINITE: KeptRange = Object.freeze({ min: -Number.MAX_VALUE, max: Number.MAX_VALUE });

/** Kept rows per block of {@link centredSums}. */
const BLOCK = 256;

const NO_ROWS: CentredSums = Object.freeze({
  n: 0,
  meanA: 0,
  meanB: 0,
  meanC: 0,
  saa: 0,
  sbb: 0,
  sab: 0,
  sac: 0,
  sbc: 0,
});

/**
 * The means and centred sums of `a`, `b` and `c` over the rows whose three values lie in their
 * columns' `ranges`, read once.
 * Within a block of rows the deviations are taken from the means so far, so the sums hold
 * small numbers and only plain additions (no dependency chain through a running mean:
 * Welford's per-row update made the least-squares fit 5× slower than a two-pass loop on a
 * million pairs); each block is then merged exactly (Chan et al.'s update: the block's sums
 * about the old means, less n·Δ² for the shift of the means). The first block takes its first
 * row as the means so far, so a constant column has a mean of exactly that constant and sums
 * of exactly 0. The columns must be at least as long as `a`; a caller that needs only two
 * passes one of them twice (its extra sums cost a few multiplications a row).
 *
 * @param a - the first column
 * @param b - the second column, aligned with `a`
 * @param c - the third column, aligned with `a`
 * @param ranges - the interval of each column, in the order `a`, `b`, `c`
 * @returns the means and sums; all 0 without a kept row
 * @example
 * const sums = centredSums([1, 2, 3], [2, 4, 6], [0, 0, 0], [FINITE, FINITE, FINITE]);
 * sums.meanB; // → 4
 * sums.sab; // → 4
 */
export function centredSums(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  c: ArrayLike<number>,
  ranges: readonly [KeptRange, KeptRange, KeptRange],
): CentredSums {
  const [{ min: minA, max: maxA }, { min: minB, max: maxB }, { min: minC, max: maxC }] = ranges;
  const length = a.length;
  // Comparisons written out in both loops (no helper called per row), each `>=`/`<=` false
  // for NaN, so that NaN is never kept.
  let i = 0;
  for (; i < length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    const z = c[i]!;
    if (x >= minA && x <= maxA && y >= minB && y <= maxB && z >= minC && z <= maxC) break;
  }
  if (i === length) return NO_ROWS;
  let n = 0;
  let meanA = a[i]!;
  let meanB = b[i]!;
  let meanC = c[i]!;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  let sac = 0;
  let sbc = 0;
  while (i < length) {
    let count = 0;
    let sumU = 0;
    let sumV = 0;
    let sumW = 0;
    let uu = 0;
    let vv = 0;
    let uv = 0;
    let uw = 0;
    let vw = 0;
    for (; i < length && count < BLOCK; i++) {
      const x = a[i]!;
      const y = b[i]!;
      const z = c[i]!;
      if (!(x >= minA && x <= maxA && y >= minB && y <= maxB && z >= minC && z <= maxC)) continue;
      const u = x - meanA;
      const v = y - meanB;
      const w = z - meanC;
      count++;
      sumU += u;
      sumV += v;
      sumW += w;
      uu += u * u;
      vv += v * v;
      uv += u * v;
      uw += u * w;
      vw += v * w;
    }
    n += count;
    const du = sumU / n;
    const dv = sumV / n;
    const dw = sumW / n;
    saa += uu - sumU * du;
    sbb += vv - sumV * dv;
    sab += uv - sumU * dv;
    sac += uw - sumU * dw;
    sbc += vw - sumV * dw;
    meanA += du;
    meanB += dv;
    meanC += dw;
  }
  return { n, meanA, meanB, meanC, saa, sbb, sab, sac, sbc };
}
