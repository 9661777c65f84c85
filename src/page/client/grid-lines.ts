/** Steps of the faint degree grid, in degrees, smallest first. */
const GRID_STEPS_DEGREES = Object.freeze([
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30,
]);

/**
 * The grid step for a span of degrees: the smallest step that gives at most `maxLines` lines.
 *
 * @example
 * gridStep(0.3, 8); // → 0.05
 */
export function gridStep(spanDegrees: number, maxLines: number): number {
  for (const step of GRID_STEPS_DEGREES) if (spanDegrees / step <= maxLines) return step;
  return GRID_STEPS_DEGREES.at(-1)!;
}

/**
 * The multiples of `step` within [min, max], computed from integers so that the values print
 * without binary noise (0.3, not 0.30000000000000004).
 *
 * @example
 * gridValues(19.82, 20.07, 0.05); // → [19.85, 19.9, 19.95, 20, 20.05]
 */
export function gridValues(min: number, max: number, step: number): number[] {
  let factor = 1;
  while (factor < 1e9 && Math.abs(Math.round(step * factor) - step * factor) > 1e-9) factor *= 10;
  const stepUnits = Math.round(step * factor);
  const first = Math.ceil((min * factor) / stepUnits - 1e-9);
  const last = Math.floor((max * factor) / stepUnits + 1e-9);
  const values: number[] = [];
  // `+ 0` turns the -0 that Math.ceil gives just below zero into 0.
  for (let i = first; i <= last; i++) values.push((i * stepUnits) / factor + 0);
  return values;
}
