// Oracles and exporters for the importer tests, written from the sources' documentation and
// world-indexes.md, independently of src/import: the column and parameter tables, unit
// conversions done on decimal text or with the reference molar masses, and writers that turn
// an imported store back into each source's format (for import → export → import).
import { readFileSync } from 'node:fs';
import { parseSamplesCsv } from '../../src/store/samples-csv.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';

/** Sensor.Community archive columns → airq type (P1 is PM10, P2 PM2.5, P0 PM1). */
export const SC_COLUMN_TYPES: Readonly<Record<string, string>> = {
  P0: 'PM1',
  P1: 'PM10',
  P2: 'PM25',
  temperature: 'TEMPERATURE',
  humidity: 'HUMIDITY',
  pressure: 'PRESSURE',
};

/** OpenAQ v3 parameter names → airq type. */
export const OPENAQ_TYPES: Readonly<Record<string, string>> = {
  pm1: 'PM1',
  pm25: 'PM25',
  pm10: 'PM10',
  no2: 'NO2',
  o3: 'O3',
  so2: 'SO2',
  co: 'CO',
  no: 'NO',
  temperature: 'TEMPERATURE',
  relativehumidity: 'HUMIDITY',
  pressure: 'PRESSURE',
  wind_speed: 'WIND_SPEED',
  wind_direction: 'WIND_BEARING',
};

/** Molar masses of world-indexes.md §1, g/mol; 24.45 L/mol at 25 °C and 1 atm. */
export const REFERENCE_MOLAR_MASS: Readonly<Record<string, number>> = {
  NO2: 46.0055,
  O3: 47.9982,
  SO2: 64.066,
  CO: 28.01,
};

/** µg/m³ of `ppb` of a gas, by the reference formula. */
export function ppbToUgm3Oracle(gas: string, ppb: number): number {
  return (ppb * REFERENCE_MOLAR_MASS[gas]!) / 24.45;
}

/**
 * Moves the decimal point of a plain decimal text by `places` (negative: to the left), exactly,
 * e.g. ('98876.50', -2) → 988.765. Pa → hPa without float division.
 */
export function shiftDecimal(text: string, places: number): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[+-]/, '').split('.');
  let digits = whole + fraction;
  let point = whole.length + places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const value = Number(`${digits.slice(0, point) || '0'}.${digits.slice(point) || '0'}`);
  return negative ? -value : value;
}

/** A sample as the output CSV holds it. */
export type OutputSample = readonly [
  installationId: number,
  name: string,
  atMs: number,
  value: number,
];

/** What an import wrote, parsed with the store's own readers. */
export interface ImportedStore {
  readonly installations: readonly StoredInstallation[];
  /** In file order. */
  readonly samples: readonly OutputSample[];
}

/** Reads the two output files of an import. */
export function readImportedStore(installationsPath: string, samplesPath: string): ImportedStore {
  const installations = JSON.parse(readFileSync(installationsPath, 'utf8')) as StoredInstallation[];
  const parsed = parseSamplesCsv(readFileSync(samplesPath, 'utf8'), samplesPath);
  if (parsed.issues.length > 0) throw new Error(`bad samples CSV: ${parsed.issues[0]!.message}`);
  return {
    installations,
    samples: parsed.samples.map((s) => [s.installationId, s.name, s.atMs, s.value] as const),
  };
}

/** The samples as a store keeps them: one per (installation, type, time), the last one wins. */
export function storeContent(store: ImportedStore): OutputSample[] {
  const byKey = new Map<string, OutputSample>();
  for (const sample of store.samples) byKey.set(`${sample[0]}|${sample[1]}|${sample[2]}`, sample);
  return [...byKey.values()].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]) || a[2] - b[2]);
}

/** A file to write: name and contents. */
export interface NamedFile {
  readonly name: string;
  readonly text: string;
}

const PM_HEADER =
  'sensor_id;sensor_type;location;lat;lon;timestamp;P1;P4;P2;P0;N05;N1;N25;N4;N10;TS';
const CLIMATE_HEADER =
  'sensor_id;sensor_type;location;lat;lon;timestamp;pressure;altitude;pressure_sealevel;temperature;humidity';

/**
 * Writes an imported store back as Sensor.Community archive files, one SPS30-style file (P1,
 * P2, P0) and one BME280-style file (pressure in Pa, temperature, humidity) per installation,
 * in installation id order, so a re-import meets the places of each location in the same order.
 */
export function exportSensorCommunity(store: ImportedStore): NamedFile[] {
  const files: NamedFile[] = [];
  const sorted = [...store.installations].sort((a, b) => a.id - b.id);
  const content = storeContent(store);
  for (const installation of sorted) {
    const location = installation.id % 1_000_000_000;
    const { latitude, longitude } = installation.location;
    const times = new Map<number, Map<string, number>>();
    for (const [id, name, atMs, value] of content) {
      if (id !== installation.id) continue;
      let row = times.get(atMs);
      if (row === undefined) {
        row = new Map();
        times.set(atMs, row);
      }
      row.set(name, value);
    }
    const pm: string[] = [PM_HEADER];
    const climate: string[] = [CLIMATE_HEADER];
    for (const [atMs, row] of [...times].sort((a, b) => a[0] - b[0])) {
      const key = `${location};${latitude};${longitude};${archiveTime(atMs)}`;
      const v = (name: string) => (row.has(name) ? String(row.get(name)) : '');
      if (row.has('PM10') || row.has('PM25') || row.has('PM1')) {
        pm.push(`9${location};SPS30;${key};${v('PM10')};;${v('PM25')};${v('PM1')};;;;;;`);
      }
      if (row.has('PRESSURE') || row.has('TEMPERATURE') || row.has('HUMIDITY')) {
        const pa = row.has('PRESSURE') ? String(shiftDecimal(String(row.get('PRESSURE')), 2)) : '';
        climate.push(`8${location};BME280;${key};${pa};;;${v('TEMPERATURE')};${v('HUMIDITY')}`);
      }
    }
    if (pm.length > 1)
      files.push({ name: `${installation.id}_sps30.csv`, text: `${pm.join('\n')}\n` });
    if (climate.length > 1) {
      files.push({ name: `${installation.id}_bme280.csv`, text: `${climate.join('\n')}\n` });
    }
  }
  return files;
}

function archiveTime(atMs: number): string {
  const iso = new Date(atMs).toISOString();
  return atMs % 1000 === 0 ? iso.slice(0, 19) : iso;
}

const OPENAQ_UNITS: Readonly<Record<string, string>> = {
  TEMPERATURE: 'c',
  HUMIDITY: '%',
  PRESSURE: 'hpa',
  WIND_SPEED: 'km/h',
  WIND_BEARING: 'deg',
};

/**
 * Writes an imported store back as OpenAQ v3 pages: one locations page (location ids without
 * the split offset, in installation id order) and one measurements page per (installation,
 * type), named after an invented sensor id, with gases in µg/m³.
 */
export function exportOpenAq(store: ImportedStore): NamedFile[] {
  const parameterOf = Object.fromEntries(Object.entries(OPENAQ_TYPES).map(([p, t]) => [t, p]));
  const content = storeContent(store);
  const files: NamedFile[] = [];
  const locations: unknown[] = [];
  let nextSensor = 1;
  for (const installation of [...store.installations].sort((a, b) => a.id - b.id)) {
    const sensors: unknown[] = [];
    const names = [...new Set(content.filter((s) => s[0] === installation.id).map((s) => s[1]))];
    for (const name of names) {
      const sensorId = nextSensor++;
      const parameter = { id: 1, name: parameterOf[name], units: OPENAQ_UNITS[name] ?? 'µg/m³' };
      sensors.push({ id: sensorId, name: `${parameter.name}`, parameter });
      const results = content
        .filter((s) => s[0] === installation.id && s[1] === name)
        .map(([, , atMs, value]) => openAqResult(value, parameter, atMs));
      files.push({ name: `sensors-${sensorId}-measurements.json`, text: page(results) });
    }
    locations.push({
      id: installation.id % 1_000_000_000,
      name: installation.address.displayAddress1 ?? null,
      locality: installation.address.city ?? null,
      country: { id: 1, code: 'XX', name: installation.address.country ?? null },
      provider: { id: installation.sponsor.id, name: installation.sponsor.name },
      isMobile: false,
      sensors,
      coordinates: { ...installation.location },
    });
  }
  return [{ name: 'locations.json', text: page(locations) }, ...files];
}

/** One result of a measurements page: an hourly value whose period ends at `endMs`. */
export function openAqResult(value: number, parameter: object, endMs: number): object {
  return {
    value,
    flagInfo: { hasFlags: false },
    parameter,
    period: {
      label: 'raw',
      interval: '01:00:00',
      datetimeFrom: { utc: new Date(endMs - 3_600_000).toISOString(), local: '' },
      datetimeTo: { utc: new Date(endMs).toISOString(), local: '' },
    },
    coordinates: null,
  };
}

function page(results: unknown[]): string {
  const meta = { name: 'openaq-api', website: '/', page: 1, limit: 1000, found: results.length };
  return JSON.stringify({ meta, results }, null, 1);
}
