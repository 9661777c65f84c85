// Benchmarks draw their data from the same seeded generator as the sample network, so one
// implementation serves both.
export { seededRandom } from '../../src/sample/seeded-noise.js';

/**
 * `count` random points (id = position) uniformly spread over a latitude/longitude box.
 *
 * @example
 * randomPoints(seededRandom(1), 3, { minLat: 49, maxLat: 51, minLng: 19, maxLng: 21 });
 */
export function randomPoints(
  random: () => number,
  count: number,
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
): { id: number; latitude: number; longitude: number }[] {
  const points = new Array(count);
  for (let i = 0; i < count; i++) {
    points[i] = {
      id: i + 1,
      latitude: box.minLat + random() * (box.maxLat - box.minLat),
      longitude: box.minLng + random() * (box.maxLng - box.minLng),
    };
  }
  return points;
}
