import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payloadValues } from '../../src/meta/payload-values.js';
import { halfUp2OfPrintedDecimal } from '../helpers/index-oracles.js';
import { REFERENCE_PAYLOAD_ORDER } from '../helpers/index-reference-tables.js';

const RUNS = { numRuns: 1000 };
// The canonical order of the reference (section 5), transcribed in test.
const CANONICAL: readonly string[] = REFERENCE_PAYLOAD_ORDER;

// A name that is either known or an arbitrary upper-case identifier.
const nameArb = fc.oneof(
  fc.constantFrom(...REFERENCE_PAYLOAD_ORDER),
  fc.stringMatching(/^[A-Z][A-Z0-9_]{0,7}$/),
);
const valueArb = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: -1e4, max: 1e4, noNaN: true }) },
  // Decimals with 3 places, as sensors report them: here half-up rounding has work to do.
  { weight: 4, arbitrary: fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  },
);
const averagesArb = fc.dictionary(nameArb, valueArb, { maxKeys: 20 });

// Oracle: known names by their position in the canonical list, then the rest sorted.
function expectedOrder(names: readonly string[]): string[] {
  const known = CANONICAL.filter((name) => names.includes(name));
  const unknown = names.filter((name) => !CANONICAL.includes(name)).sort();
  return [...known, ...unknown];
}

describe('payloadValues', () => {
  it('orders, rounds and filters a typical window', () => {
    expect(
      payloadValues({
        TEMPERATURE: 3.456,
        NO2: 12,
        PM10: 35.534,
        PRESSURE: 1013.25,
        PM25: Number.NaN,
        ZZ: 2,
        HUMIDITY: 81.005,
        AA: -0.125,
        PM1: 10.1,
      }),
    ).toEqual([
      { name: 'PM1', value: 10.1 },
      { name: 'PM10', value: 35.53 },
      { name: 'PRESSURE', value: 1013.25 },
      { name: 'HUMIDITY', value: 81.01 },
      { name: 'TEMPERATURE', value: 3.46 },
      { name: 'NO2', value: 12 },
      { name: 'AA', value: -0.13 },
      { name: 'ZZ', value: 2 },
    ]);
  });

  it('keeps negative values as measured and drops non-finite ones', () => {
    expect(payloadValues({ PM25: -1.5, PM10: Number.POSITIVE_INFINITY })).toEqual([
      { name: 'PM25', value: -1.5 },
    ]);
    expect(payloadValues({})).toEqual([]);
  });

  it('rejects a non-object', () => {
    expect(() => payloadValues(null as unknown as Record<string, number>)).toThrow(
      'payloadValues: averages must be an object of numbers, got null',
    );
  });

  it('has every finite entry once, half-up rounded, in canonical then alphabetical order', () => {
    fc.assert(
      fc.property(averagesArb, (averages) => {
        const values = payloadValues(averages);
        const finite = Object.keys(averages).filter((name) => Number.isFinite(averages[name]));
        expect(values.map((v) => v.name)).toEqual(expectedOrder(finite));
        for (const { name, value } of values)
          expect(value).toBe(halfUp2OfPrintedDecimal(averages[name]!));
      }),
      RUNS,
    );
  });

  it('does not depend on the insertion order of the input', () => {
    fc.assert(
      fc.property(averagesArb, (averages) => {
        const reversed = Object.fromEntries(Object.entries(averages).reverse());
        expect(payloadValues(reversed)).toEqual(payloadValues(averages));
      }),
      RUNS,
    );
  });
});
