import fc from 'fast-check';

/** All generated times sit near this instant (2026-11-01T00:00Z), as real data would. */
export const SERIES_BASE_MS = Date.UTC(2026, 10, 1);
/** Generated sample times fall on whole seconds in [base, base + SLOTS s). */
export const SERIES_TIME_SLOTS = 400;

/**
 * Sample values of mixed magnitudes within one series: PM-like, pressure-like, temperatures
 * around zero (so sums cancel), values with a large offset, tiny ones and integers.
 */
export const sampleValueArb: fc.Arbitrary<number> = fc.oneof(
  fc.double({ min: 0, max: 500, noNaN: true }),
  fc.double({ min: 950, max: 1050, noNaN: true }),
  fc.double({ min: -40, max: 45, noNaN: true }),
  fc.double({ min: 1e9, max: 1e9 + 1, noNaN: true }),
  fc.double({ min: 1e-6, max: 1e-3, noNaN: true }),
  fc.integer({ min: -1000, max: 1000 }),
);

/** A sample time on a whole second of a small range, so that duplicates are common. */
export const sampleAtMsArb: fc.Arbitrary<number> = fc
  .integer({ min: 0, max: SERIES_TIME_SLOTS - 1 })
  .map((second) => SERIES_BASE_MS + second * 1000);

/** One sample as a record. */
export const sampleArb = fc.record({ atMs: sampleAtMsArb, value: sampleValueArb });

/**
 * Up to `maxLength` samples in random order, duplicates of a timestamp included. Lengths are
 * spread over the whole range (`size: 'max'`): fast-check's default would stay under about 10,
 * never reaching the prefix-sum path that starts above 32 samples per window.
 */
export function samplesArb(maxLength = 300): fc.Arbitrary<{ atMs: number; value: number }[]> {
  return fc.array(sampleArb, { maxLength, size: 'max' });
}

/** Samples with pairwise distinct timestamps (for order-independence, where last-wins would differ). */
export function uniqueSamplesArb(maxLength = 300): fc.Arbitrary<{ atMs: number; value: number }[]> {
  return fc.uniqueArray(sampleArb, { maxLength, size: 'max', selector: (s) => s.atMs });
}

/**
 * A query instant around the generated samples: usually a whole second (hitting sample times
 * exactly, to probe the edges), sometimes fractional, sometimes far outside.
 */
export const boundArb: fc.Arbitrary<number> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .integer({ min: -20, max: SERIES_TIME_SLOTS + 20 })
      .map((s) => SERIES_BASE_MS + s * 1000),
  },
  {
    weight: 2,
    arbitrary: fc.double({
      min: SERIES_BASE_MS - 20_000,
      max: SERIES_BASE_MS + 420_000,
      noNaN: true,
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom(-1e300, 0, 1e300) },
);

/** A window `[fromMs, tillMs)`; `fromMs >= tillMs` happens too and must read as empty. */
export const windowArb = fc.record({ fromMs: boundArb, tillMs: boundArb });
