import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cn, EDITION_ARB, inputArb, KEYS } from '../helpers/cn-aqi-arbitraries.js';
import { CN_LEVELS, CN_NODES, CN_POLLUTANTS, cnCeil, cnRawIaqi } from '../helpers/cn-aqi-oracle.js';
import { oracleLevel } from '../helpers/in-naqi-oracle.js';
import { oracleDominant } from '../helpers/national-oracle-common.js';

// Properties of CN_AQI (world-indexes.md §7), 1,000 runs each: expected values come from the
// oracle in test/helpers and the rules of §7, never from src's tables.

const RUNS = { numRuns: 1000 };

describe('CN_AQI properties', () => {
  it('is monotone non-decreasing in each pollutant (2012 SO2: only without SO2_24H)', () => {
    fc.assert(
      fc.property(
        inputArb,
        EDITION_ARB,
        fc.constantFrom(...KEYS),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (input, edition, key, increase) => {
          fc.pre(input[key] !== undefined);
          // In 2012 a 1-h SO2 crossing 800 switches to SO2_24H's IAQI, which may be lower
          // (the reference's rule), so SO2 is monotone there only when SO2_24H is absent.
          const given =
            edition === '2012' && key === 'SO2' ? { ...input, SO2_24H: Number.NaN } : input;
          const higher = { ...given, [key]: Math.max(given[key]!, 0) + increase };
          const before = cn(given, edition).value;
          if (before === null) return;
          expect(cn(higher, edition).value!).toBeGreaterThanOrEqual(before);
        },
      ),
      RUNS,
    );
  });

  it('puts the value in its level range, with that level colour', () => {
    fc.assert(
      fc.property(inputArb, EDITION_ARB, (input, edition) => {
        const index = cn(input, edition);
        fc.pre(index.value !== null);
        const level = oracleLevel(CN_LEVELS, index.value!);
        expect(Number.isInteger(index.value)).toBe(true);
        expect([index.level, index.color]).toEqual([level.level, level.color]);
      }),
      RUNS,
    );
  });

  it('names the argmax as dominant above 50, and none up to 50', () => {
    fc.assert(
      fc.property(inputArb, EDITION_ARB, (input, edition) => {
        const index = cn(input, edition);
        fc.pre(index.value !== null);
        if (index.value! <= 50) expect(index.dominantPollutant).toBeNull();
        else {
          expect(index.dominantPollutant).toBe(oracleDominant(index.subIndexes));
          expect(index.subIndexes[index.dominantPollutant!]).toBe(index.value);
        }
      }),
      RUNS,
    );
  });

  it('is no data without any of the six pollutants (SO2_24H alone does not count)', () => {
    const absentArb = fc.constantFrom(
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    );
    fc.assert(
      fc.property(absentArb, fc.double({ noNaN: true }), EDITION_ARB, (bad, so2Daily, edition) => {
        const input = {
          ...Object.fromEntries(CN_POLLUTANTS.map((p) => [p, bad])),
          SO2_24H: so2Daily,
        };
        const index = cn(input, edition);
        expect(index).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
        expect(index.dominantPollutant).toBeNull();
      }),
      RUNS,
    );
  });

  it('differs between the editions only in PM between the 50 and 150 nodes, and in SO2 above 800 with SO2_24H', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const recent = cn(input, '2026').subIndexes;
        const old = cn(input, '2012').subIndexes;
        expect(Object.keys(recent)).toEqual(Object.keys(old));
        for (const key of Object.keys(recent)) {
          const c = Math.max(input[key]!, 0);
          const inPmBand =
            (key === 'PM25' && c > 35 && c < 115) || (key === 'PM10' && c > 50 && c < 250);
          const so2Switch = key === 'SO2' && c > 800 && Number.isFinite(input.SO2_24H);
          if (inPmBand) expect(recent[key]!).toBeGreaterThanOrEqual(old[key]!);
          else if (!so2Switch) expect(recent[key]).toBe(old[key]);
        }
      }),
      RUNS,
    );
    // On the 2026 IAQI-100 nodes the editions part: 100 against 2012's 80 and 82.
    expect([cn({ PM25: 60 }).value, cn({ PM25: 60 }, '2012').value]).toEqual([100, 82]);
    expect([cn({ PM10: 120 }).value, cn({ PM10: 120 }, '2012').value]).toEqual([100, 85]);
    expect([
      cn({ SO2: 801, SO2_24H: 10 }).value,
      cn({ SO2: 801, SO2_24H: 10 }, '2012').value,
    ]).toEqual([200, 10]);
  });

  it('reads SO2_24H only in 2012 and only for a 1-h SO2 above 800', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.double({ min: 0, max: 5000, noNaN: true }),
        EDITION_ARB,
        (input, so2Daily, edition) => {
          fc.pre(edition === '2026' || !(Math.max(input.SO2 ?? 0, 0) > 800));
          const { SO2_24H: _ignored, ...without } = input;
          expect(cn({ ...without, SO2_24H: so2Daily }, edition)).toEqual(cn(without, edition));
        },
      ),
      RUNS,
    );
  });

  it('reads CO in mg/m³ × 1000: the IAQI of m mg/m³ on the printed nodes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), EDITION_ARB, (thousandths, edition) => {
        const mg = thousandths / 1000;
        const expected = cnCeil(cnRawIaqi(CN_NODES[edition].CO!, mg));
        expect(cn({ CO: mg * 1000 }, edition).subIndexes.CO).toBe(expected);
      }),
      RUNS,
    );
  });
});
