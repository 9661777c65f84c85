// fast-check generators of source files for the importer tests: Sensor.Community archive
// files in the real per-sensor-type layouts (with some rows spoiled on purpose) and OpenAQ v3
// pages. Each comes with what an independent oracle expects the import to give.
import fc from 'fast-check';
import { type OutputSample, SC_COLUMN_TYPES, shiftDecimal } from './import-oracles.js';

/** The archive layouts by sensor type: the columns after the six shared ones. */
export const SC_LAYOUTS: Readonly<Record<string, readonly string[]>> = {
  SDS011: ['P1', 'durP1', 'ratioP1', 'P2', 'durP2', 'ratioP2'],
  SPS30: ['P1', 'P4', 'P2', 'P0', 'N05', 'N1', 'N25', 'N4', 'N10', 'TS'],
  BME280: ['pressure', 'altitude', 'pressure_sealevel', 'temperature', 'humidity'],
  DHT22: ['temperature', 'humidity'],
};
const KEY_HEADER = 'sensor_id;sensor_type;location;lat;lon;timestamp';
const DAY_MS = Date.UTC(2026, 10, 21);
const LOCATIONS = [7, 27045, 27101, 999_999_999];

/** Ways a generated row is spoiled, and `null` for a good row. */
type Spoil = null | 'value' | 'time' | 'lat' | 'fields';

interface GeneratedRow {
  readonly location: number;
  readonly place: number;
  readonly seconds: number;
  /** Text per measurement column, '' when empty. */
  readonly values: Readonly<Record<string, string>>;
  readonly spoil: Spoil;
}

/** One generated archive file. */
export interface GeneratedScFile {
  readonly name: string;
  readonly sensorType: string;
  readonly rows: readonly GeneratedRow[];
}

/** Hundredths within the accepted range of each measurement column, in the archive's unit. */
export const SC_HUNDREDTHS: Readonly<Record<string, readonly [number, number]>> = {
  P0: [0, 200_000],
  P1: [0, 200_000],
  P2: [0, 200_000],
  temperature: [-9000, 6500],
  humidity: [0, 10_000],
  pressure: [3_000_000, 11_000_000],
};

const valueText = (column: string) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .integer({ min: SC_HUNDREDTHS[column]![0], max: SC_HUNDREDTHS[column]![1] })
        .map((n) => (n / 100).toFixed(2)),
    },
    { weight: 1, arbitrary: fc.constant('') },
  );

function rowArb(sensorType: string): fc.Arbitrary<GeneratedRow> {
  const measured = SC_LAYOUTS[sensorType]!.filter((column) => column in SC_COLUMN_TYPES);
  return fc.record({
    location: fc.constantFrom(...LOCATIONS),
    place: fc.oneof(
      { weight: 5, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constant(1) },
    ),
    seconds: fc.integer({ min: 0, max: 3 * 86_400 - 1 }),
    values: fc.record(Object.fromEntries(measured.map((column) => [column, valueText(column)]))),
    spoil: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Spoil>(null) },
      { weight: 1, arbitrary: fc.constantFrom<Spoil>('value', 'time', 'lat', 'fields') },
    ),
  });
}

/** 1 to 4 archive files of random sensor types, 1 to 6 rows each. */
export const scFilesArb: fc.Arbitrary<GeneratedScFile[]> = fc
  .array(
    fc.constantFrom(...Object.keys(SC_LAYOUTS)).chain((sensorType) =>
      fc.record({
        sensorType: fc.constant(sensorType),
        rows: fc.array(rowArb(sensorType), { minLength: 1, maxLength: 6 }),
      }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((files) =>
    files.map((file, i) => ({ ...file, name: `${i}_${file.sensorType.toLowerCase()}_sensor.csv` })),
  );

function coordinates(location: number, place: number): [string, string] {
  return [
    (((location % 80) + place * 0.25) as number).toFixed(3),
    (((location % 170) - place * 0.5) as number).toFixed(3),
  ];
}

function timestampText(seconds: number): string {
  return new Date(DAY_MS + seconds * 1000).toISOString().slice(0, 19);
}

/** The text of a generated file, in the archive's format. */
export function scFileText(file: GeneratedScFile): string {
  const columns = SC_LAYOUTS[file.sensorType]!;
  const lines = [`${KEY_HEADER};${columns.join(';')}`];
  for (const row of file.rows) {
    let [lat, lon] = coordinates(row.location, row.place);
    let time = timestampText(row.seconds);
    const values = columns.map((column) => row.values[column] ?? '');
    if (row.spoil === 'lat') lat = '91.000';
    if (row.spoil === 'time') time = '2026-13-40T00:00:00';
    const first = columns.findIndex((column) => column in SC_COLUMN_TYPES);
    if (row.spoil === 'value') values[first] = 'n/a';
    const extra = row.spoil === 'fields' ? ';1' : '';
    lines.push(
      `4${row.location};${file.sensorType};${row.location};${lat};${lon};${time};${values.join(';')}${extra}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What the oracle expects from importing the files in order. */
export interface ScExpectation {
  /** `file:line` of every refused row, in order. */
  readonly rejected: readonly string[];
  readonly samples: readonly OutputSample[];
  /** Installation id → [latitude, longitude], in id order. */
  readonly installations: readonly (readonly [number, number, number])[];
  /** Files with no valid row: the import must fail and write nothing. */
  readonly emptyFiles: readonly string[];
}

/** Runs the import by hand on the generated rows (file names relative to `dir`). */
export function scExpectation(files: readonly GeneratedScFile[], dir: string): ScExpectation {
  const rejected: string[] = [];
  const samples: OutputSample[] = [];
  const places = new Map<number, string[]>();
  const installations = new Map<number, [number, number, number]>();
  const emptyFiles: string[] = [];
  for (const file of files) {
    const columns = SC_LAYOUTS[file.sensorType]!.filter((column) => column in SC_COLUMN_TYPES);
    let kept = 0;
    file.rows.forEach((row, r) => {
      const filled = columns.filter((column) => row.values[column] !== '');
      if (row.spoil !== null || filled.length === 0) {
        rejected.push(`${dir}/${file.name}:${r + 2}`);
        return;
      }
      const [lat, lon] = coordinates(row.location, row.place);
      const seen = places.get(row.location) ?? [];
      places.set(row.location, seen);
      if (!seen.includes(`${lat},${lon}`)) seen.push(`${lat},${lon}`);
      const id = row.location + seen.indexOf(`${lat},${lon}`) * 1_000_000_000;
      installations.set(id, [id, Number(lat), Number(lon)]);
      const atMs = DAY_MS + row.seconds * 1000;
      for (const column of filled) {
        const text = row.values[column]!;
        const value = column === 'pressure' ? shiftDecimal(text, -2) : Number(text);
        samples.push([id, SC_COLUMN_TYPES[column]!, atMs, value]);
      }
      kept++;
    });
    if (kept === 0) emptyFiles.push(`${dir}/${file.name}`);
  }
  return {
    rejected,
    samples,
    installations: [...installations.values()].sort((a, b) => a[0] - b[0]),
    emptyFiles,
  };
}
