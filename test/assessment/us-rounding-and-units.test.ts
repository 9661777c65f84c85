// The US number conventions of airq/assessment: truncation and half-up rounding to the digits of
// the standards, and µg/m³ to ppb and ppm at 24.45 L/mol, with the errors of bad arguments.
import { describe, expect, it } from 'vitest';
import {
  roundHalfUp,
  truncateDecimals,
  ugm3ToUsPpb,
  ugm3ToUsPpm,
} from '../../src/assessment/index.js';

describe('rounding', () => {
  it('truncates toward zero and rounds halves up, past representation error', () => {
    expect(truncateDecimals(70.67, 0)).toBe(70);
    expect(truncateDecimals(9.0999999999999996, 1)).toBe(9.1);
    expect(truncateDecimals(-1.27, 1)).toBe(-1.2);
    expect(truncateDecimals(0.123456, 3)).toBe(0.123);
    expect(roundHalfUp(9.05, 1)).toBe(9.1);
    expect(roundHalfUp(9.44, 1)).toBe(9.4);
    expect(roundHalfUp(9.5, 0)).toBe(10);
    expect(roundHalfUp(9.4999, 0)).toBe(9);
    expect(roundHalfUp(-0.5, 0)).toBe(0);
  });
});

describe('US units', () => {
  it('converts at 24.45 L/mol with the IUPAC molar masses', () => {
    expect(ugm3ToUsPpb('NO2', 46.0055)).toBe(24.45);
    expect(ugm3ToUsPpb('SO2', 64.0638)).toBe(24.45);
    expect(ugm3ToUsPpb('O3', 47.9982)).toBe(24.45);
    expect(ugm3ToUsPpm('CO', 28.0101 * 1000)).toBeCloseTo(24.45, 12);
    expect(ugm3ToUsPpm('CO', 10_000)).toBe((10_000 * 24.45) / 28.0101 / 1000);
  });

  it('rejects an unknown gas or a value that is not finite', () => {
    expect(() => ugm3ToUsPpb('PM10' as never, 1)).toThrow(
      new RangeError('ugm3ToUsPpb: gas must be one of NO2, SO2, O3, CO, got "PM10"'),
    );
    expect(() => ugm3ToUsPpm('CO', Number.NaN)).toThrow(
      new RangeError('ugm3ToUsPpm: ugm3 must be a finite number, got NaN'),
    );
  });
});
