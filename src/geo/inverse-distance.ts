import { describeValue } from '../time/instant.js';

/** Radius of the `/v2/measurements/point` interpolation, in km (the spec's 1.5 km). */
export const INTERPOLATION_RADIUS_KM = 1.5;

/** A source closer than this (1 m, in km) counts as standing at the point itself. */
export const COINCIDENT_DISTANCE_KM = 0.001;

/** One sensor's value and its distance to the point being interpolated. */
export interface IdwSource {
  readonly id: number;
  /** Great-circle distance to the point, in km (≥ 0). */
  readonly distanceKm: number;
  readonly value: number;
}

/** An installation that took part in an interpolation. */
export interface IdwContributor {
  readonly id: number;
  /** Great-circle distance to the point, in km. */
  readonly distanceKm: number;
  /** Share of this source in the result; the weights of one result sum to 1. */
  readonly weight: number;
}

/** The interpolated value and who contributed to it (nearest first, ties by id). */
export interface IdwResult {
  readonly value: number;
  readonly contributors: readonly IdwContributor[];
}

const NAME = 'interpolateInverseDistance';

/**
 * Inverse-distance weighting with power 1: `Σ(vᵢ/dᵢ) / Σ(1/dᵢ)`. Sources closer than
 * {@link COINCIDENT_DISTANCE_KM} (1 m) stand at the point itself: the result is then exactly
 * their plain mean and the other sources get no weight, so there is never a division by zero.
 * The sources are put in a canonical order first, so any permutation of the same sources gives
 * the identical result, and the value always lies within [min, max] of the contributing values
 * (equal values give exactly that value).
 *
 * @param sources - the sensors in range; an empty list means "no value"
 * @returns the value and the contributors (nearest first, ties by id, weights summing to 1),
 *   or `undefined` when `sources` is empty
 * @throws TypeError / RangeError naming the source (`sources[i].distanceKm` …) when a distance
 *   is negative or not finite, a value is not finite, or an id is not a number
 * @example
 * interpolateInverseDistance([
 *   { id: 1, distanceKm: 0.5, value: 10 },
 *   { id: 2, distanceKm: 1, value: 40 },
 * ]);
 * // { value: 20, contributors: [{ id: 1, distanceKm: 0.5, weight: 0.666… }, { id: 2, distanceKm: 1, weight: 0.333… }] }
 * interpolateInverseDistance([{ id: 1, distanceKm: 0.0004, value: 7 }, { id: 2, distanceKm: 0.3, value: 9 }])?.value; // 7
 * interpolateInverseDistance([]); // undefined
 */
export function interpolateInverseDistance(sources: readonly IdwSource[]): IdwResult | undefined {
  if (!Array.isArray(sources)) {
    throw new TypeError(`${NAME}: sources must be an array, got ${describeValue(sources)}`);
  }
  for (let i = 0; i < sources.length; i++) checkSource(sources[i], i);
  if (sources.length === 0) return undefined;

  const ordered = [...sources].sort(compareSources);
  let coincident = 0;
  while (coincident < ordered.length && ordered[coincident]!.distanceKm < COINCIDENT_DISTANCE_KM) {
    coincident++;
  }
  return coincident > 0 ? plainMean(ordered.slice(0, coincident)) : weightedMean(ordered);
}

// Both means add up differences from the first value rather than the values themselves:
// equal values then give that value exactly, and large offsets lose no precision.

function plainMean(sources: readonly IdwSource[]): IdwResult {
  const reference = sources[0]!.value; // ! : called with at least one source
  const weight = 1 / sources.length;
  let sum = 0;
  let min = reference;
  let max = reference;
  const contributors: IdwContributor[] = new Array(sources.length);
  for (let i = 0; i < sources.length; i++) {
    const { id, distanceKm, value } = sources[i]!; // ! : i < length
    sum += value - reference;
    if (value < min) min = value;
    if (value > max) max = value;
    contributors[i] = { id, distanceKm, weight };
  }
  return { value: clamp(reference + sum / sources.length, min, max), contributors };
}

function weightedMean(sources: readonly IdwSource[]): IdwResult {
  const reference = sources[0]!.value; // ! : called with at least one source
  let weightSum = 0;
  let weightedSum = 0;
  let min = reference;
  let max = reference;
  for (const { distanceKm, value } of sources) {
    const weight = 1 / distanceKm;
    weightSum += weight;
    weightedSum += weight * (value - reference);
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const contributors: IdwContributor[] = sources.map(({ id, distanceKm }) => ({
    id,
    distanceKm,
    weight: 1 / distanceKm / weightSum,
  }));
  return { value: clamp(reference + weightedSum / weightSum, min, max), contributors };
}

// The exact mean lies in [min, max]; rounding may step just outside, which would surprise.
function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

// A total order on sources (distance, then id, then value) so the sums run in the same order
// for every permutation of the input.
function compareSources(a: IdwSource, b: IdwSource): number {
  return a.distanceKm - b.distanceKm || a.id - b.id || a.value - b.value;
}

function checkSource(source: unknown, position: number): asserts source is IdwSource {
  if (typeof source !== 'object' || source === null) {
    throw new TypeError(
      `${NAME}: sources[${position}] must be an object with id, distanceKm and value, got ${describeValue(source)}`,
    );
  }
  const { id, distanceKm, value } = source as Partial<Record<keyof IdwSource, unknown>>;
  if (typeof id !== 'number' || Number.isNaN(id)) {
    throw new TypeError(
      `${NAME}: sources[${position}].id must be a number, got ${describeValue(id)}`,
    );
  }
  if (typeof distanceKm !== 'number' || !(distanceKm >= 0 && distanceKm < Infinity)) {
    const error = typeof distanceKm === 'number' ? RangeError : TypeError;
    throw new error(
      `${NAME}: sources[${position}].distanceKm must be a finite number >= 0, got ${describeValue(distanceKm)}`,
    );
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    const error = typeof value === 'number' ? RangeError : TypeError;
    throw new error(
      `${NAME}: sources[${position}].value must be a finite number, got ${describeValue(value)}`,
    );
  }
}
