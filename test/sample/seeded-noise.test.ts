import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hash32, seededRandom, unitNoise } from '../../src/sample/seeded-noise.js';

// Golden values: written by running the generator as it was when they were pinned (not derived
// from any specification), so that any change to the sequences, and with them to the whole
// sample network, fails here first. Regenerate only on purpose, and say so in the commit.
describe('seeded noise: golden values', () => {
  const firstSix = (seed: number) => {
    const random = seededRandom(seed);
    return Array.from({ length: 6 }, () => random());
  };

  it.each([
    [
      1,
      [
        0.6270739405881613, 0.002735721180215478, 0.5274470399599522, 0.9810509674716741,
        0.9683778982143849, 0.281103502959013,
      ],
    ],
    [
      42,
      [
        0.6011037519201636, 0.44829055899754167, 0.8524657934904099, 0.6697340414393693,
        0.17481389874592423, 0.5265925421845168,
      ],
    ],
    [
      0,
      [
        0.26642920868471265, 0.0003297457005828619, 0.2232720274478197, 0.1462021479383111,
        0.46732782293111086, 0.5450490827206522,
      ],
    ],
    [
      -7,
      [
        0.43306733411736786, 0.32539576734416187, 0.5442695003002882, 0.48018999374471605,
        0.048719558166339993, 0.041189806535840034,
      ],
    ],
  ])('seededRandom(%d) starts with the pinned six values', (seed, expected) => {
    expect(firstSix(seed)).toEqual(expected);
  });

  it('uses only the low 32 bits of the seed', () => {
    expect(firstSix(2 ** 32 + 1)).toEqual(firstSix(1));
    expect(firstSix(-7)).toEqual(firstSix(2 ** 32 - 7));
  });

  it.each([
    [1, 2, 2831086161],
    [42, 1_795_251_600, 2463615093],
    [0, 0, 4170662395],
    [-7, 2 ** 32 + 5, 226295860],
  ])('hash32(%d, %d) is %d', (key, counter, expected) => {
    expect(hash32(key, counter)).toBe(expected);
  });

  it.each([
    [1, 2, 1.4836501364101906],
    [42, 1_795_251_600, 0.8735576517994451],
    [0, 0, 0.560419451954513],
    [-7, 1_795_255_200, 1.577539269617456],
  ])('unitNoise(%d, %d) is %d', (key, counter, expected) => {
    expect(unitNoise(key, counter)).toBe(expected);
  });
});

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
