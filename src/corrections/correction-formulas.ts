import type { CorrectionOptions } from './correction-options.js';

// The correction formulas, one per method, for one record whose PM2.5 `x` (µg/m³) and relative
// humidity `rh` (%) are already known to be valid, and the unchecked loop that applies them to
// a series. Allocation-free but for the output array; correct-pm25.ts checks the arguments.
//
// Each expression is written exactly as published, in the same order of operations, so that
// the result is the one every other implementation of the same text computes, to the last
// bits; the pieces of AIRNOW_2021 and EPA_2022 start where `x` reaches their lower bound.

/**
 * Barkjohn, Gantt & Clements 2021 (AMT 14:4617), for the PurpleAir `pm2.5_cf_1` A/B mean.
 *
 * @example
 * epa2021(10, 50); // → 6.68 (approximately: 5.24 − 4.31 + 5.75)
 */
export function epa2021(x: number, rh: number): number {
  return 0.524 * x - 0.0862 * rh + 5.75;
}

/**
 * Barkjohn, Holder, Frederick & Clements 2022 (Sensors 22:9669): Eq. (1) below 570 µg/m³, the
 * quadratic Eq. (3) from 611 µg/m³, and the blend Eq. (2) between. The blend weight is
 * 0.008 at 570 and 1.0084 at 611, not 0 and 1, so the curve steps by about +0.5 and −0.7 µg/m³
 * there; it is kept as published rather than renormalised, so results match the paper's.
 *
 * @example
 * epa2022(1000, 50); // → 816.44 (approximately; RH is not used from 611 up)
 */
export function epa2022(x: number, rh: number): number {
  if (x < 570) return 0.524 * x - 0.0862 * rh + 5.75;
  const y3 = 4.21e-4 * x * x + 0.392 * x + 3.44;
  if (x >= 611) return y3;
  const w = 0.0244 * x - 13.9;
  return w * y3 + (1 - w) * (0.524 * x - 0.0862 * rh + 5.75);
}

/**
 * The AirNow Fire and Smoke Map correction of 2021, for the PurpleAir `pm2.5_atm` A/B mean:
 * five pieces, continuous at 30, 50, 210 and 260 µg/m³. The published weights are
 * `x/20 − 3/2` and `x/50 − 21/5`; firmware that computed them with integer division gave
 * wrong results, hence the decimals.
 *
 * @example
 * airnow2021(33, 40); // → 20.8909 (approximately)
 */
export function airnow2021(x: number, rh: number): number {
  if (x < 30) return 0.524 * x - 0.0862 * rh + 5.75;
  if (x < 50) {
    const w = x / 20 - 1.5;
    return (0.786 * w + 0.524 * (1 - w)) * x - 0.0862 * rh + 5.75;
  }
  if (x < 210) return 0.786 * x - 0.0862 * rh + 5.75;
  if (x < 260) {
    const w = x / 50 - 4.2;
    return (
      (0.69 * w + 0.786 * (1 - w)) * x -
      0.0862 * rh * (1 - w) +
      2.966 * w +
      5.75 * (1 - w) +
      8.84e-4 * x * x * w
    );
  }
  return 2.966 + 0.69 * x + 8.84e-4 * x * x;
}

/** Nilson et al. 2022's growth coefficient (their Model 2), κ/1.65 with κ ≈ 0.396. */
export const NILSON_GROWTH = 0.24;

/** The relative humidity range (%) Nilson et al. 2022 clip to before the growth term. */
export const NILSON_RH_CLIP: readonly [number, number] = /* @__PURE__ */ Object.freeze([
  30, 70,
] as const);

/**
 * κ-Köhler hygroscopic growth (Crilley et al. 2018, AMT 11:709): the sensor sees wet particles,
 * whose mass over the dry mass is `1 + c / (100/RH − 1)` with `c = κ/1.65` (1.65 g/cm³ read as
 * the dry density). RH is clipped to `[lo, hi]` first, because the fits saw nothing outside
 * and the term diverges at 100 %. At an RH of exactly 0 there is no water and the factor is 1:
 * `100 / 0` is Infinity, so the expression gives exactly 1 without a case of its own.
 *
 * @param growth - `c`, the growth coefficient: {@link NILSON_GROWTH} or κ/1.65
 * @example
 * kappaGrowth(20, 50, 0.24, 30, 70); // → 16.129… (20 / 1.24)
 */
export function kappaGrowth(x: number, rh: number, growth: number, lo: number, hi: number): number {
  const rhc = Math.min(Math.max(rh, lo), hi);
  return x / (1 + growth / (100 / rhc - 1));
}

/**
 * The `LINEAR` model, evaluated left to right as `intercept + pm25·x + rh·rhValue`.
 *
 * @example
 * linear(20, 50, 15, 0.96, -0.15); // → 26.7 (approximately)
 */
export function linear(
  x: number,
  rh: number,
  intercept: number,
  pm25: number,
  rhCoefficient: number,
): number {
  return intercept + pm25 * x + rhCoefficient * rh;
}

/**
 * Whether a record can be corrected: PM2.5 finite and ≥ 0, RH in [0, 100]. NaN fails every
 * comparison, so a missing value is caught with the out-of-range ones.
 */
export function isValidRecord(x: number, rh: number): boolean {
  return x >= 0 && x < Number.POSITIVE_INFINITY && rh >= 0 && rh <= 100;
}

/**
 * `y`, or +0 when it is negative and the clamp is on. A -0 (from a sum of zeros with a negative
 * coefficient) also becomes +0, so a clamped concentration never carries a sign that a reader of
 * `Object.is` or `1 / y` could trip on.
 */
export function clamped(y: number, clampNegative: boolean): number {
  return y <= 0 && clampNegative ? 0 : y;
}

/**
 * The KAPPA growth coefficient of validated options. Without κ it is Nilson's 0.24 itself:
 * 0.396 / 1.65 is one ulp away.
 */
export function growthOf(options: CorrectionOptions): number {
  return options.kappa === undefined ? NILSON_GROWTH : options.kappa / 1.65;
}

/**
 * The corrections of a series with validated options, unchecked: one loop per method, with the
 * method's parameters read once. Each element is exactly what `correctedPm25` gives, from the
 * same formulas.
 *
 * Two measured reasons for its shape (10 million records, bench/corrections.bench.ts): reading
 * an absent option (`kappa`, `rhClip`) on every record, as `correctedPm25` does, made the KAPPA
 * loop about 4× slower than a hand-written one; and under vitest's module transform a call to a
 * formula of another module costs a property load per record, 2.6× the hand-written loop for
 * EPA_2021 (1.05× for the bundled build), so the loops live beside the formulas.
 */
export function correctSeries(
  pm25: ArrayLike<number>,
  rh: ArrayLike<number>,
  options: CorrectionOptions,
): Float64Array {
  const out = new Float64Array(pm25.length);
  const clamp = options.clampNegative !== false;
  const n = out.length;
  switch (options.method) {
    case 'EPA_2021':
      for (let i = 0; i < n; i++) {
        const x = pm25[i]!;
        const h = rh[i]!;
        out[i] = isValidRecord(x, h) ? clamped(epa2021(x, h), clamp) : Number.NaN;
      }
      break;
    case 'EPA_2022':
      for (let i = 0; i < n; i++) {
        const x = pm25[i]!;
        const h = rh[i]!;
        out[i] = isValidRecord(x, h) ? clamped(epa2022(x, h), clamp) : Number.NaN;
      }
      break;
    case 'AIRNOW_2021':
      for (let i = 0; i < n; i++) {
        const x = pm25[i]!;
        const h = rh[i]!;
        out[i] = isValidRecord(x, h) ? clamped(airnow2021(x, h), clamp) : Number.NaN;
      }
      break;
    case 'KAPPA': {
      const growth = growthOf(options);
      const [lo, hi] = options.rhClip ?? NILSON_RH_CLIP;
      for (let i = 0; i < n; i++) {
        const x = pm25[i]!;
        const h = rh[i]!;
        out[i] = isValidRecord(x, h)
          ? clamped(kappaGrowth(x, h, growth, lo, hi), clamp)
          : Number.NaN;
      }
      break;
    }
    default: {
      const { intercept, pm25: slope, rh: rhSlope } = options.coefficients!;
      for (let i = 0; i < n; i++) {
        const x = pm25[i]!;
        const h = rh[i]!;
        out[i] = isValidRecord(x, h)
          ? clamped(linear(x, h, intercept, slope, rhSlope), clamp)
          : Number.NaN;
      }
    }
  }
  return out;
}
