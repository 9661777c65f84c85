/**
 * A small deterministic PRNG (mulberry32) so that every benchmark sees the same data in every
 * run. Returns floats in [0, 1).
 *
 * @param seed - any 32-bit integer
 * @example
 * const random = seededRandom(42);
 * random(); // the same first number on every run
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
