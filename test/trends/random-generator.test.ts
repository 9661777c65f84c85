import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkResampleCount,
  checkSeed,
  RandomGenerator,
  seedState,
} from '../../src/trends/random-generator.js';
import { RUNS } from '../helpers/property-runs.js';
import { oracleGenerator } from '../helpers/trends-bootstrap-oracle.js';

const seeds = fc.integer({ min: 0, max: 0xffff_ffff });

describe('RandomGenerator (xoshiro128** seeded by splitmix32)', () => {
  it('gives the reference state and outputs for seed 2', () => {
    expect(Array.from(seedState(2))).toEqual([0xb4421bbb, 0x2a3311bd, 0x12925fb8, 0x97ea3a16]);
    const random = new RandomGenerator(2);
    const outputs = Array.from({ length: 6 }, () => random.nextUint32());
    expect(outputs).toEqual([
      2098143281, 4211684960, 3213800981, 2517947280, 1538889219, 3315968912,
    ]);
  });

  it('gives the reference outputs for seed 0', () => {
    const random = new RandomGenerator(0);
    const outputs = Array.from({ length: 3 }, () => random.nextUint32());
    expect(outputs).toEqual([3809008728, 1133695204, 53579671]);
  });

  it('draws the reference uniform(8) sequence for seed 2 (the first replicate of E25)', () => {
    const random = new RandomGenerator(2);
    expect(Array.from({ length: 8 }, () => random.uniformInteger(8))).toEqual([
      1, 0, 5, 0, 3, 0, 4, 7,
    ]);
  });

  it('rejects outputs at or above the largest multiple of m below 2³²', () => {
    // m = 2³¹ + 1: the limit is m itself. Of seed 2's outputs the first is below it, the next
    // three are not, the fifth (1538889219) is: the second draw consumes four outputs.
    const m = 2 ** 31 + 1;
    const random = new RandomGenerator(2);
    expect(random.uniformInteger(m)).toBe(2098143281);
    expect(random.uniformInteger(m)).toBe(1538889219);
    expect(random.nextUint32()).toBe(3315968912);
    // m = 1 always gives 0 and still consumes one output.
    const one = new RandomGenerator(2);
    expect(one.uniformInteger(1)).toBe(0);
    expect(one.nextUint32()).toBe(4211684960);
    // m = 2³² takes every output as it is.
    const whole = new RandomGenerator(2);
    expect(whole.uniformInteger(2 ** 32)).toBe(2098143281);
    expect(whole.uniformInteger(2 ** 32)).toBe(4211684960);
  });

  it('rejects an output exactly at the limit', () => {
    // m = 4211684960, seed 2's second output: 2³² mod m = 83282336, so the limit 2³² − 83282336
    // is m itself, and the second output, equal to it, is drawn again (§8: draw until r < limit).
    const m = 4_211_684_960;
    expect(2 ** 32 - (2 ** 32 % m)).toBe(m);
    const random = new RandomGenerator(2);
    expect(random.uniformInteger(m)).toBe(2098143281);
    expect(random.uniformInteger(m)).toBe(3213800981);
    expect(random.nextUint32()).toBe(2517947280);
    const oracle = oracleGenerator(2);
    expect([oracle.uniform(m), oracle.uniform(m), oracle.next()]).toEqual([
      2098143281, 3213800981, 2517947280,
    ]);
  });

  it('agrees with the independent oracle on the state and the first 40 outputs of any seed', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        expect(Array.from(seedState(seed))).toEqual(oracleGenerator(seed).state);
        const random = new RandomGenerator(seed);
        const oracle = oracleGenerator(seed);
        for (let k = 0; k < 40; k++) expect(random.nextUint32()).toBe(oracle.next());
      }),
      RUNS,
    );
  });

  it('agrees with the oracle on uniform integers of any range, rejections included', () => {
    const ranges = fc.oneof(
      fc.integer({ min: 1, max: 20 }),
      fc.integer({ min: 1, max: 2 ** 32 }),
      fc.integer({ min: 2 ** 31, max: 2 ** 31 + 2 ** 29 }),
    );
    fc.assert(
      fc.property(seeds, fc.array(ranges, { minLength: 1, maxLength: 30 }), (seed, ms) => {
        const random = new RandomGenerator(seed);
        const oracle = oracleGenerator(seed);
        for (const m of ms) {
          const drawn = random.uniformInteger(m);
          expect(drawn).toBe(oracle.uniform(m));
          expect(drawn >= 0 && drawn < m && Number.isInteger(drawn)).toBe(true);
        }
        // Both consumed the same number of outputs.
        expect(random.nextUint32()).toBe(oracle.next());
      }),
      RUNS,
    );
  });

  it('repeats itself for the same seed', () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 1, max: 1000 }), (seed, m) => {
        const a = new RandomGenerator(seed);
        const b = new RandomGenerator(seed);
        for (let k = 0; k < 20; k++) expect(a.uniformInteger(m)).toBe(b.uniformInteger(m));
      }),
      RUNS,
    );
  });
});

describe('checkSeed and checkResampleCount', () => {
  it('accept the ends of their ranges', () => {
    expect(() => checkSeed('f', 'options.seed', 0)).not.toThrow();
    expect(() => checkSeed('f', 'options.seed', 2 ** 32 - 1)).not.toThrow();
    expect(() => checkResampleCount('f', 'options.nBoot', 1)).not.toThrow();
    expect(() => checkResampleCount('f', 'options.nBoot', 1_000_000)).not.toThrow();
  });

  it.each([-1, 2 ** 32, 0.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'seed %s is a RangeError',
    (seed) => {
      expect(() => checkSeed('theilSen', 'options.seed', seed)).toThrow(RangeError);
      expect(() => checkSeed('theilSen', 'options.seed', seed)).toThrow(
        /^theilSen: options\.seed must be an integer/,
      );
    },
  );

  it.each([0, -3, 1_000_001, 2.5, Number.NaN])('nBoot %s is a RangeError', (nBoot) => {
    expect(() => checkResampleCount('timeProfile', 'options.nBoot', nBoot)).toThrow(
      /^timeProfile: options\.nBoot must be an integer/,
    );
    expect(() => checkResampleCount('timeProfile', 'options.nBoot', nBoot)).toThrow(RangeError);
  });

  it('throws a TypeError for a value that is not a number', () => {
    expect(() => checkSeed('f', 'options.seed', '2')).toThrow(TypeError);
    expect(() => checkResampleCount('f', 'options.nBoot', '599')).toThrow(TypeError);
  });
});
