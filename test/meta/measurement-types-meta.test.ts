import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMeasurementTypeName, MEASUREMENT_TYPE_NAMES } from '../../src/meta/measurement-types.js';
import { measurementTypesMeta } from '../../src/meta/measurement-types-meta.js';
import { LANGUAGES, type Language } from '../../src/model/api-types.js';
import { REFERENCE_PAYLOAD_ORDER } from '../helpers/index-reference-tables.js';

function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
}

describe('measurement types', () => {
  it('has the 14 names in canonical payload order', () => {
    expect(MEASUREMENT_TYPE_NAMES).toEqual(REFERENCE_PAYLOAD_ORDER);
  });

  it.each([
    ['PM25', true],
    ['NO', true],
    ['PM2.5', false],
    ['pm25', false],
    ['toString', false],
    [null, false],
  ])('isMeasurementTypeName(%j) is %s', (x, expected) => {
    expect(isMeasurementTypeName(x)).toBe(expected);
  });
});

describe('measurementTypesMeta', () => {
  it.each(LANGUAGES)('matches the reviewed %s fixture', (language) => {
    expect(measurementTypesMeta(language)).toEqual(fixture(`measurement-types.${language}.json`));
  });

  it('gives units from the reference', () => {
    const units = Object.fromEntries(measurementTypesMeta('en').map((t) => [t.name, t.unit]));
    expect(units).toEqual({
      PM1: 'µg/m³',
      PM25: 'µg/m³',
      PM10: 'µg/m³',
      PRESSURE: 'hPa',
      HUMIDITY: '%',
      TEMPERATURE: '°C',
      WIND_SPEED: 'km/h',
      WIND_BEARING: '°',
      NO2: 'µg/m³',
      O3: 'µg/m³',
      SO2: 'µg/m³',
      CO: 'µg/m³',
      H2S: 'µg/m³',
      NO: 'µg/m³',
    });
  });

  it('translates the weather labels into Polish', () => {
    const label = (name: string) => measurementTypesMeta('pl').find((t) => t.name === name)?.label;
    expect(label('PRESSURE')).toBe('Ciśnienie');
    expect(label('WIND_SPEED')).toBe('Prędkość wiatru');
    expect(label('PM25')).toBe('PM2,5');
  });

  it('returns shared, frozen data and rejects other languages', () => {
    expect(measurementTypesMeta('pl')).toBe(measurementTypesMeta('pl'));
    expect(Object.isFrozen(measurementTypesMeta('pl')[0])).toBe(true);
    expect(() => measurementTypesMeta('PL' as Language)).toThrow(
      'measurementTypesMeta: language must be one of en, pl, got "PL"',
    );
  });
});
