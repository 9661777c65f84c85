import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { INDEX_TYPE_NAMES } from '../../src/indexes/index-table.js';
import { roundHalfUp2 } from '../../src/indexes/rounding.js';
import { MEASUREMENT_TYPE_NAMES } from '../../src/meta/measurement-types.js';
import { payloadValues } from '../../src/meta/payload-values.js';
import { averagedValues, type RenderOptions } from '../../src/payload/averaged-values.js';
import { whoStandards } from '../../src/standards/who-standards.js';
import { isNoDataWindow } from '../helpers/payload-checks.js';

const hour = { fromMs: Date.UTC(2026, 10, 21, 8), tillMs: Date.UTC(2026, 10, 21, 9) };
const en: RenderOptions = { indexType: 'VENDOR_CAQI', language: 'en', whoEdition: 'WHO_2021' };

describe('averagedValues: worked examples', () => {
  it('renders the reference example (PM25 18.7, PM10 35.53 → CAQI 35.53, LOW)', () => {
    const w = averagedValues(hour, { PM10: 35.53, PM25: 18.7 }, { ...en, indexType: 'CAQI' });
    expect(w.fromDateTime).toBe('2026-11-21T08:00:00.000Z');
    expect(w.tillDateTime).toBe('2026-11-21T09:00:00.000Z');
    expect(w.values).toEqual([
      { name: 'PM25', value: 18.7 },
      { name: 'PM10', value: 35.53 },
    ]);
    expect(w.indexes).toHaveLength(1);
    expect(w.indexes[0]).toMatchObject({ name: 'CAQI', value: 35.53, level: 'LOW' });
    expect(w.standards).toEqual([
      { name: 'WHO', pollutant: 'PM25', limit: 15, percent: 124.67, averaging: '24h' },
      { name: 'WHO', pollutant: 'PM10', limit: 45, percent: 78.96, averaging: '24h' },
    ]);
  });

  it('puts values in canonical order and rounds them half-up to 2 decimals', () => {
    const w = averagedValues(
      hour,
      {
        TEMPERATURE: -3.255,
        NO2: 10,
        PM1: 4.005,
        PRESSURE: 1013.125,
        PM10: 22.1,
        HUMIDITY: 80.5,
        PM25: 12.345,
      },
      en,
    );
    expect(w.values.map((v) => v.name)).toEqual([
      'PM1',
      'PM25',
      'PM10',
      'PRESSURE',
      'HUMIDITY',
      'TEMPERATURE',
      'NO2',
    ]);
    expect(w.values.find((v) => v.name === 'PRESSURE')?.value).toBe(roundHalfUp2(1013.125));
  });

  it('computes index and percent from the unrounded averages', () => {
    // 79.194 rounds to 79.19 for display; the index of the unrounded value is 68.24625 → 68.25.
    const w = averagedValues(hour, { PM10: 79.194 }, { ...en, indexType: 'CAQI' });
    expect(w.values).toEqual([{ name: 'PM10', value: 79.19 }]);
    expect(w.indexes[0]).toEqual(computeIndex({ PM10: 79.194 }, { indexType: 'CAQI' }));
    expect(w.standards[0]?.percent).toBe(whoStandards({ PM10: 79.194 })[0]?.percent);
  });

  it('an empty window has no values, no standards and the no-data index', () => {
    const w = averagedValues(hour, {}, en);
    expect(isNoDataWindow(w)).toBe(true);
    expect(w.indexes[0]).toMatchObject({ name: 'VENDOR_CAQI', color: '#999999', advice: null });
  });

  it('a window with only weather has its values but the no-data index and no standards', () => {
    const w = averagedValues(hour, { TEMPERATURE: 2, HUMIDITY: 90 }, en);
    expect(w.values).toHaveLength(2);
    expect(w.indexes[0]?.level).toBe('UNKNOWN');
    expect(w.standards).toEqual([]);
  });

  it('honours the index type, the language and the WHO edition', () => {
    const pl = averagedValues(
      hour,
      { PM25: 62.77 },
      { indexType: 'PIJP', language: 'pl', whoEdition: 'WHO_2005' },
    );
    expect(pl.indexes[0]).toEqual(
      computeIndex({ PM25: 62.77 }, { indexType: 'PIJP', language: 'pl' }),
    );
    expect(pl.indexes[0]?.description).not.toBe(
      computeIndex({ PM25: 62.77 }, { indexType: 'PIJP', language: 'en' }).description,
    );
    expect(pl.standards).toEqual([
      { name: 'WHO', pollutant: 'PM25', limit: 25, percent: 251.08, averaging: '24h' },
    ]);
    const noData = averagedValues(hour, {}, { ...en, language: 'pl' });
    expect(noData.indexes[0]?.description).toBe(computeIndex({}, { language: 'pl' }).description);
  });
});

describe('averagedValues: properties', () => {
  const averagesArb = fc.dictionary(
    fc.constantFrom(...MEASUREMENT_TYPE_NAMES),
    fc.double({ min: -10, max: 2000, noNaN: true }),
  );
  const optionsArb = fc.record({
    indexType: fc.constantFrom(...INDEX_TYPE_NAMES),
    language: fc.constantFrom('en' as const, 'pl' as const),
    whoEdition: fc.constantFrom('WHO_2021' as const, 'WHO_2005' as const),
  });

  it('equals its definition: payloadValues, computeIndex and whoStandards of the same averages', () => {
    fc.assert(
      fc.property(averagesArb, optionsArb, (averages, options) => {
        const w = averagedValues(hour, averages, options);
        expect(w.values).toEqual(payloadValues(averages));
        expect(w.indexes).toEqual([computeIndex(averages, options)]);
        expect(w.indexes[0]?.name).toBe(options.indexType);
        expect(w.standards).toEqual(whoStandards(averages, { edition: options.whoEdition }));
      }),
      { numRuns: 1000 },
    );
  });
});
