import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hash32, seededRandom, unitNoise } from '../../src/sample/seeded-noise.js';

describe('seeded noise', () => {
  it('repeats a sequence for the same seed and gives floats in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = seededRandom(seed);
        const b = seededRandom(seed);
        for (let i = 0; i < 5; i++) {
          const x = a();
          expect(x).toBe(b());
          expect(x >= 0 && x < 1).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('hashes to unsigned 32-bit integers, the same for the same input', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 2 ** 33 }), (key, counter) => {
        const h = hash32(key, counter);
        expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
        expect(hash32(key, counter)).toBe(h);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives bounded noise with mean near 0 and standard deviation near 1', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 2 ** 31 }), (key, counter) => {
        expect(Math.abs(unitNoise(key, counter))).toBeLessThanOrEqual(2.45);
      }),
      { numRuns: 1000 },
    );
    let sum = 0;
    let squares = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const x = unitNoise(42, 1_795_251_600 + i * 60);
      sum += x;
      squares += x * x;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(Math.abs(Math.sqrt(squares / n) - 1)).toBeLessThan(0.02);
  });
});
