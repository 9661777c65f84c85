// airRohrAnswerJson against the oracle every client reads it with: JSON.stringify of the same
// answer, for any strings (escapes, quotes, lone surrogates), any finite numbers (-0, integers,
// exponents) and any skipped values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AirRohrAnswer, airRohrAnswerJson } from '../../src/live/airrohr-answer.js';
import { RUNS } from '../helpers/property-runs.js';

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('SDS_P1', 'a"b', 'back\\slash', 'line\nend', '\u2028', '\ud800', '</script>'),
);
const finite = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(-0, 0, 1e21, 1e-7, 1010.0128, 18.83),
);
const reading = fc.record({ name: text, value: finite, source: text });
const skipped = fc.record({ valueType: text, value: fc.jsonValue(), reason: text });
// Names are any text here, beyond the table's: the writer escapes every string.
const answer: fc.Arbitrary<AirRohrAnswer> = fc.record({
  device: text,
  installationId: fc.integer({ min: 1 }),
  timestamp: text,
  stored: fc.array(reading, { maxLength: 8 }),
  ignored: fc.array(text, { maxLength: 8 }),
  skipped: fc.array(skipped, { maxLength: 4 }),
}) as unknown as fc.Arbitrary<AirRohrAnswer>;

describe('airRohrAnswerJson', () => {
  it('writes the answer of a usual push as JSON.stringify does', () => {
    const usual: AirRohrAnswer = {
      device: 'esp8266-9372054',
      installationId: 1001,
      timestamp: '2026-12-03T06:40:12.345Z',
      stored: [
        { name: 'PM10', value: 18.83, source: 'SDS_P1' },
        { name: 'PRESSURE', value: 1010.0128, source: 'BME280_pressure' },
      ],
      ignored: ['samples', 'signal'],
      skipped: [{ valueType: 'BME280_humidity', value: 'nan', reason: 'not a decimal number' }],
    };
    expect(airRohrAnswerJson(usual)).toBe(
      '{"device":"esp8266-9372054","installationId":1001,"timestamp":"2026-12-03T06:40:12.345Z",' +
        '"stored":[{"name":"PM10","value":18.83,"source":"SDS_P1"},' +
        '{"name":"PRESSURE","value":1010.0128,"source":"BME280_pressure"}],' +
        '"ignored":["samples","signal"],' +
        '"skipped":[{"valueType":"BME280_humidity","value":"nan","reason":"not a decimal number"}]}',
    );
    expect(airRohrAnswerJson({ ...usual, stored: [], ignored: [], skipped: [] })).toBe(
      '{"device":"esp8266-9372054","installationId":1001,"timestamp":"2026-12-03T06:40:12.345Z","stored":[],"ignored":[],"skipped":[]}',
    );
  });

  it('gives the text of JSON.stringify for any answer', () => {
    fc.assert(
      fc.property(answer, (generated) => {
        expect(airRohrAnswerJson(generated)).toBe(JSON.stringify(generated));
      }),
      RUNS,
    );
  });
});
