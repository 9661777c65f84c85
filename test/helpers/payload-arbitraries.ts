import fc from 'fast-check';
import { MS_PER_HOUR } from '../../src/time/instant.js';
import type { FakeSample } from './payload-fake-store.js';

/** Request times from 2000 to 2090, millisecond resolution. */
export const requestTimeArb = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) });

/** Measurement names a payload may see, including one the service does not know. */
export const measurementNameArb = fc.constantFrom(
  'PM1',
  'PM25',
  'PM10',
  'TEMPERATURE',
  'HUMIDITY',
  'PRESSURE',
  'NO2',
);

/** Measured values, noise included (slightly negative), up to extreme smog and beyond. */
export const measuredValueArb = fc.oneof(
  fc.double({ min: -5, max: 1000, noNaN: true }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.constantFrom(0, -0, 0.005, 0.015, 1.005, 2.675, 999.995),
);

/**
 * Samples of one installation spread over the 50 hours before `nowMs` (plus some after it,
 * which no window may pick up).
 */
export function samplesAround(nowMs: number, installationId: number, maxLength = 60) {
  return fc
    .array(
      fc.record({
        offsetMs: fc.integer({ min: -50 * MS_PER_HOUR, max: MS_PER_HOUR }),
        name: measurementNameArb,
        value: measuredValueArb,
      }),
      { maxLength },
    )
    .map((list) =>
      list.map(
        ({ offsetMs, name, value }): FakeSample => ({
          installationId,
          name,
          atMs: nowMs + offsetMs,
          value,
        }),
      ),
    );
}
