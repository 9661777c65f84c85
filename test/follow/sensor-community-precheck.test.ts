import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outsideBoxByText } from '../../src/follow/sensor-community-precheck.js';
import { RUNS } from '../helpers/property-runs.js';
import { type OracleBox, oracleInBox } from './sensor-community-oracle.js';

// The text pre-check may drop an element unparsed only where parsing it would have skipped it as
// `outside the box`. The oracle parses the text and applies the reader's documented checks in
// their order (a record with a location record, a location id from 1 to 10⁹ − 1, coordinates
// that are plain decimals in range, then the box); the generator writes the feed's elements and
// the variants that could fool a reading of the text.

const KRAKOW: OracleBox = { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 };
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function oracleOutside(text: string, box: OracleBox): boolean {
  let element: unknown;
  try {
    element = JSON.parse(text);
  } catch {
    return false; // a malformed element must be parsed to be refused
  }
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isRecord(element) || !isRecord(element.location)) return false;
  const { id, latitude, longitude } = element.location;
  if (!(Number.isSafeInteger(id) && (id as number) > 0 && (id as number) < 1e9)) return false;
  const coordinate = (value: unknown) => {
    const text =
      typeof value === 'string'
        ? value.trim()
        : typeof value === 'number' && Number.isFinite(value)
          ? String(value)
          : '';
    return DECIMAL.test(text) ? Number(text) : Number.NaN;
  };
  const lat = coordinate(latitude);
  const lng = coordinate(longitude);
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) return false;
  return !oracleInBox(box, lat, lng);
}

const feedElement = (id: number, latitude: string, longitude: string) =>
  `{"id":3452716782,"sampling_rate":null,"timestamp":"2019-04-25 01:51:12","location":{"id":${id},"latitude":"${latitude}","longitude":"${longitude}","altitude":"38.7","country":"DE","exact_location":0,"indoor":0},"sensor":{"id":2129,"pin":"1","sensor_type":{"id":14,"name":"SDS011","manufacturer":"Nova Fitness"}},"sensordatavalues":[{"id":7323597759,"value":"19.13","value_type":"P1"}]}`;

describe('outsideBoxByText', () => {
  it('drops a feed element outside the box and keeps one inside', () => {
    expect(outsideBoxByText(feedElement(1071, '52.544', '13.374'), KRAKOW)).toBe(true);
    expect(outsideBoxByText(feedElement(1071, '50.061', '19.937'), KRAKOW)).toBe(false);
    // On the box's edge: inside.
    expect(outsideBoxByText(feedElement(1071, '49.97', '20.22'), KRAKOW)).toBe(false);
  });

  it('walks past strings with escaped quotes, brackets and backslashes before the location', () => {
    const location = '"location":{"id":1071,"latitude":"52.544","longitude":"13.374"}';
    for (const note of ['a \\"b\\" {c', 'x\\\\', '[\\"}\\\\', '\\\\\\"']) {
      const text = `{"note":"${note}",${location}}`;
      expect(JSON.parse(text).note).toBeTypeOf('string');
      expect(outsideBoxByText(text, KRAKOW)).toBe(true);
    }
  });

  it('says nothing where the text is not of the plain shape', () => {
    const cases = [
      // The key twice: JSON.parse keeps the last, which is inside.
      '{"location":{"id":5,"latitude":"52.5","longitude":"13.3","latitude":"50.06","longitude":"19.94"}}',
      // Two location members, the first with a nested value (and an id JSON refuses): the
      // pattern would match only the second.
      '{"location":{"id":01,"latitude":{"v":1}},"location":{"latitude":"0.000","longitude":"1e1","id":1071}}',
      // The location of a nested object, not of the element.
      '{"sensor":{"location":{"id":5,"latitude":"52.5","longitude":"13.3"}}}',
      // Two location members: the second wins.
      '{"location":{"id":5,"latitude":"52.5","longitude":"13.3"},"location":{"id":5,"latitude":"50.06","longitude":"19.94"}}',
      // No id, an id out of range, a fractional id.
      '{"location":{"latitude":"52.5","longitude":"13.3"}}',
      '{"location":{"id":1000000000,"latitude":"52.5","longitude":"13.3"}}',
      '{"location":{"id":5.5,"latitude":"52.5","longitude":"13.3"}}',
      // Unreadable or missing coordinates, an escape, a decimal comma.
      '{"location":{"id":5,"latitude":"","longitude":"13.3"}}',
      '{"location":{"id":5,"latitude":"5\\u0032.5","longitude":"13.3"}}',
      '{"location":{"id":5,"latitude":"52,5","longitude":"13.3"}}',
      // A raw tab in a coordinate's string: not JSON, so the element must fail its parse.
      '{"location":{"id":5,"latitude":"\t52.5","longitude":"13.3"}}',
      // Not an object at all.
      '[{"location":{"id":5,"latitude":"52.5","longitude":"13.3"}}]',
    ];
    for (const text of cases) expect(outsideBoxByText(text, KRAKOW)).toBe(false);
  });

  it('drops an element only where parsing it would skip it as outside the box', () => {
    const decimalText = fc.oneof(
      fc.double({ min: -200, max: 200, noNaN: true }).map((n) => n.toFixed(3)),
      fc.constantFrom('', ' 50.06 ', '19.94', '50.1', '20.0', '1e1', '.5', '-0', 'x', '52,5'),
    );
    const coordinateToken = fc.oneof(
      decimalText.map((text) => JSON.stringify(text)),
      fc.double({ min: -200, max: 200, noNaN: true }).map((n) => String(Number(n.toFixed(4)))),
      fc.constantFrom('null', '"5\\u0030"', '[50]', '{"v":1}'),
    );
    const idToken = fc.oneof(
      fc.integer({ min: -5, max: 2_000_000_000 }).map(String),
      fc.constantFrom('1071', '1.5', '"1071"', 'null', '01'),
    );
    const member = fc.oneof(
      fc.tuple(fc.constant('id'), idToken),
      fc.tuple(fc.constant('latitude'), coordinateToken),
      fc.tuple(fc.constant('longitude'), coordinateToken),
      fc.tuple(fc.constantFrom('altitude', 'country', 'indoor', 'note'), coordinateToken),
      fc.tuple(fc.constant('note'), fc.constantFrom('"\\"id\\":5"', '"latitude"', '"x,\\"y"')),
    );
    const space = fc.constantFrom('', ' ', '\n  ');
    const location = fc
      .array(fc.tuple(member, space), { maxLength: 6 })
      .map((members) => `{${members.map(([[k, v], s]) => `${s}"${k}"${s}:${s}${v}`).join(',')}}`);
    const element = fc.oneof(
      location.map((loc) => `{"id":1,"location":${loc},"sensordatavalues":[]}`),
      fc.tuple(location, location).map(([a, b]) => `{"location":${a},"sensor":{"location":${b}}}`),
      fc.tuple(location, location).map(([a, b]) => `{"location":${a},"location":${b}}`),
      fc.tuple(location, space).map(([loc, s]) => `{${s}"location"${s}:${s}${loc}${s}}`),
      location.map((loc) => `[${loc}]`),
    );
    const box = fc
      .tuple(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
      )
      .map(([a, b, c, d]) => ({
        minLat: Math.min(a, b),
        maxLat: Math.max(a, b),
        minLng: c,
        maxLng: d,
      }));
    const feedLike = fc
      .tuple(
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
      )
      .map(([id, lat, lng]) => feedElement(id, lat.toFixed(3), lng.toFixed(3)));
    fc.assert(
      fc.property(fc.oneof(element, feedLike), fc.oneof(fc.constant(KRAKOW), box), (text, b) => {
        const dropped = outsideBoxByText(text, b);
        if (dropped) expect(oracleOutside(text, b)).toBe(true);
        // The feed's own elements are always decided from the text.
        if (text.startsWith('{"id":3452716782')) expect(dropped).toBe(oracleOutside(text, b));
      }),
      RUNS,
    );
  });
});
