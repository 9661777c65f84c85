/**
 * A small seeded generator (the mulberry32 construction) for laying out the sample network.
 * Returns floats in [0, 1); the same seed always gives the same sequence.
 *
 * @param seed - any number; only its low 32 bits matter
 * @example
 * const random = seededRandom(7);
 * random() === seededRandom(7)(); // true
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
 * A 32-bit hash of two integers with good avalanche (a murmur-style finaliser). Lets a sample's
 * noise be a pure function of (series key, time), so data produced in one go and data produced
 * in many small steps are identical.
 *
 * @param key - e.g. a per-series key derived from the seed
 * @param counter - e.g. the sample time in seconds (only its low 32 bits matter)
 * @returns an unsigned 32-bit integer
 * @example
 * hash32(1, 2) === hash32(1, 2); // true
 */
export function hash32(key: number, counter: number): number {
  let h = Math.imul(key ^ 0x9e3779b9, 0x85ebca6b) ^ counter;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Noise with mean 0 and standard deviation 1 (a triangular distribution, bounded by ±2.45),
 * from one hash: cheap, bounded, and good enough for sensor jitter.
 *
 * @example
 * Math.abs(unitNoise(3, 1_795_251_600)) <= 2.45; // true
 */
export function unitNoise(key: number, counter: number): number {
  const h = hash32(key, counter);
  // Two 16-bit uniforms; their sum minus 1 is triangular on (-1, 1) with variance 1/6.
  const sum = (h & 0xffff) / 65536 + (h >>> 16) / 65536;
  return (sum - 1) * 2.449489742783178;
}
