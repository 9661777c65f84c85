// fast-check generator of OpenAQ v3 pages (one locations page and one measurements page per
// sensor) with the samples an independent oracle expects from them: parameter names mapped by
// the test's own table, units converted with the reference formulas.
import fc from 'fast-check';
import {
  type NamedFile,
  OPENAQ_TYPES,
  type OutputSample,
  openAqResult,
  ppbToUgm3Oracle,
} from './import-oracles.js';

/** Units the generator uses per parameter, with the oracle's conversion to airq's unit and the raw range. */
const UNIT_CHOICES: Readonly<
  Record<string, readonly (readonly [string, (v: number, gas: string) => number, number, number])[]>
> = {
  pm1: [['µg/m³', (v) => v, 0, 1000]],
  pm25: [
    ['µg/m³', (v) => v, 0, 1000],
    ['μg/m³', (v) => v, 0, 1000],
  ],
  pm10: [['ug/m3', (v) => v, 0, 1000]],
  no2: [
    ['ppb', (v, gas) => ppbToUgm3Oracle(gas, v), 0, 500],
    ['µg/m³', (v) => v, 0, 1000],
  ],
  o3: [
    ['ppm', (v, gas) => ppbToUgm3Oracle(gas, v * 1000), 0, 0.5],
    ['ppb', (v, gas) => ppbToUgm3Oracle(gas, v), 0, 300],
  ],
  so2: [['ppb', (v, gas) => ppbToUgm3Oracle(gas, v), 0, 500]],
  co: [
    ['ppm', (v, gas) => ppbToUgm3Oracle(gas, v * 1000), 0, 20],
    ['mg/m³', (v) => v * 1000, 0, 20],
  ],
  no: [['µg/m³', (v) => v, 0, 500]],
  temperature: [
    ['c', (v) => v, -30, 40],
    ['f', (v) => ((v - 32) * 5) / 9, 0, 100],
  ],
  relativehumidity: [['%', (v) => v, 0, 100]],
  pressure: [
    ['hpa', (v) => v, 900, 1050],
    ['pa', (v) => v / 100, 90_000, 105_000],
  ],
  wind_speed: [['m/s', (v) => v * 3.6, 0, 40]],
  wind_direction: [['deg', (v) => v, 0, 360]],
};

const BASE_MS = Date.UTC(2026, 10, 21);

interface GeneratedSensor {
  readonly parameter: string;
  readonly unit: number;
  /** [hour, value in the sensor's unit] */
  readonly results: readonly (readonly [number, number])[];
}

interface GeneratedLocation {
  readonly id: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly name: string | null;
  readonly locality: string | null;
  readonly country: string | null;
  readonly provider: { readonly id: number; readonly name: string };
  readonly sensors: readonly GeneratedSensor[];
}

const sensorArb: fc.Arbitrary<GeneratedSensor> = fc
  .constantFrom(...Object.keys(UNIT_CHOICES))
  .chain((parameter) => {
    const choices = UNIT_CHOICES[parameter]!;
    return fc.integer({ min: 0, max: choices.length - 1 }).chain((unit) => {
      const [, , low, high] = choices[unit]!;
      const value = fc.integer({ min: 0, max: 1000 }).map((k) => low + ((high - low) * k) / 1000);
      return fc.record({
        parameter: fc.constant(parameter),
        unit: fc.constant(unit),
        results: fc.array(fc.tuple(fc.integer({ min: 1, max: 72 }), value), { maxLength: 4 }),
      });
    });
  });

const text = fc.option(fc.string({ maxLength: 10 }), { nil: null });

/** One locations page of 1 to 3 locations and their sensors' measurement pages. */
export const openAqPagesArb = fc
  .uniqueArray(
    fc.record({
      id: fc.constantFrom(3, 10512, 20877, 999_999_999),
      latitude: fc.integer({ min: -90_000, max: 90_000 }).map((n) => n / 1000),
      longitude: fc.integer({ min: -180_000, max: 180_000 }).map((n) => n / 1000),
      name: text,
      locality: text,
      country: text,
      provider: fc.record({
        id: fc.integer({ min: 1, max: 500 }),
        name: fc.string({ maxLength: 10 }),
      }),
      sensors: fc.array(sensorArb, { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 3, selector: (location) => location.id },
  )
  .map((locations: GeneratedLocation[]) => ({ locations, expected: expectedSamples(locations) }));

function expectedSamples(locations: readonly GeneratedLocation[]): OutputSample[] {
  const byKey = new Map<string, OutputSample>();
  for (const location of locations) {
    for (const sensor of location.sensors) {
      const [, convert] = UNIT_CHOICES[sensor.parameter]![sensor.unit]!;
      const type = OPENAQ_TYPES[sensor.parameter]!;
      for (const [hour, raw] of sensor.results) {
        const atMs = BASE_MS + hour * 3_600_000;
        byKey.set(`${location.id}|${type}|${atMs}`, [location.id, type, atMs, convert(raw, type)]);
      }
    }
  }
  return [...byKey.values()].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2] - b[2]);
}

/** The generated pages as files: `locations.json`, then `sensors-<id>-measurements.json`. */
export function openAqPageTexts(generated: {
  locations: readonly GeneratedLocation[];
}): NamedFile[] {
  let nextSensor = 100;
  const files: NamedFile[] = [];
  const results = generated.locations.map((location) => ({
    id: location.id,
    name: location.name,
    locality: location.locality,
    timezone: 'UTC',
    country: { id: 1, code: 'XX', name: location.country },
    owner: { id: 1, name: 'owner' },
    provider: location.provider,
    isMobile: false,
    isMonitor: true,
    coordinates: { latitude: location.latitude, longitude: location.longitude },
    sensors: location.sensors.map((sensor) => {
      const id = nextSensor++;
      const units = UNIT_CHOICES[sensor.parameter]![sensor.unit]![0];
      const parameter = { id: 1, name: sensor.parameter, units, displayName: null };
      if (sensor.results.length > 0) {
        const page = sensor.results.map(([hour, value]) =>
          openAqResult(value, parameter, BASE_MS + hour * 3_600_000),
        );
        files.push({
          name: `sensors-${id}-measurements.json`,
          text: JSON.stringify({ meta: {}, results: page }),
        });
      }
      return { id, name: `${sensor.parameter} ${units}`, parameter };
    }),
  }));
  return [
    { name: 'locations.json', text: JSON.stringify({ meta: { limit: 1000 }, results }) },
    ...files,
  ];
}
