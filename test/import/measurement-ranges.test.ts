import { describe, expect, it } from 'vitest';
import {
  convertedValue,
  PLAUSIBLE_RANGES,
  rangeProblem,
} from '../../src/import/measurement-ranges.js';
import { MEASUREMENT_TYPE_NAMES } from '../../src/meta/measurement-types.js';

describe('plausible ranges', () => {
  it('has a frozen range for every measurement type and names the unit when refusing', () => {
    expect(Object.keys(PLAUSIBLE_RANGES).sort()).toEqual([...MEASUREMENT_TYPE_NAMES].sort());
    expect(Object.isFrozen(PLAUSIBLE_RANGES)).toBe(true);
    expect(rangeProblem('PRESSURE', 300, 'pressure')).toBeUndefined();
    expect(rangeProblem('PRESSURE', 1100, 'pressure')).toBeUndefined();
    expect(rangeProblem('PRESSURE', 98876.5, 'pressure')).toBe(
      'pressure 98876.5 is outside [300, 1100] hPa',
    );
    expect(rangeProblem('TEMPERATURE', -91, 't')).toBe('t -91 is outside [-90, 65] °C');
  });

  it('drops the float noise of a conversion', () => {
    expect(96913.02 / 100).not.toBe(969.1302);
    expect(convertedValue(96913.02 / 100)).toBe(969.1302);
    expect(convertedValue(-0.9)).toBe(-0.9);
  });
});
