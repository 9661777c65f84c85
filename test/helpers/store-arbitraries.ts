// fast-check generators for the store tests: valid installations, valid and invalid samples,
// and windows over a small time range so that windows and samples overlap often.
import fc from 'fast-check';
import { MEASUREMENT_TYPE_NAMES } from '../../src/meta/measurement-types.js';
import type { Sample } from '../../src/store/ingest-report.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';

/** Samples and windows fall in the six hours from this instant. */
export const BASE_MS = Date.UTC(2026, 10, 21, 6);
const SPAN_MS = 6 * 3_600_000;

const nullableText = fc.option(fc.string({ maxLength: 12 }), { nil: null });

/** Any valid installation (without successorId / removed), with the given id. */
export function storedInstallationArb(id: number): fc.Arbitrary<StoredInstallation> {
  return fc.record({
    id: fc.constant(id),
    location: fc.record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    }),
    address: fc.record(
      {
        country: nullableText,
        city: nullableText,
        street: nullableText,
        number: nullableText,
        displayAddress1: nullableText,
        displayAddress2: nullableText,
      },
      { requiredKeys: [] },
    ),
    elevation: fc.double({ min: -500, max: 9000, noNaN: true }),
    vendor: fc.boolean(),
    sponsor: fc.record(
      {
        id: fc.integer({ min: 0, max: 10_000 }),
        name: fc.string({ maxLength: 20 }),
        description: fc.string({ maxLength: 20 }),
        logo: fc.constantFrom('https://example.org/logo.jpg', ''),
        link: fc.string({ maxLength: 30 }),
      },
      { requiredKeys: ['id', 'name'] },
    ),
  });
}

/** Measurement type names, a few of them more often so that series get several samples. */
export const typeNameArb = fc.oneof(
  fc.constantFrom('PM25', 'PM10'),
  fc.constantFrom(...MEASUREMENT_TYPE_NAMES),
);

/** A valid sample of one of `ids`, at a whole millisecond in the six hours from BASE_MS. */
export function validSampleArb(ids: readonly number[]): fc.Arbitrary<Sample> {
  return fc.record({
    installationId: fc.constantFrom(...ids),
    name: typeNameArb,
    // Coarse minutes make repeated timestamps (replacements) common.
    atMs: fc.oneof(
      fc.integer({ min: 0, max: 360 }).map((minute) => BASE_MS + minute * 60_000),
      fc.integer({ min: 0, max: SPAN_MS }).map((offset) => BASE_MS + offset),
    ),
    value: fc.oneof(
      fc.integer({ min: -2000, max: 50_000 }).map((x) => x / 100),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    ),
  });
}

/**
 * A sample the store must refuse, for one of the reasons of the issue. Its other fields come
 * from a valid sample of `ids`; an "unknown installation" avoids every id in `knownIds` (by
 * default `ids`), which must list all installations of the store under test.
 */
export function invalidSampleArb(
  ids: readonly number[],
  knownIds: readonly number[] = ids,
): fc.Arbitrary<unknown> {
  return validSampleArb(ids).chain((good) =>
    fc.oneof(
      fc
        .integer({ min: 1, max: 1_000_000 })
        .filter((id) => !knownIds.includes(id))
        .map((installationId) => ({ ...good, installationId })),
      fc
        .constantFrom(0, -1, 1.5, Number.NaN, '1001', null)
        .map((installationId) => ({ ...good, installationId })),
      fc.constantFrom('PM2.5', 'pm10', '', 'OZONE', 42).map((name) => ({ ...good, name })),
      fc
        .constantFrom(Number.NaN, Infinity, -Infinity, '12.5', null, undefined)
        .map((value) => ({ ...good, value })),
      fc
        .constantFrom(
          Number.NaN,
          Infinity,
          -Infinity,
          BASE_MS + 0.5,
          9e15,
          '2026-11-21T09:00:00Z',
          undefined,
        )
        .map((atMs) => ({ ...good, atMs })),
      fc.constantFrom(null, 7, 'sample', [good]),
    ),
  );
}

/** A window inside (or around) the six sample hours, `fromMs <= tillMs`. */
export const windowArb = fc
  .tuple(
    fc.integer({ min: -3_600_000, max: SPAN_MS + 3_600_000 }),
    fc.integer({ min: 0, max: 4 * 3_600_000 }),
  )
  .map(([offset, length]) => ({ fromMs: BASE_MS + offset, tillMs: BASE_MS + offset + length }));
