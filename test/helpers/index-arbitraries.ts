import fc from 'fast-check';
import {
  REFERENCE_INDEX_TYPE_NAMES,
  REFERENCE_INDEXES,
  type ReferenceIndex,
  type ReferenceIndexTypeName,
} from './index-reference-tables.js';

/** Any index type name of the reference. */
export const indexTypeArb: fc.Arbitrary<ReferenceIndexTypeName> = fc.constantFrom(
  ...REFERENCE_INDEX_TYPE_NAMES,
);

/**
 * A concentration as a double: mostly in the range where levels change, sometimes negative
 * (sensor noise), sometimes far above every grid.
 */
export const concentrationArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 0, max: 300, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: -50, max: 0, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: 300, max: 1e6, noNaN: true }) },
);

/** A concentration with at most 3 decimals, as sensors and payloads report them. */
export const reportedConcentrationArb: fc.Arbitrary<number> = fc
  .integer({ min: 0, max: 700_000 })
  .map((thousandths) => thousandths / 1000);

/** Values that must count as absent. */
export const absentValueArb: fc.Arbitrary<number> = fc.constantFrom(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
);

/** A pair `[low, high]` with `low <= high`. */
export const orderedPairArb: fc.Arbitrary<[number, number]> = fc
  .tuple(concentrationArb, concentrationArb)
  .map(([a, b]) => (a <= b ? [a, b] : [b, a]));

/**
 * Concentrations for one grid index: each of its pollutants present or not, as any
 * concentration, a reported one, one of its own grid breakpoints (so that sub-indexes tie on the
 * index scale, and across pollutants), or a value that counts as absent.
 */
export function gridConcentrationsArb(
  index: Pick<ReferenceIndex, 'grids'>,
): fc.Arbitrary<Record<string, number>> {
  const entries = Object.entries(index.grids).map(
    ([pollutant, grid]) =>
      [
        pollutant,
        fc.oneof(
          { weight: 4, arbitrary: concentrationArb },
          { weight: 2, arbitrary: reportedConcentrationArb },
          { weight: 3, arbitrary: fc.constantFrom(...grid) },
          { weight: 1, arbitrary: absentValueArb },
        ),
      ] as const,
  );
  return fc.record(Object.fromEntries(entries), { requiredKeys: [] }) as fc.Arbitrary<
    Record<string, number>
  >;
}

/**
 * A grid index with concentrations for it and a non-empty set of its pollutants to count (in
 * any order).
 */
export const gridIndexCaseArb: fc.Arbitrary<{
  indexType: ReferenceIndexTypeName;
  concentrations: Record<string, number>;
  counted: string[];
}> = indexTypeArb.chain((indexType) => {
  const index = REFERENCE_INDEXES[indexType];
  const pollutants = Object.keys(index.grids);
  return fc.record({
    indexType: fc.constant(indexType),
    concentrations: gridConcentrationsArb(index),
    counted: fc.shuffledSubarray(pollutants, { minLength: 1 }),
  });
});
