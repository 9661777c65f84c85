import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateTo } from '../../src/indexes/float-safe.js';
import {
  type ConvertibleGas,
  MOLAR_MASS_G_PER_MOL,
  ppbToUgm3,
  ppmToUgm3,
  ugm3ToPpb,
  ugm3ToPpm,
} from '../../src/indexes/unit-conversion.js';

// world-indexes.md §1: ppb = µg/m³ × 24.45 / M at 25 °C and 1 atm, ppm = ppb / 1000. The
// oracle does the same arithmetic on exact rationals (BigInt), with the molar masses as the
// reference prints them, in units of 1e-4 g/mol.

const RUNS = { numRuns: 1000 };
const REFERENCE_MOLAR_MASS_E4: Readonly<Record<ConvertibleGas, bigint>> = {
  NO2: 460055n,
  O3: 479982n,
  SO2: 640660n,
  CO: 280100n,
};
const GASES = Object.keys(REFERENCE_MOLAR_MASS_E4) as ConvertibleGas[];
const gasArb = fc.constantFrom(...GASES);
// A concentration in thousandths of a µg/m³, as sensors report it, up to 50 000 µg/m³.
const thousandthsArb = fc.integer({ min: 0, max: 50_000_000 });

function referenceMolarMass(gas: ConvertibleGas): number {
  return Number(REFERENCE_MOLAR_MASS_E4[gas]) / 1e4;
}

// floor(v·10^d + ε) for v = thousandths/1000 µg/m³ converted to ppb (scale 1) or ppm (scale
// 1000), in exact rationals: v·24.45/M = thousandths·2445·10^4 / (1000·100·M_e4).
function exactTruncated(
  gas: ConvertibleGas,
  thousandths: number,
  unitDivisor: bigint,
  decimals: number,
): number {
  const numerator = BigInt(thousandths) * 2445n * 10_000n * 10n ** BigInt(decimals);
  const denominator = 1000n * 100n * REFERENCE_MOLAR_MASS_E4[gas] * unitDivisor;
  // + ε = + 1/10^9
  const floored = (numerator * 10n ** 9n + denominator) / (denominator * 10n ** 9n);
  return Number(floored) / 10 ** decimals;
}

describe('unit conversion: the figures of world-indexes.md', () => {
  it('uses the molar masses of §1, frozen', () => {
    for (const gas of GASES) expect(MOLAR_MASS_G_PER_MOL[gas]).toBe(referenceMolarMass(gas));
    expect(Object.keys(MOLAR_MASS_G_PER_MOL).sort()).toEqual([...GASES].sort());
    expect(Object.isFrozen(MOLAR_MASS_G_PER_MOL)).toBe(true);
  });

  it('makes SO2 1281.32 µg/m³ 489 ppb after float-safe truncation (§1)', () => {
    expect(ugm3ToPpb('SO2', 1281.32)).toBeCloseTo(489, 10);
    expect(truncateTo(ugm3ToPpb('SO2', 1281.32), 0)).toBe(489);
  });

  // §3.5 (US AQI inputs, truncated per pollutant) and §8 (CA AQHI ppb, unrounded).
  it.each<[ConvertibleGas, number, 'ppb' | 'ppm', number, number]>([
    ['O3', 151.2, 'ppm', 3, 0.077],
    ['CO', 9623.1, 'ppm', 1, 8.4],
    ['O3', 100, 'ppm', 3, 0.05],
    ['O3', 300, 'ppm', 3, 0.152],
    ['SO2', 900, 'ppb', 0, 343],
    ['SO2', 850, 'ppb', 0, 324],
    ['NO2', 200, 'ppb', 0, 106],
    ['CO', 5000, 'ppm', 1, 4.3],
  ])('%s %d µg/m³ is %s %d-decimal %d', (gas, ugm3, unit, decimals, expected) => {
    const converted = unit === 'ppb' ? ugm3ToPpb(gas, ugm3) : ugm3ToPpm(gas, ugm3);
    expect(truncateTo(converted, decimals)).toBe(expected);
  });

  it.each<[ConvertibleGas, number, number]>([
    ['O3', 60, 30.56],
    ['NO2', 20, 10.63],
    ['O3', 120, 61.13],
    ['NO2', 80, 42.52],
  ])('%s %d µg/m³ is %d ppb to 2 decimals', (gas, ugm3, ppb) => {
    expect(ugm3ToPpb(gas, ugm3)).toBeCloseTo(ppb, 2);
  });
});

describe('unit conversion against exact rationals', () => {
  it('truncated ppb and ppm agree with the exact conversion (ε rule included)', () => {
    fc.assert(
      fc.property(gasArb, thousandthsArb, fc.constantFrom(0, 1, 3), (gas, thousandths, d) => {
        const ugm3 = thousandths / 1000;
        expect(truncateTo(ugm3ToPpb(gas, ugm3), 0)).toBe(exactTruncated(gas, thousandths, 1n, 0));
        expect(truncateTo(ugm3ToPpm(gas, ugm3), d)).toBe(
          exactTruncated(gas, thousandths, 1000n, d),
        );
      }),
      RUNS,
    );
  });

  it('round-trips: ppb × M / 24.45 gives back µg/m³, and ppm is ppb / 1000', () => {
    fc.assert(
      fc.property(gasArb, fc.double({ min: 1e-6, max: 1e6, noNaN: true }), (gas, ugm3) => {
        const ppb = ugm3ToPpb(gas, ugm3);
        const back = (ppb * referenceMolarMass(gas)) / 24.45;
        expect(Math.abs(back - ugm3)).toBeLessThanOrEqual(1e-14 * ugm3);
        expect(ugm3ToPpm(gas, ugm3)).toBe(ppb / 1000);
      }),
      RUNS,
    );
  });

  it('is zero at zero and strictly increasing', () => {
    fc.assert(
      fc.property(gasArb, thousandthsArb, thousandthsArb, (gas, a, b) => {
        fc.pre(a !== b);
        const [low, high] = a < b ? [a, b] : [b, a];
        expect(ugm3ToPpb(gas, low / 1000)).toBeLessThan(ugm3ToPpb(gas, high / 1000));
      }),
      RUNS,
    );
    for (const gas of GASES) expect(ugm3ToPpb(gas, 0)).toBe(0);
  });

  it('converts back: ppbToUgm3 and ppmToUgm3 are ppb × M / 24.45 with the reference masses', () => {
    fc.assert(
      fc.property(gasArb, thousandthsArb, (gas, thousandths) => {
        const ppb = thousandths / 1000;
        // Exact: thousandths × M_e4 / (1000 × 10^4 × 24.45), compared to 1e-14 relative.
        const exact = (thousandths * Number(REFERENCE_MOLAR_MASS_E4[gas])) / (1e7 * 24.45);
        expect(Math.abs(ppbToUgm3(gas, ppb) - exact)).toBeLessThanOrEqual(1e-14 * exact);
        expect(ppmToUgm3(gas, ppb / 1000)).toBeCloseTo(ppbToUgm3(gas, ppb), 9);
        expect(ugm3ToPpb(gas, ppbToUgm3(gas, ppb))).toBeCloseTo(ppb, 9);
      }),
      RUNS,
    );
    expect(ppbToUgm3('SO2', 489)).toBeCloseTo(1281.32, 10);
  });
});
