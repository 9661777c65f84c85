import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MeasurementTypeName } from '../../src/meta/measurement-types.js';
import { fillSiteReadings, regionalPm25, type SiteSignal } from '../../src/sample/signal-model.js';

const ANCHOR = Date.parse('2026-11-21T09:27:00.000Z');
const TYPES: readonly MeasurementTypeName[] = [
  'PM1',
  'PM25',
  'PM10',
  'PRESSURE',
  'HUMIDITY',
  'TEMPERATURE',
  'NO2',
];
const signal: SiteSignal = {
  localFactor: 1.2,
  pm10Ratio: 1.4,
  pm1Ratio: 0.7,
  swingPeriodH: 5,
  swingPhase: 1,
  temperatureOffsetC: 0,
  humidityOffset: 0,
  elevation: 220,
  noiseKey: 12345,
};

function readings(atMs: readonly number[]): Float64Array[] {
  const columns = TYPES.map(() => new Float64Array(atMs.length));
  fillSiteReadings(signal, TYPES, ANCHOR, Float64Array.from(atMs), columns);
  return columns;
}

describe('signal model', () => {
  it('peaks during the episode and is clean after the front', () => {
    const peak = regionalPm25(ANCHOR - 22 * 3_600_000, ANCHOR);
    const clean = regionalPm25(ANCHOR - 8 * 3_600_000, ANCHOR);
    expect(peak).toBeGreaterThan(150);
    expect(clean).toBeLessThan(8);
  });

  it('depends only on the time of a reading, not on how readings are grouped', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -60 * 3600, max: 30 * 3600 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        (offsetsSeconds, cut) => {
          const atMs = offsetsSeconds.map((s) => ANCHOR - (ANCHOR % 1000) + s * 1000);
          const split = cut % (atMs.length + 1);
          const whole = readings(atMs);
          const first = readings(atMs.slice(0, split));
          const second = readings(atMs.slice(split));
          TYPES.forEach((_, j) => {
            expect([...first[j]!, ...second[j]!]).toEqual([...whole[j]!]);
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('gives plausible, finite values rounded to 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -72 * 3600, max: 72 * 3600 }), (offsetSeconds) => {
        const columns = readings([ANCHOR - (ANCHOR % 1000) + offsetSeconds * 1000]);
        const value = (name: MeasurementTypeName) => columns[TYPES.indexOf(name)]![0]!;
        for (const column of columns) {
          expect(Number.isFinite(column[0]!)).toBe(true);
          expect(Math.round(column[0]! * 100) / 100).toBe(column[0]);
        }
        for (const name of ['PM1', 'PM25', 'PM10', 'NO2'] as const)
          expect(value(name)).toBeGreaterThanOrEqual(0);
        expect(value('HUMIDITY')).toBeGreaterThanOrEqual(15);
        expect(value('HUMIDITY')).toBeLessThanOrEqual(100);
        expect(value('PRESSURE')).toBeGreaterThan(970);
        expect(value('PRESSURE')).toBeLessThan(1010);
        expect(Math.abs(value('TEMPERATURE'))).toBeLessThan(15);
      }),
      { numRuns: 1000 },
    );
  });
});
