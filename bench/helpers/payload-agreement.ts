import type { AveragedValues, Measurements } from '../../src/model/api-types.js';
import type { PointMeasurements } from '../../src/payload/measurements-service.js';

// Both sides of a payload benchmark must produce the same payload before their speed means
// anything. These checks run once, outside the timed functions.

/** Weights are computed from distances that the two sides find along different paths. */
const WEIGHT_TOLERANCE = 1e-9;

function elements(payload: Measurements): AveragedValues[] {
  return [payload.current, ...payload.history, ...payload.forecast];
}

/**
 * Throws unless both payloads have the same windows, the same rounded `values` and the same
 * index value and level in every window, and unless there is something to compare: the
 * current window and at least `minWindowsWithValues` windows must carry values.
 *
 * @param label - names the case in the error message
 * @example
 * assertSamePayload('installation 1001', ours, naive, 20); // passes or throws
 */
export function assertSamePayload(
  label: string,
  ours: Measurements,
  theirs: Measurements,
  minWindowsWithValues: number,
): void {
  const a = elements(ours);
  const b = elements(theirs);
  if (a.length !== b.length) {
    throw new Error(`bench/payload: ${label}: ${a.length} windows against ${b.length}`);
  }
  let withValues = 0;
  a.forEach((mine, i) => {
    const other = b[i]!; // same length
    const same =
      mine.fromDateTime === other.fromDateTime &&
      mine.tillDateTime === other.tillDateTime &&
      JSON.stringify(mine.values) === JSON.stringify(other.values) &&
      mine.indexes[0]?.value === other.indexes[0]?.value &&
      mine.indexes[0]?.level === other.indexes[0]?.level;
    if (!same) {
      throw new Error(
        `bench/payload: ${label}: window ${i} differs:\n${JSON.stringify(mine)}\n${JSON.stringify(other)}`,
      );
    }
    if (mine.values.length > 0) withValues++;
  });
  if (ours.current.values.length === 0 || withValues < minWindowsWithValues) {
    throw new Error(
      `bench/payload: ${label}: only ${withValues} windows with values (current: ${ours.current.values.length}); the check would prove nothing`,
    );
  }
}

/**
 * {@link assertSamePayload} plus the same contributors (ids in order, weights within 1e-9).
 *
 * @example
 * assertSamePointPayload('centre', ours, naive, 20, 21);
 */
export function assertSamePointPayload(
  label: string,
  ours: PointMeasurements,
  theirs: PointMeasurements,
  minWindowsWithValues: number,
  expectedContributors: number,
): void {
  assertSamePayload(label, ours, theirs, minWindowsWithValues);
  const a = ours.interpolation.contributors;
  const b = theirs.interpolation.contributors;
  const same =
    a.length === b.length &&
    a.every(
      (c, i) =>
        c.installationId === b[i]?.installationId &&
        Math.abs(c.weight - b[i].weight) <= WEIGHT_TOLERANCE,
    );
  if (!same || a.length < expectedContributors) {
    throw new Error(
      `bench/payload: ${label}: contributors differ or too few (want ≥ ${expectedContributors}):\n${JSON.stringify(a)}\n${JSON.stringify(b)}`,
    );
  }
}

/**
 * A number that depends on the whole payload, cheap to compute, for a benchmark's sink.
 *
 * @example
 * payloadChecksum(payload); // e.g. 49 + Σ current values + current index value
 */
export function payloadChecksum(payload: Measurements): number {
  let sum = payload.history.length + payload.forecast.length;
  for (const value of payload.current.values) sum += value.value;
  sum += payload.current.indexes[0]?.value ?? 0;
  sum += payload.forecast[payload.forecast.length - 1]?.values.length ?? 0;
  return sum;
}
