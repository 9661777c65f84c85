import { checkSafeInteger } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';

// The one random stream of airq/trends: xoshiro128** (Blackman & Vigna 2018, "Scrambled linear
// pseudorandom number generators") with its four words seeded by a splitmix32 mix of the seed.
// openair draws its bootstrap from R's Mersenne Twister, which no other runtime reproduces; a
// small fixed generator makes every bootstrap interval the same in every process and engine.
// All arithmetic is on unsigned 32-bit words: Math.imul for products, `>>> 0` to read unsigned.

const TWO_POW_32 = 4_294_967_296;

/** The largest seed: seeds are unsigned 32-bit integers. */
export const MAX_SEED = 0xffff_ffff;

/** The most bootstrap resamples a call may ask for. */
export const MAX_RESAMPLES = 1_000_000;

/**
 * The four state words a, b, c, d of the generator for `seed`: a splitmix32 variant (the seed
 * advanced by the golden-ratio constant 0x9E3779B9, each step mixed by the MurmurHash3
 * finaliser), run four times.
 *
 * @param seed - an integer in [0, 2³² − 1] (unchecked; see {@link checkSeed})
 * @returns a new `Uint32Array` of length 4
 * @example
 * Array.from(seedState(2), (w) => w.toString(16)); // ['b4421bbb', '2a3311bd', '12925fb8', '97ea3a16']
 */
export function seedState(seed: number): Uint32Array {
  const state = new Uint32Array(4);
  let s = seed >>> 0;
  for (let k = 0; k < 4; k++) {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    state[k] = z ^ (z >>> 16);
  }
  return state;
}

/**
 * A seeded xoshiro128** generator: 32-bit outputs and unbiased uniform integers. One generator
 * serves one call of `theilSen` or `timeProfile`, so the draws follow that call's stated order.
 *
 * @example
 * const random = new RandomGenerator(2);
 * random.nextUint32(); // 2098143281
 * random.uniformInteger(8); // a whole number in [0, 8)
 */
export class RandomGenerator {
  // a, b, c, d of the reference algorithm, in that order.
  private readonly state: Uint32Array;

  /**
   * @param seed - an integer in [0, 2³² − 1]; the caller checks it with {@link checkSeed}
   */
  constructor(seed: number) {
    this.state = seedState(seed);
  }

  /**
   * The next output, an unsigned 32-bit integer in [0, 2³² − 1].
   *
   * @example
   * new RandomGenerator(0).nextUint32(); // 3809008728
   */
  nextUint32(): number {
    const state = this.state;
    const a = state[0]!;
    const b = state[1]!;
    const c = state[2]!;
    const d = state[3]!;
    const product = Math.imul(b, 5);
    const result = Math.imul((product << 7) | (product >>> 25), 9) >>> 0;
    const c1 = c ^ a;
    const d1 = d ^ b;
    state[0] = a ^ d1;
    state[1] = b ^ c1;
    state[2] = c1 ^ (b << 9);
    state[3] = (d1 << 11) | (d1 >>> 21);
    return result;
  }

  /**
   * A uniform integer in [0, m) without modulo bias: outputs at or above the largest multiple
   * of m below 2³² are rejected and drawn again, so at least one output is always consumed.
   *
   * @param m - the count of possible results, an integer in [1, 2³²] (unchecked)
   * @example
   * const random = new RandomGenerator(2);
   * Array.from({ length: 8 }, () => random.uniformInteger(8)); // [1, 0, 5, 0, 3, 0, 4, 7]
   */
  uniformInteger(m: number): number {
    const limit = TWO_POW_32 - (TWO_POW_32 % m);
    let r = this.nextUint32();
    while (r >= limit) r = this.nextUint32();
    return r % m;
  }
}

/**
 * Throws unless `seed` is an integer in [0, 2³² − 1], the seeds {@link RandomGenerator} takes.
 *
 * @throws TypeError when `seed` is not a number; RangeError when it is not such an integer
 * @example
 * checkSeed('theilSen', 'options.seed', -1);
 * // RangeError: theilSen: options.seed must be an integer in [0, 4294967295], got -1
 */
export function checkSeed(functionName: string, parameterName: string, seed: unknown): void {
  checkSafeInteger(functionName, parameterName, seed);
  if (seed < 0 || seed > MAX_SEED) {
    const expectation = `must be an integer in [0, ${MAX_SEED}]`;
    throw argumentError(RangeError, functionName, parameterName, expectation, seed);
  }
}

/**
 * Throws unless `nBoot` is an integer in [1, 1 000 000], the bootstrap sizes of airq/trends.
 *
 * @throws TypeError when `nBoot` is not a number; RangeError when it is not such an integer
 * @example
 * checkResampleCount('theilSen', 'options.nBoot', 0);
 * // RangeError: theilSen: options.nBoot must be an integer in [1, 1000000], got 0
 */
export function checkResampleCount(
  functionName: string,
  parameterName: string,
  nBoot: unknown,
): void {
  checkSafeInteger(functionName, parameterName, nBoot);
  if (nBoot < 1 || nBoot > MAX_RESAMPLES) {
    const expectation = `must be an integer in [1, ${MAX_RESAMPLES}]`;
    throw argumentError(RangeError, functionName, parameterName, expectation, nBoot);
  }
}
