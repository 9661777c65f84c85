// Naive corrections, written from the reference's formulas (corrections.md §1–§4, §10, §11)
// without reading src/corrections: the method coefficients retyped, the AirNow weights in
// their published form (x/20 − 3/2, x/50 − 21/5), the A/B thresholds retyped, a least-squares
// fit by Gram–Schmidt on the design matrix, and modStats over filtered arrays in plain loops.
// Slow on purpose and obviously right.

export type OracleMethod = 'EPA_2021' | 'EPA_2022' | 'AIRNOW_2021' | 'KAPPA' | 'LINEAR';

export interface OracleOptions {
  readonly method: OracleMethod;
  readonly clampNegative?: boolean;
  readonly kappa?: number;
  readonly rhClip?: readonly [number, number];
  readonly coefficients?: { intercept: number; pm25: number; rh: number };
}

/** §2: `|got − expected| ≤ 1e-9 · max(1, |expected|)`, NaN only against NaN, 0 = −0. */
export function withinTolerance(got: number, expected: number, relative = 1e-9): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(got);
  if (!Number.isFinite(expected)) return got === expected;
  return Math.abs(got - expected) <= relative * Math.max(1, Math.abs(expected));
}

/** The next double above `x` (a hair's breadth to the right of a branch edge). */
export function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x === 0 ? 0 : x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x >= 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

/** The next double below `x`. */
export function nextDown(x: number): number {
  return -nextUp(-x);
}

const epaLine = (x: number, rh: number) => 0.524 * x - 0.0862 * rh + 5.75;

/** §3: the output before the clamp, for a valid record. */
export function oracleFormula(x: number, rh: number, options: OracleOptions): number {
  switch (options.method) {
    case 'EPA_2021':
      return epaLine(x, rh);
    case 'EPA_2022': {
      const quadratic = 4.21e-4 * x * x + 0.392 * x + 3.44;
      if (x >= 611) return quadratic;
      if (x >= 570) {
        const w = 0.0244 * x - 13.9;
        return w * quadratic + (1 - w) * epaLine(x, rh);
      }
      return epaLine(x, rh);
    }
    case 'AIRNOW_2021': {
      if (x >= 260) return 2.966 + 0.69 * x + 8.84e-4 * x * x;
      if (x >= 210) {
        const w = x / 50 - 21 / 5;
        const slope = 0.69 * w + 0.786 * (1 - w);
        return slope * x - 0.0862 * rh * (1 - w) + 2.966 * w + 5.75 * (1 - w) + 8.84e-4 * x * x * w;
      }
      if (x >= 50) return 0.786 * x - 0.0862 * rh + 5.75;
      if (x >= 30) {
        const w = x / 20 - 3 / 2;
        return (0.786 * w + 0.524 * (1 - w)) * x - 0.0862 * rh + 5.75;
      }
      return epaLine(x, rh);
    }
    case 'KAPPA': {
      const c = options.kappa === undefined ? 0.24 : options.kappa / 1.65;
      const [lo, hi] = options.rhClip ?? [30, 70];
      const clipped = Math.min(Math.max(rh, lo), hi);
      const growth = clipped === 0 ? 1 : 1 + c / (100 / clipped - 1);
      return x / growth;
    }
    case 'LINEAR': {
      const k = options.coefficients!;
      return k.intercept + k.pm25 * x + k.rh * rh;
    }
  }
}

/** §1.1: NaN for an invalid record, else the formula, clamped to 0 unless told otherwise. */
export function oracleCorrect(x: number, rh: number, options: OracleOptions): number {
  const validPm = Number.isFinite(x) && x >= 0;
  const validRh = Number.isFinite(rh) && rh >= 0 && rh <= 100;
  if (!validPm || !validRh) return Number.NaN;
  const y = oracleFormula(x, rh, options);
  if (options.clampNegative === false) return y;
  return Math.max(y, 0);
}

/** §1.2 and §4.1, one pair. */
export function oracleCombine(a: number, b: number, period: 'HOUR' | 'DAY' = 'HOUR') {
  const maxRel = period === 'DAY' ? 0.61 : 0.7;
  const usable = Number.isFinite(a) && Number.isFinite(b) && a >= 0 && b >= 0;
  if (!usable) return { value: Number.NaN, valid: 0 };
  const d = Math.abs(a - b);
  const reject = d > 5 && d / ((a + b) / 2) > maxRel;
  return reject ? { value: Number.NaN, valid: 0 } : { value: (a + b) / 2, valid: 1 };
}

/**
 * §10: least squares of `reference` on [1, pm25, rh] over the usable records, by modified
 * Gram–Schmidt (QR) on the design matrix with PM2.5 and RH centred on their means (so that a
 * large offset costs no precision), then back substitution; the intercept moves back by the
 * means at the end. `undefined` when fewer than three records are usable.
 */
export function oracleFit(pm25: number[], rh: number[], reference: number[]) {
  const rows: number[][] = [];
  for (let i = 0; i < pm25.length; i++) {
    const x = pm25[i]!;
    const h = rh[i]!;
    const y = reference[i]!;
    if (Number.isFinite(x) && x >= 0 && Number.isFinite(h) && h >= 0 && h <= 100) {
      if (Number.isFinite(y)) rows.push([1, x, h, y]);
    }
  }
  const n = rows.length;
  if (n < 3) return undefined;
  const meanOf = (j: number) => rows.reduce((sum, row) => sum + row[j]!, 0) / n;
  const means = [0, meanOf(1), meanOf(2)];
  const columns = [0, 1, 2].map((j) => rows.map((row) => row[j]! - means[j]!));
  const y = rows.map((row) => row[3]!);
  const r = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const q: number[][] = [];
  for (let j = 0; j < 3; j++) {
    const v = [...columns[j]!];
    for (let k = 0; k < j; k++) {
      const dot = q[k]!.reduce((sum, qk, i) => sum + qk * v[i]!, 0);
      r[k]![j] = dot;
      for (let i = 0; i < n; i++) v[i] = v[i]! - dot * q[k]![i]!;
    }
    const norm = Math.sqrt(v.reduce((sum, vi) => sum + vi * vi, 0));
    r[j]![j] = norm;
    q.push(v.map((vi) => vi / norm));
  }
  const qty = q.map((qj) => qj.reduce((sum, qji, i) => sum + qji * y[i]!, 0));
  const beta = [0, 0, 0];
  for (let j = 2; j >= 0; j--) {
    let s = qty[j]!;
    for (let k = j + 1; k < 3; k++) s -= r[j]![k]! * beta[k]!;
    beta[j] = s / r[j]![j]!;
  }
  const intercept = beta[0]! - beta[1]! * means[1]! - beta[2]! * means[2]!;
  return { intercept, pm25: beta[1]!, rh: beta[2]!, n };
}

/** §11: openair's modStats over the complete pairs, formula by formula. */
export function oracleModStats(predicted: number[], reference: number[]) {
  const M: number[] = [];
  const O: number[] = [];
  for (let i = 0; i < predicted.length; i++) {
    if (Number.isFinite(predicted[i]) && Number.isFinite(reference[i])) {
      M.push(predicted[i]!);
      O.push(reference[i]!);
    }
  }
  const n = M.length;
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
  // R's mean: the sum over n, then corrected by the mean of the residuals.
  const mean = (values: number[]) => {
    const first = sum(values) / values.length;
    return first + sum(values.map((v) => v - first)) / values.length;
  };
  const errors = M.map((m, i) => m - O[i]!);
  const ratios = M.map((m, i) => m / O[i]!).filter((ratio) => !Number.isNaN(ratio));
  const meanM = mean(M);
  const meanO = mean(O);
  // A constant side has a variance of 0 exactly, whatever the rounding of its mean.
  const constant = (values: number[]) => values.every((v) => v === values[0]);
  const dM = M.map((m) => (constant(M) ? 0 : m - meanM));
  const dO = O.map((o) => (constant(O) ? 0 : o - meanO));
  const r =
    sum(dM.map((d, i) => d * dO[i]!)) /
    Math.sqrt(sum(dM.map((d) => d * d)) * sum(dO.map((d) => d * d)));
  const L = sum(errors.map(Math.abs));
  const spread = sum(dO.map(Math.abs));
  const R = 2 * spread;
  return {
    n,
    fac2: ratios.filter((ratio) => ratio >= 0.5 && ratio <= 2).length / ratios.length,
    mb: sum(errors) / n,
    mge: L / n,
    nmb: sum(errors) / sum(O),
    nmge: L / sum(O),
    rmse: Math.sqrt(sum(errors.map((e) => e * e)) / n),
    r,
    coe: 1 - L / spread,
    ioa: L <= R ? 1 - L / R : R / L - 1,
  };
}

/** An array-like of `values` that holds one more element, `extra`, just past its length. */
export function arrayLikeWithExtra(values: readonly number[], extra: number): ArrayLike<number> {
  const arrayLike: { length: number; [index: number]: number } = { length: values.length };
  values.forEach((value, i) => {
    arrayLike[i] = value;
  });
  arrayLike[values.length] = extra;
  return arrayLike;
}

/** Why a fit differs from another beyond §10's 1e-6 relative tolerance, or `undefined`. */
export function fitMismatch(
  got: { intercept: number; pm25: number; rh: number; n: number },
  want: { intercept: number; pm25: number; rh: number; n: number },
): string | undefined {
  if (got.n !== want.n) return `n: got ${got.n}, want ${want.n}`;
  for (const key of ['intercept', 'pm25', 'rh'] as const) {
    if (!withinTolerance(got[key], want[key], 1e-6)) {
      return `${key}: got ${got[key]}, want ${want[key]}`;
    }
  }
  return undefined;
}
