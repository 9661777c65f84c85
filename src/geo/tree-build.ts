import KDBush from 'kdbush';
import { checkNumberInRange } from '../arguments/argument-checks.js';
import { argumentError, describeValue } from '../arguments/describe-value.js';
import type { GeoPoint } from './geo-point.js';

// Points per kd-tree leaf. geokdbush pushes every point of each leaf it opens into its priority
// queue, so leaves smaller than kdbush's default 64 make a k = 1 query cheaper (about 15% at 32),
// and the radius walk scans fewer points per leaf; the build pays one more level of median
// selection. 32 was the best balance measured: 16 made builds 15-40% slower for no clear gain.
const TREE_NODE_SIZE = 32;

// Named in error messages: building the tree is what InstallationIndex.from does.
const FROM = 'InstallationIndex.from';

/** The arrays an {@link InstallationIndex} queries. */
export interface BuiltTree {
  /** kdbush over the points, x = longitude, y = latitude; `tree.ids[slot]` is an input position. */
  readonly tree: KDBush;
  /** Installation id of each input position. */
  readonly idsByPosition: Float64Array;
  /**
   * Tree slot of each input position: geokdbush reports input positions, whose coordinates
   * kdbush keeps in tree order (a quarter of the memory of a second copy of the coordinates).
   */
  readonly slotByPosition: Uint32Array;
}

/**
 * Checks the points and builds the kd-tree and id maps of an index over them. O(n log n).
 *
 * @throws TypeError / RangeError naming the offending point (its position and id) when a
 *   point is not an object, its id is not a safe integer or repeats, or a coordinate is out
 *   of range or NaN
 * @example
 * buildTree([{ id: 7, latitude: 52.23, longitude: 21.01 }]).idsByPosition; // Float64Array [7]
 */
export function buildTree(points: readonly GeoPoint[]): BuiltTree {
  if (!Array.isArray(points)) {
    throw argumentError(TypeError, FROM, 'points', 'must be an array', points);
  }
  const tree = new KDBush(points.length, TREE_NODE_SIZE);
  const idsByPosition = new Float64Array(points.length);
  if (!addPoints(points, tree, idsByPosition)) checkUniqueIds(idsByPosition, points);
  tree.finish();
  const slotByPosition = new Uint32Array(points.length);
  invertPermutation(tree.ids, slotByPosition);
  return { tree, idsByPosition, slotByPosition };
}

// The two loops over every point live in functions of their own. V8 optimises a long loop
// while it runs (on-stack replacement); with more code after the loop in the same function,
// that optimised code was thrown away at the end of every build (seen with --trace-deopt), so
// each build started its loop unoptimised again.

/**
 * Checks every point, records its id and adds it to the tree.
 *
 * @returns whether the ids were strictly ascending (then they are also unique)
 */
function addPoints(
  points: readonly GeoPoint[],
  tree: KDBush,
  idsByPosition: Float64Array,
): boolean {
  let ascending = true;
  let previousId = Number.NEGATIVE_INFINITY;
  for (let position = 0; position < points.length; position++) {
    const point = points[position]!; // ! : position < length (holes are caught below)
    if (typeof point !== 'object' || point === null) throwPointProblem(point, position);
    // Plain property reads, no optional chaining: with `point?.latitude` V8 boxed every
    // coordinate (measured: one extra full garbage collection per million-point build).
    const id = point.id;
    const latitude = point.latitude;
    const longitude = point.longitude;
    // One cheap test per point; the message is built only for a point that fails it.
    if (
      !Number.isSafeInteger(id) ||
      typeof latitude !== 'number' ||
      !(latitude >= -90 && latitude <= 90) ||
      typeof longitude !== 'number' ||
      !(longitude >= -180 && longitude <= 180)
    ) {
      throwPointProblem(point, position);
    }
    idsByPosition[position] = id;
    if (!(id > previousId)) ascending = false;
    previousId = id;
    tree.add(longitude, latitude);
  }
  return ascending;
}

/** Writes into `slotByPosition` the inverse of kdbush's slot → input position permutation. */
function invertPermutation(
  positionBySlot: Uint16Array | Uint32Array,
  slotByPosition: Uint32Array,
): void {
  for (let slot = 0; slot < positionBySlot.length; slot++) {
    slotByPosition[positionBySlot[slot]!] = slot; // ! : slot < length
  }
}

/** Throws the error that names what is wrong with a point that failed the cheap test. */
function throwPointProblem(point: unknown, position: number): never {
  const at = `points[${position}]`;
  if (typeof point !== 'object' || point === null) {
    const expectation = 'must be an object with id, latitude and longitude';
    throw argumentError(TypeError, FROM, at, expectation, point);
  }
  const { id, latitude, longitude } = point as Partial<Record<keyof GeoPoint, unknown>>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    const ErrorType = typeof id === 'number' ? RangeError : TypeError;
    throw argumentError(ErrorType, FROM, `${at}.id`, 'must be a safe integer', id);
  }
  checkNumberInRange(FROM, `${at}.latitude (installation ${id})`, latitude, -90, 90);
  checkNumberInRange(FROM, `${at}.longitude (installation ${id})`, longitude, -180, 180);
  // Unreachable: one of the checks above rejects whatever failed the cheap test.
  throw argumentError(RangeError, FROM, at, 'must be a valid point', point);
}

function checkUniqueIds(idsByPosition: Float64Array, points: readonly GeoPoint[]): void {
  const sorted = idsByPosition.slice().sort();
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] !== sorted[i - 1]) continue;
    const id = sorted[i]!; // ! : i < length
    const first = idsByPosition.indexOf(id);
    const second = idsByPosition.indexOf(id, first + 1);
    throw new RangeError(
      `${FROM}: points[${second}].id ${id} duplicates points[${first}].id (${describeValue(points[second])})`,
    );
  }
}
