// readAirRohrPush over generated bodies (value types of the table and outside it, in any order,
// repeated, with "nan", empty values, units, JSON numbers, failure values and values out of
// range) against the naive oracle of airrohr-oracle.ts, written from the reference (§2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAirRohrPush } from '../../src/live/airrohr-body.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  IGNORED_VALUE_TYPES,
  type OracleElement,
  oracleRead,
  REFERENCE_TABLE,
} from './airrohr-oracle.js';

const TABLE_TYPES = REFERENCE_TABLE.flatMap((row) => row.sources);

/** A number a sensor could push: in and around every range, failure values, pressures in Pa. */
const pushedNumber = fc.oneof(
  fc.double({ min: -200, max: 2500, noNaN: true }),
  fc.double({ min: 25_000, max: 115_000, noNaN: true }),
  fc.constantFrom(-128, -1, 0, 65, -90, 100, 300, 1100, 2000, 30_000, 110_000, 29_999.99),
);

/** How the number is written: the firmware's two decimals, with a unit, or a JSON number. */
const wellFormed = fc
  .tuple(
    pushedNumber,
    fc.constantFrom('plain', 'unit', 'padded', 'number'),
    fc.constantFrom(' dBm', ' µg/m³', '  %', '\t°C', ' hPa'),
  )
  .map(([x, style, unit]): Omit<OracleElement, 'valueType'> => {
    if (style === 'number') return { value: x, meaning: x };
    const text = x.toFixed(2);
    const meaning = Number(text);
    if (style === 'unit') return { value: `${text}${unit}`, meaning };
    if (style === 'padded') return { value: ` ${text} `, meaning };
    return { value: text, meaning };
  });

/** Values that carry no number. */
const malformed = fc
  .constantFrom<unknown>('nan', '', '   ', 'abc', '12,50', '1 2', '-', '.', null, true, 'inf')
  .map((value): Omit<OracleElement, 'valueType'> => ({ value, meaning: undefined }));

const element = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...TABLE_TYPES) },
      { weight: 1, arbitrary: fc.constantFrom(...IGNORED_VALUE_TYPES) },
    ),
    fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: malformed }),
  )
  .map(([valueType, rest]): OracleElement => ({ valueType, ...rest }));

describe('readAirRohrPush against the oracle', () => {
  it('yields the oracle readings, ignored names and skipped values for any body', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 30 }), (elements) => {
        const body = {
          esp8266id: '9372054',
          sensordatavalues: elements.map((e) => ({ value_type: e.valueType, value: e.value })),
        };
        const result = readAirRohrPush(body, undefined);
        if (!result.ok) throw new Error(result.message);
        const expected = oracleRead(elements);
        expect(result.readings).toEqual(expected.readings);
        expect(result.ignored).toEqual(expected.ignored);
        expect(result.skipped.map(({ valueType, value }) => ({ valueType, value }))).toEqual(
          expected.skipped,
        );
        // Every value type of the body shows up somewhere, and no element twice over.
        const named = new Set([
          ...result.readings.map((r) => r.source),
          ...result.skipped.map((s) => s.valueType),
          ...result.ignored,
        ]);
        expect(elements.every((e) => named.has(e.valueType))).toBe(true);
        expect(result.readings.length + result.skipped.length).toBeLessThanOrEqual(elements.length);
      }),
      RUNS,
    );
  });

  it('does not depend on the device id or on fields it does not read', () => {
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 12 }),
        fc.nat(),
        fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
        (elements, chip, extra) => {
          const values = elements.map((e) => ({ value_type: e.valueType, value: e.value }));
          const plain = readAirRohrPush({ esp8266id: '1', sensordatavalues: values }, undefined);
          const decorated = readAirRohrPush(
            {
              ...extra,
              esp8266id: String(chip),
              sensordatavalues: values.map((v) => ({ ...v, id: 7 })),
            },
            `esp32-${chip}`,
          );
          if (!plain.ok || !decorated.ok) throw new Error('expected both pushes to be read');
          expect(decorated.device).toBe(`esp32-${chip}`);
          expect({ ...decorated, device: '' }).toEqual({ ...plain, device: '' });
        },
      ),
      RUNS,
    );
  });
});
