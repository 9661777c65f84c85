/**
 * Where benchmarks put their results. The value lives in an exported object of a module other
 * than the benchmark, so the engine must assume someone reads it and cannot drop the work that
 * produced it.
 *
 * @example
 * bench('airq nearest', () => consume(index.nearest(lat, lng).length));
 */
export const benchSink = { value: 0 };

/** Folds a result into {@link benchSink} (kept a small integer, so it never overflows). */
export function consume(result: number): void {
  benchSink.value = (benchSink.value + result) | 0;
}
