// liveSampleProblems: the measurement type, the store's plausible range (written out here from
// the spec, not read from src) and the five-minute allowance for clocks ahead of the server.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liveSampleProblems, MAX_FUTURE_MS } from '../../src/live/live-sample-checks.js';
import { RUNS } from '../helpers/property-runs.js';

const NOW_MS = Date.UTC(2026, 10, 21, 9);

/** The plausible ranges the importers and the live routes share, in airq units. */
const RANGES: Readonly<Record<string, readonly [number, number, string]>> = {
  PM1: [0, 2000, 'µg/m³'],
  PM25: [0, 2000, 'µg/m³'],
  PM10: [0, 2000, 'µg/m³'],
  PRESSURE: [300, 1100, 'hPa'],
  HUMIDITY: [0, 100, '%'],
  TEMPERATURE: [-90, 65, '°C'],
  WIND_SPEED: [0, 400, 'km/h'],
  WIND_BEARING: [0, 360, '°'],
  NO2: [0, 100_000, 'µg/m³'],
  O3: [0, 100_000, 'µg/m³'],
  SO2: [0, 100_000, 'µg/m³'],
  CO: [0, 100_000, 'µg/m³'],
  H2S: [0, 100_000, 'µg/m³'],
  NO: [0, 100_000, 'µg/m³'],
};

const sample = (name: string, value: number, atMs = NOW_MS) => ({
  installationId: 1001,
  name,
  atMs,
  value,
});

describe('liveSampleProblems', () => {
  it('accepts every type at both ends of its range, and refuses just outside', () => {
    expect(MAX_FUTURE_MS).toBe(300_000);
    for (const [name, [low, high, unit]] of Object.entries(RANGES)) {
      expect(liveSampleProblems(sample(name, low), NOW_MS)).toEqual([]);
      expect(liveSampleProblems(sample(name, high), NOW_MS)).toEqual([]);
      expect(liveSampleProblems(sample(name, high + 0.5), NOW_MS)).toEqual([
        `${name} value ${high + 0.5} is outside [${low}, ${high}] ${unit}`,
      ]);
      expect(liveSampleProblems(sample(name, low - 0.5), NOW_MS)).toEqual([
        `${name} value ${low - 0.5} is outside [${low}, ${high}] ${unit}`,
      ]);
    }
  });

  it('refuses a name that is not a measurement type', () => {
    for (const name of ['PM2.5', 'pm10', 'CO2', '', 'constructor']) {
      expect(liveSampleProblems(sample(name, 1), NOW_MS)).toEqual([
        `unknown measurement type ${JSON.stringify(name)}`,
      ]);
    }
  });

  it('allows five minutes ahead of the server clock, not a millisecond more; the past is free', () => {
    expect(liveSampleProblems(sample('PM10', 1, NOW_MS + 300_000), NOW_MS)).toEqual([]);
    expect(liveSampleProblems(sample('PM10', 1, NOW_MS - 10 * 365 * 86_400_000), NOW_MS)).toEqual(
      [],
    );
    expect(liveSampleProblems(sample('PM10', 1, NOW_MS + 300_001), NOW_MS)).toEqual([
      'timestamp 2026-11-21T09:05:00.001Z is more than 5 minutes after the server time 2026-11-21T09:00:00.000Z',
    ]);
  });

  it('gives every problem of a sample', () => {
    expect(liveSampleProblems(sample('HUMIDITY', 101, NOW_MS + 3_600_000), NOW_MS)).toEqual([
      'HUMIDITY value 101 is outside [0, 100] %',
      'timestamp 2026-11-21T10:00:00.000Z is more than 5 minutes after the server time 2026-11-21T09:00:00.000Z',
    ]);
    expect(liveSampleProblems(sample('PM10', Number.NaN, Number.NaN), NOW_MS)).toEqual([
      'PM10 value NaN is outside [0, 2000] µg/m³',
      'timestamp NaN is more than 5 minutes after the server time 2026-11-21T09:00:00.000Z',
    ]);
  });

  it('throws on a server time that is not a finite number', () => {
    expect(() => liveSampleProblems(sample('PM10', 1), Number.NaN)).toThrow(
      'liveSampleProblems: nowMs must be a finite number, got NaN',
    );
    expect(() => liveSampleProblems(sample('PM10', 1), '0' as unknown as number)).toThrow(
      TypeError,
    );
  });

  it('agrees with the range table and the clock rule on any sample', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(RANGES)),
        fc.double({ min: -200_000, max: 200_000, noNaN: true }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (name, value, aheadMs) => {
          const [low, high] = RANGES[name]!;
          const problems = liveSampleProblems(sample(name, value, NOW_MS + aheadMs), NOW_MS);
          const expectedCount =
            (value >= low && value <= high ? 0 : 1) + (aheadMs > 300_000 ? 1 : 0);
          expect(problems).toHaveLength(expectedCount);
        },
      ),
      RUNS,
    );
  });
});
