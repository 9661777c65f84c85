// The oracle of the Sensor.Community source tests, written from the project's airRohr reference
// (§2, §3) and the importer's documented ranges, never from src's tables: the six unprefixed
// value types, their units and ranges; a naive filter of the whole parsed file; and a
// generator of data.json elements of the feed's shape (readable or not, in the box or not).
import fc from 'fast-check';

/** The unprefixed value types of data.json: airq name, divisor (Pa → hPa), accepted range. */
export const ORACLE_TYPES: Readonly<
  Record<string, { name: string; divisor: number; low: number; high: number }>
> = {
  P0: { name: 'PM1', divisor: 1, low: 0, high: 2000 },
  P1: { name: 'PM10', divisor: 1, low: 0, high: 2000 },
  P2: { name: 'PM25', divisor: 1, low: 0, high: 2000 },
  temperature: { name: 'TEMPERATURE', divisor: 1, low: -90, high: 65 },
  humidity: { name: 'HUMIDITY', divisor: 1, low: 0, high: 100 },
  pressure: { name: 'PRESSURE', divisor: 100, low: 300, high: 1100 },
};

/** Value types data.json carries that airq does not read. */
export const ORACLE_IGNORED = ['P4', 'noise_LAeq', 'samples', 'signal', 'counts_per_minute'];

export interface OracleBox {
  readonly minLat: number;
  readonly minLng: number;
  readonly maxLat: number;
  readonly maxLng: number;
}

/** The installation a location stands for, as the importer describes one, written out. */
export function oracleInstallation(
  id: number,
  latitude: number,
  longitude: number,
  country: string | undefined,
  elevation: number,
) {
  const displayAddress1 = `Sensor.Community location ${id}`;
  return {
    location: { latitude, longitude },
    address: country === undefined ? { displayAddress1 } : { country, displayAddress1 },
    elevation,
    vendor: false,
    sponsor: { id: 0, name: 'Sensor.Community', link: 'https://sensor.community' },
  };
}

/** `"101325.17"` with its decimal point moved two places left, read: 1013.2517. */
function hundredth(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const padded = whole.padStart(3, '0');
  const shifted = `${padded.slice(0, -2)}.${padded.slice(-2)}${fraction}`;
  return (negative ? -1 : 1) * Number(shifted);
}

function inLongitudes(box: OracleBox, lng: number): boolean {
  if (box.minLng <= box.maxLng) return lng >= box.minLng && lng <= box.maxLng;
  return lng >= box.minLng || lng <= box.maxLng;
}

/** Edges included; -180 and 180 are one meridian, in a box that reaches it from either side. */
export function oracleInBox(box: OracleBox, lat: number, lng: number): boolean {
  if (lat < box.minLat || lat > box.maxLat) return false;
  return inLongitudes(box, lng) || (Math.abs(lng) === 180 && inLongitudes(box, -lng));
}

/**
 * What one poll should give for the whole parsed file, element by element in the most direct
 * way: the generator's elements only (ids positive, timestamps readable, coordinates decimal
 * strings or ""), so the checks are the feed's, not every malformed variant.
 */
export function oracleBatch(
  elements: readonly GeneratedElement[],
  box: OracleBox,
  indoor: boolean,
) {
  const samples: { sourceId: number; name: string; atMs: number; value: number }[] = [];
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const latest = new Map<number, GeneratedElement>();
  for (const element of elements) {
    const { location } = element;
    if (location.latitude === '' || location.longitude === '') {
      skip('no coordinates');
      continue;
    }
    if (!oracleInBox(box, Number(location.latitude), Number(location.longitude))) {
      skip('outside the box');
      continue;
    }
    if (location.indoor === 1 && !indoor) {
      skip('indoor');
      continue;
    }
    const atMs = Date.parse(`${element.timestamp.replace(' ', 'T')}Z`);
    let kept = 0;
    for (const { value, value_type } of element.sensordatavalues) {
      const type = ORACLE_TYPES[value_type];
      if (type === undefined) {
        skip('ignored type');
        continue;
      }
      const number = /^-?\d+(\.\d+)?$/.test(value)
        ? type.divisor === 100
          ? hundredth(value)
          : Number(value)
        : Number.NaN;
      if (!(number >= type.low && number <= type.high)) {
        skip('unreadable value');
        continue;
      }
      // + 0 turns "-0.00" into 0, as a sensor's reading of nothing is.
      samples.push({ sourceId: location.id, name: type.name, atMs, value: number + 0 });
      kept++;
    }
    if (kept === 0) continue;
    // The place is the latest element's (by timestamp, the later one in the file on a tie).
    const before = latest.get(location.id);
    if (before === undefined || atMs >= Date.parse(`${before.timestamp.replace(' ', 'T')}Z`)) {
      latest.set(location.id, element);
    }
  }
  const places = [...latest].map(([id, { location }]) => ({
    sourceId: id,
    installation: oracleInstallation(
      id,
      Number(location.latitude),
      Number(location.longitude),
      location.country,
      location.altitude === '' ? 0 : Number(location.altitude),
    ),
  }));
  // Location by location, in the order of the places, each location's in the file's order.
  const grouped = places.flatMap(({ sourceId }) =>
    samples.filter((sample) => sample.sourceId === sourceId),
  );
  return { places, samples: grouped, skipped };
}

/** An element as the generator makes it (the feed's shape, the fields the reader reads). */
export interface GeneratedElement {
  readonly id: number;
  readonly timestamp: string;
  readonly location: {
    readonly id: number;
    readonly latitude: string;
    readonly longitude: string;
    readonly altitude: string;
    readonly country?: string;
    readonly indoor?: 0 | 1;
  };
  readonly sensor: { readonly id: number; readonly sensor_type: { readonly name: string } };
  readonly sensordatavalues: readonly { readonly value: string; readonly value_type: string }[];
}

const coordinate = (low: number, high: number) =>
  fc.integer({ min: low * 1000, max: high * 1000 }).map((n) => (n / 1000).toFixed(3));

/** The firmware's two decimals, around every range (pressures in Pa), or no number at all. */
const valueText = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: -20_000, max: 210_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 2_500_000, max: 11_500_000 }) },
    { weight: 1, arbitrary: fc.constantFrom('nan', '', 'NaN', '12,5', '-') },
  )
  .map((n) => (typeof n === 'string' ? n : (n / 100).toFixed(2)));

/**
 * data.json elements: a few location ids (so locations repeat, sometimes at other
 * coordinates), coordinates around Kraków, across the antimeridian or empty, indoor or not,
 * both timestamp forms, value types read and ignored, readable values and unreadable ones.
 */
export const generatedElement: fc.Arbitrary<GeneratedElement> = fc
  .record({
    id: fc.integer({ min: 1, max: 9_999_999_999 }),
    // Seconds into the five minutes; often the same second, as two sensors of a device report.
    at: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 299 })),
    tForm: fc.boolean(),
    location: fc.integer({ min: 1, max: 5 }),
    place: fc.oneof(
      { weight: 4, arbitrary: fc.tuple(coordinate(49.97, 50.13), coordinate(19.79, 20.22)) },
      { weight: 1, arbitrary: fc.tuple(coordinate(49.9, 50.2), coordinate(19.7, 20.3)) },
      { weight: 1, arbitrary: fc.tuple(coordinate(-20, -10), coordinate(170, 180)) },
      { weight: 1, arbitrary: fc.tuple(coordinate(-20, -10), coordinate(-180, -170)) },
      { weight: 1, arbitrary: fc.constant(['', ''] as [string, string]) },
    ),
    altitude: fc.constantFrom('', '219.5', '-3.1', '0'),
    country: fc.constantFrom(undefined, 'PL', 'FJ', 'Ö'),
    indoor: fc.constantFrom(undefined, 0 as const, 1 as const),
    values: fc.array(
      fc.record({
        value_type: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...Object.keys(ORACLE_TYPES)) },
          { weight: 1, arbitrary: fc.constantFrom(...ORACLE_IGNORED) },
        ),
        value: valueText,
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map(({ id, at, tForm, location, place, altitude, country, indoor, values }) => {
    const iso = new Date(Date.UTC(2019, 3, 25, 1, 50) + at * 1000).toISOString().slice(0, 19);
    return {
      id,
      timestamp: tForm ? iso : iso.replace('T', ' '),
      location: {
        id: location,
        latitude: place[0],
        longitude: place[1],
        altitude,
        ...(country === undefined ? {} : { country }),
        ...(indoor === undefined ? {} : { indoor }),
      },
      sensor: { id: location * 10, sensor_type: { name: 'SDS011' } },
      sensordatavalues: values,
    };
  });
