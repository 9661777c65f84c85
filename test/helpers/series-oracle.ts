// Brute-force reference for TimeSeries: a Map from timestamp to value, and window statistics by
// filtering every sample and adding in a plain loop. Slow on purpose and obviously right.

/** One stored sample. */
export interface NaiveSample {
  readonly atMs: number;
  readonly value: number;
}

/** A series kept as a Map: last write wins per timestamp, no ordering tricks. */
export class NaiveSeries {
  readonly #byTime = new Map<number, number>();

  add(atMs: number, value: number): void {
    this.#byTime.set(atMs + 0, value + 0);
  }

  /** Whether a sample at `atMs` is stored. */
  has(atMs: number): boolean {
    return this.#byTime.has(atMs + 0);
  }

  addBatch(atMs: ArrayLike<number>, values: ArrayLike<number>): void {
    for (let i = 0; i < atMs.length; i++) this.add(atMs[i]!, values[i]!);
  }

  pruneBefore(atMs: number): number {
    let removed = 0;
    for (const t of [...this.#byTime.keys()]) {
      if (t < atMs) {
        this.#byTime.delete(t);
        removed++;
      }
    }
    return removed;
  }

  /** All samples sorted by time. */
  samples(): NaiveSample[] {
    return [...this.#byTime]
      .map(([atMs, value]) => ({ atMs, value }))
      .sort((a, b) => a.atMs - b.atMs);
  }
}

/** The samples with `fromMs <= atMs < tillMs`. */
export function naiveWindow(
  samples: readonly NaiveSample[],
  fromMs: number,
  tillMs: number,
): NaiveSample[] {
  return samples.filter((s) => fromMs <= s.atMs && s.atMs < tillMs);
}

/** Plain left-to-right sum of the window's values (0 when empty). */
export function naiveSum(samples: readonly NaiveSample[], fromMs: number, tillMs: number): number {
  let total = 0;
  for (const s of naiveWindow(samples, fromMs, tillMs)) total += s.value;
  return total;
}

/** Plain mean of the window's values, `undefined` when the window is empty. */
export function naiveAverage(
  samples: readonly NaiveSample[],
  fromMs: number,
  tillMs: number,
): number | undefined {
  const inside = naiveWindow(samples, fromMs, tillMs);
  if (inside.length === 0) return undefined;
  let total = 0;
  for (const s of inside) total += s.value;
  return total / inside.length;
}

/** Mean of |value| over the window: the scale against which rounding error is measured. */
export function naiveMeanMagnitude(
  samples: readonly NaiveSample[],
  fromMs: number,
  tillMs: number,
): number {
  const inside = naiveWindow(samples, fromMs, tillMs);
  let total = 0;
  for (const s of inside) total += Math.abs(s.value);
  return inside.length === 0 ? 0 : total / inside.length;
}

/**
 * Whether `actual` agrees with `expected` to `relative` (default 1e-9). The error is measured
 * against `magnitude` (the mean |value| of the window) when that is larger than |expected|:
 * when positive and negative values cancel, relative error against a result near zero has no
 * meaning, and the honest bound is relative to the size of the numbers that were added.
 * For windows of same-sign values this is plain relative error. A floor of a few subnormal
 * steps (2^-1074 each) remains, because below 2^-1022 doubles cannot carry relative precision.
 */
export function agrees(
  actual: number,
  expected: number,
  magnitude: number,
  relative = 1e-9,
): boolean {
  const tolerance = relative * Math.max(Math.abs(expected), magnitude) + 4 * Number.MIN_VALUE;
  return Math.abs(actual - expected) <= tolerance;
}
