// The one reader of `airq assess`, `airq calibrate` and `airq trend`: the header decides the
// kind, a samples CSV becomes hourly means (checked against a naive scan of the rows), PM25 is
// corrected as the server serves it. Property: any samples of one installation, averaged by a
// plain loop over the hours from the first sample's to the last's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  hourlySeriesOfCsv,
  installationHours,
  readCsvInput,
  readHourlyInput,
} from '../../src/cli/hourly-input.js';
import { FULL_PROPERTY_RUNS } from '../helpers/property-runs.js';
import { installation } from '../helpers/store-fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'airq-hourly-input-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const H = 3_600_000;
const T0 = Date.UTC(2024, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
let written = 0;
function write(text: string): string {
  const file = join(root, `input-${written++}.csv`);
  writeFileSync(file, text);
  return file;
}
const SAMPLES = 'installationId,name,timestamp,value';

function progress() {
  const reports: string[] = [];
  return { reports, progress: { update: () => {}, report: (line: string) => reports.push(line) } };
}

async function* linesOf(rows: readonly string[]) {
  yield* rows;
}

// The mean of the rows of each hour from the first row's hour to the last's, by a plain scan.
function naiveHourlyMeans(rows: readonly (readonly [number, number])[]) {
  const hours = rows.map(([atMs]) => Math.floor(atMs / H));
  const first = Math.min(...hours);
  const count = Math.max(...hours) - first + 1;
  const values = Array.from({ length: count }, (_, hour) => {
    const inHour = rows.filter((_, i) => hours[i] === first + hour).map(([, value]) => value);
    return inHour.length === 0 ? Number.NaN : inHour.reduce((a, b) => a + b, 0) / inHour.length;
  });
  return { startMs: first * H, values };
}

describe('readCsvInput', () => {
  const readers = {
    samples: async (lines: AsyncIterable<string>) => {
      const rows: string[] = [];
      for await (const line of lines) rows.push(line);
      return `samples ${rows.length}`;
    },
    hourly: (text: string) => `hourly ${text.split('\n').length}`,
  };

  it('dispatches by the header (a BOM, spaces and CRLF tolerated)', async () => {
    const samples = write(`\uFEFF${SAMPLES}\r\n1,PM10,${iso(T0)},5\r\n`);
    expect(await readCsvInput(samples, () => {}, readers)).toBe('samples 1');
    const hourly = write(` timestamp, value \n${iso(T0)},1\n${iso(T0 + H)},2`);
    expect(await readCsvInput(hourly, () => {}, readers)).toBe('hourly 3');
  });

  it('names the headers it accepts, and an empty file', async () => {
    const other = write('when,what\n1,2\n');
    await expect(readCsvInput(other, () => {}, readers)).rejects.toThrow(
      `${other}:1: the header must be ${SAMPLES} (samples) or timestamp,value (hourly), got "when,what"`,
    );
    await expect(readCsvInput(other, () => {}, { hourly: readers.hourly })).rejects.toThrow(
      `${other}:1: the header must be timestamp,value, got "when,what"`,
    );
    const hourly = write(`timestamp,value\n${iso(T0)},1\n`);
    await expect(readCsvInput(hourly, () => {}, { samples: readers.samples })).rejects.toThrow(
      `${hourly}:1: the header must be ${SAMPLES}, got "timestamp,value"`,
    );
    for (const text of ['', '  ']) {
      const empty = write(text);
      await expect(readCsvInput(empty, () => {}, readers)).rejects.toThrow(
        `${empty}: the file is empty`,
      );
    }
    await expect(readCsvInput(join(root, 'none.csv'), () => {}, readers)).rejects.toThrow(/ENOENT/);
  });

  it('moves the progress by the bytes read, up to the file size', async () => {
    const text = `timestamp,value\n${iso(T0)},1\n`;
    const file = write(text);
    const seen: [number, number][] = [];
    await readCsvInput(file, (read, total) => seen.push([read, total]), readers);
    expect(seen.at(-1)).toEqual([text.length, text.length]);
  });
});

describe('hourlySeriesOfCsv', () => {
  it('reports bad rows and keeps the others, and throws without a valid row', () => {
    const reports: string[] = [];
    const text = `timestamp,value\n${iso(T0)},1\noops\n${iso(T0 + 2 * H)},3`;
    const series = hourlySeriesOfCsv(text, 'h.csv', (line) => reports.push(line));
    expect(series.startMs).toBe(T0);
    expect([...series.values]).toEqual([1, Number.NaN, 3]);
    expect(reports).toEqual(['h.csv:3: expected 2 comma-separated fields, got 1']);
    expect(() => hourlySeriesOfCsv('timestamp,value\nx,1', 'h.csv', () => {})).toThrow(
      'h.csv: no valid rows',
    );
  });
});

describe('installationHours', () => {
  it('averages each type over the span of the first one, or over the range asked for', async () => {
    const rows = [
      `1,PM25,${iso(T0 + 10 * 60_000)},10`,
      `1,PM25,${iso(T0 + 50 * 60_000)},20`,
      `1,HUMIDITY,${iso(T0 - H)},99`,
      `1,PM25,${iso(T0 + 2 * H + 5 * 60_000)},40`,
      `1,HUMIDITY,${iso(T0 + 2 * H)},60`,
      `2,PM25,${iso(T0)},1`,
    ];
    const names = ['PM25', 'HUMIDITY'] as const;
    const hours = await installationHours(linesOf(rows), 's.csv', names, 1, () => {});
    expect(hours.source).toBe('s.csv, installation 1');
    expect(hours.sampleCounts).toEqual({ PM25: 3, HUMIDITY: 2 });
    expect(hours.means.PM25.startMs).toBe(T0);
    expect([...hours.means.PM25.values]).toEqual([15, Number.NaN, 40]);
    expect([...hours.means.HUMIDITY.values]).toEqual([Number.NaN, Number.NaN, 60]);
    const range = { fromMs: T0 - H, count: 2 };
    const ranged = await installationHours(linesOf(rows), 's.csv', names, 1, () => {}, range);
    expect(ranged.means.PM25.startMs).toBe(T0 - H);
    expect([...ranged.means.HUMIDITY.values]).toEqual([99, Number.NaN]);
  });

  it('equals a plain scan of the hours for any samples', async () => {
    const sample = fc.tuple(
      fc.integer({ min: 0, max: 100 * H - 1 }),
      fc.integer({ min: -50, max: 500 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(sample, { minLength: 1, maxLength: 40, selector: ([at]) => at }),
        async (samples) => {
          const rows = samples.map(([at, value]) => `5,PM10,${iso(T0 + at)},${value}`);
          const hours = await installationHours(
            linesOf(rows),
            's.csv',
            ['PM10'],
            undefined,
            () => {},
          );
          const want = naiveHourlyMeans(samples.map(([at, value]) => [T0 + at, value] as const));
          expect(hours.means.PM10.startMs).toBe(want.startMs);
          expect(hours.means.PM10.values.length).toBe(want.values.length);
          hours.means.PM10.values.forEach((value, i) => {
            const expected = want.values[i]!;
            if (Number.isNaN(expected)) expect(value).toBeNaN();
            else
              expect(Math.abs(value - expected)).toBeLessThanOrEqual(
                1e-9 * Math.max(1, Math.abs(expected)),
              );
          });
        },
      ),
      { numRuns: FULL_PROPERTY_RUNS },
    );
  });
});

describe('readHourlyInput', () => {
  const samples = write(
    [
      SAMPLES,
      `9,PM25,${iso(T0 + 60_000)},20`,
      `9,HUMIDITY,${iso(T0 + 60_000)},40`,
      `9,PM25,${iso(T0 + H + 60_000)},30`,
      `9,PM10,${iso(T0 + H)},35`,
      `9,PM25,${iso(T0 + 2 * H)},40`,
      `9,HUMIDITY,${iso(T0 + 2 * H)},80`,
      'bad row',
    ].join('\n'),
  );

  it('reads the pollutant of a samples CSV over its own hours, or over a range', async () => {
    const { reports, progress: p } = progress();
    const input = await readHourlyInput({ file: samples, pollutant: 'PM25' }, p);
    expect(input).toEqual({
      series: { startMs: T0, values: Float64Array.from([20, 30, 40]) },
      source: `${samples}, installation 9`,
    });
    expect(reports).toEqual([`${samples}:8: expected 4 comma-separated fields, got 1`]);
    const range = { fromMs: T0, count: 3 };
    const pm10 = await readHourlyInput({ file: samples, pollutant: 'PM10', range }, p);
    expect([...pm10.series.values]).toEqual([Number.NaN, 35, Number.NaN]);
  });

  it('corrects PM25 per hour with the installation of --installations', async () => {
    const coefficients = { intercept: 2, pm25: 0.5, rh: -0.125 };
    const installations = join(root, 'installations.json');
    const record = { ...installation(9), correction: { method: 'LINEAR', coefficients } };
    writeFileSync(installations, JSON.stringify([record]));
    const { progress: p } = progress();
    const input = await readHourlyInput({ file: samples, pollutant: 'PM25', installations }, p);
    // By hand: 2 + 0.5·PM25 − 0.125·RH, an hour without HUMIDITY missing.
    expect([...input.series.values]).toEqual([2 + 10 - 5, Number.NaN, 2 + 20 - 10]);
    expect(input.source).toBe(`${samples}, installation 9, PM25 corrected with LINEAR`);
    // Other pollutants are never corrected.
    const pm10 = await readHourlyInput({ file: samples, pollutant: 'PM10', installations }, p);
    expect([...pm10.series.values]).toEqual([35]);
  });

  it('reads an hourly CSV as it is, whatever the pollutant', async () => {
    const hourly = write(`timestamp,value\n${iso(T0 + H)},4\n${iso(T0)},3\n`);
    const { progress: p } = progress();
    const input = await readHourlyInput({ file: hourly, pollutant: 'NO2' }, p);
    expect(input).toEqual({
      series: { startMs: T0, values: Float64Array.from([3, 4]) },
      source: hourly,
    });
  });
});
