// measurementTypeOrdinal: a measurement name's position in the canonical order of the
// reference (section 5, test/helpers/index-reference-tables.ts), the one ordinal that series,
// the follow sink's memory and the reading thread's columns use; anything else has none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measurementTypeOrdinal } from '../../src/meta/measurement-types.js';
import { REFERENCE_PAYLOAD_ORDER } from '../helpers/index-reference-tables.js';
import { RUNS } from '../helpers/property-runs.js';

describe('measurementTypeOrdinal', () => {
  it('gives each name its place in the reference order', () => {
    expect(measurementTypeOrdinal('PM1')).toBe(0);
    expect(measurementTypeOrdinal('PM10')).toBe(2);
    expect(measurementTypeOrdinal('NO')).toBe(13);
    REFERENCE_PAYLOAD_ORDER.forEach((name, at) => {
      expect(measurementTypeOrdinal(name)).toBe(at);
    });
  });

  it('gives nothing for other spellings and other values', () => {
    for (const other of [
      'PM2.5',
      'pm10',
      'PM10 ',
      '',
      'toString',
      '__proto__',
      2,
      null,
      undefined,
    ]) {
      expect(measurementTypeOrdinal(other)).toBeUndefined();
    }
  });

  it('gives a place exactly to the reference names, for any value (1,000 runs)', () => {
    const names: readonly unknown[] = REFERENCE_PAYLOAD_ORDER;
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...names), fc.anything()), (value) => {
        const at = names.indexOf(value);
        expect(measurementTypeOrdinal(value)).toBe(at < 0 ? undefined : at);
      }),
      RUNS,
    );
  });
});
