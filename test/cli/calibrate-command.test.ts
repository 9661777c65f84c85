import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCalibrateCommand } from '../../src/cli/calibrate-command.js';
import { main } from '../../src/cli/main.js';
import { checkCorrectionOptions } from '../../src/corrections/correction-options.js';
import { cliEnvironment } from '../helpers/cli-environment.js';

const root = mkdtempSync(join(tmpdir(), 'airq-calibrate-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const H = 3_600_000;
const START = Date.UTC(2024, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
// The colocation's truth: the reference is exactly this line of the sensor's hourly means.
const TRUTH = { intercept: 3, pm25: 0.6, rh: -0.05 };

function write(name: string, text: string): string {
  const file = join(root, name);
  writeFileSync(file, text);
  return file;
}

// Three samples an hour (at :05, :25, :45) of PM25 and HUMIDITY, whose means are `pm(h)` and
// `rh(h)`; the reference is TRUTH applied to those means, stamped with the hour's start.
function colocation(name: string, hours: number, id = 7) {
  const pm = (h: number) => 5 + ((h * 7) % 40) + (h % 3);
  const rh = (h: number) => 35 + ((h * 11) % 50);
  const samples = ['installationId,name,timestamp,value'];
  const reference = ['timestamp,value'];
  for (let h = 0; h < hours; h++) {
    for (const [k, minute] of [5, 25, 45].entries()) {
      const at = iso(START + h * H + minute * 60_000);
      samples.push(`${id},PM25,${at},${pm(h) + (k - 1) * 2}`, `${id},HUMIDITY,${at},${rh(h)}`);
    }
    reference.push(
      `${iso(START + h * H)},${TRUTH.intercept + TRUTH.pm25 * pm(h) + TRUTH.rh * rh(h)}`,
    );
  }
  return {
    samples: write(`${name}-samples.csv`, `${samples.join('\n')}\n`),
    reference: write(`${name}-reference.csv`, `${reference.join('\n')}\n`),
    pm,
  };
}

// The two cells of a statistic's row in the printed table that begins at `title`.
function row(out: readonly string[], title: string, name: string): [string, string] {
  const start = out.findIndex((line) => line.startsWith(`${title} `) && line.endsWith('corrected'));
  const line = out.slice(start).find((text) => text.split(/ +/)[0] === name)!;
  const [, raw, corrected] = line.split(/ +/);
  return [raw!, corrected!];
}

describe('airq calibrate', () => {
  it('recovers the line the reference was made with, dispatched by main', async () => {
    const { samples, reference } = colocation('exact', 240);
    const { out, err, env } = cliEnvironment([
      'calibrate',
      '--samples',
      samples,
      '--reference',
      reference,
    ]);
    expect(await main(env)).toBe(0);
    expect(err).toEqual([]);
    expect(out.slice(0, 6)).toEqual([
      `${samples}, installation 7 against ${reference}`,
      'fit   240 paired hours, 2024-01-01T00:00:00.000Z to 2024-01-11T00:00:00.000Z',
      'LINEAR correction = intercept + pm25 × PM25 + rh × HUMIDITY, fitted on 240 hours',
      '  intercept   3.000000  µg/m³',
      '  pm25        0.600000',
      '  rh         -0.050000  µg/m³ per %RH',
    ]);
    expect(out[7]).toMatch(/^fit +raw +corrected$/);
    expect(row(out, 'fit', 'n')).toEqual(['240', '240']);
    for (const name of ['mb', 'mge', 'nmb', 'nmge', 'rmse'])
      expect(row(out, 'fit', name)[1]).toBe('0.000');
    for (const name of ['r', 'coe', 'ioa', 'fac2']) expect(row(out, 'fit', name)[1]).toBe('1.000');
    expect(out.at(-1)).toMatch(/^fac2 +\d\.\d{3} +1\.000$/);
  });

  it('writes the correction as JSON that an installation accepts', async () => {
    const { samples, reference } = colocation('out', 100);
    const file = join(root, 'correction.json');
    const argv = ['--samples', samples, '--reference', reference, '--out', file];
    const { out, env } = cliEnvironment(argv);
    expect(await runCalibrateCommand(env)).toBe(0);
    expect(out.slice(-2)).toEqual(['', `correction written to ${file}`]);
    const correction = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(correction)).toEqual(['method', 'coefficients']);
    expect(checkCorrectionOptions('installations.json', correction)).toEqual(correction);
    expect(correction.method).toBe('LINEAR');
    for (const key of ['intercept', 'pm25', 'rh'] as const)
      expect(correction.coefficients[key]).toBeCloseTo(TRUTH[key], 9);
  });

  it('splits at --test-from: the fit on the hours before, the same table on the later hours', async () => {
    const { samples, reference } = colocation('split', 120);
    const argv = [
      '--samples',
      samples,
      '--reference',
      reference,
      '--test-from',
      '2024-01-04T00:00:00Z',
    ];
    const { out, env } = cliEnvironment(argv);
    expect(await runCalibrateCommand(env)).toBe(0);
    expect(out.slice(1, 4)).toEqual([
      'fit   72 paired hours, 2024-01-01T00:00:00.000Z to 2024-01-04T00:00:00.000Z',
      'test  48 paired hours, 2024-01-04T00:00:00.000Z to 2024-01-06T00:00:00.000Z',
      'LINEAR correction = intercept + pm25 × PM25 + rh × HUMIDITY, fitted on 72 hours',
    ]);
    expect(row(out, 'fit', 'n')).toEqual(['72', '72']);
    expect(row(out, 'test', 'n')).toEqual(['48', '48']);
    expect(row(out, 'test', 'rmse')[1]).toBe('0.000');
  });

  it('chooses the installation of a samples CSV that holds several', async () => {
    const one = colocation('first', 30, 1);
    const two = colocation('second', 30, 2);
    const both =
      readFileSync(one.samples, 'utf8') + readFileSync(two.samples, 'utf8').replace(/^.*\n/, '');
    const samples = write('both.csv', both);
    const argv = ['--samples', samples, '--reference', one.reference];
    const ask = cliEnvironment(argv);
    expect(await runCalibrateCommand(ask.env)).toBe(1);
    expect(ask.err).toEqual([
      `airq calibrate: ${samples} holds PM25 of installations 1, 2: choose one with --installation`,
    ]);
    const picked = cliEnvironment([...argv, '--installation', '2']);
    expect(await runCalibrateCommand(picked.env)).toBe(0);
    expect(picked.out[0]).toBe(`${samples}, installation 2 against ${one.reference}`);
    const missing = cliEnvironment([...argv, '--installation', '3']);
    expect(await runCalibrateCommand(missing.env)).toBe(1);
    expect(missing.err).toEqual([`airq calibrate: ${samples}: no PM25 rows of installation 3`]);
  });

  it('reports bad rows of both files as FILE:LINE: reason and goes on', async () => {
    const { samples, reference } = colocation('rows', 30);
    writeFileSync(samples, '1,PM25,soon,3\n', { flag: 'a' });
    writeFileSync(
      reference,
      '2024-01-02T00:30:00Z,5\n2024-01-02T01:00:00Z,x\n2024-01-01T00:00:00Z,9\n',
      { flag: 'a' },
    );
    const { err, env } = cliEnvironment([
      '--samples',
      samples,
      '--reference',
      reference,
      '--min-pairs',
      '3',
    ]);
    expect(await runCalibrateCommand(env)).toBe(0);
    expect(err).toEqual([
      `${reference}:32: timestamp must be an ISO 8601 whole UTC hour, got "2024-01-02T00:30:00Z"`,
      `${reference}:33: value must be a decimal number or empty, got "x"`,
      `${reference}:34: a second row for 2024-01-01T00:00:00Z; the first is kept`,
      `${samples}:182: timestamp must be an ISO 8601 date-time, got "soon"`,
    ]);
  });

  it('fails with 1 when the hours are too few or cannot determine the fit', async () => {
    const { samples, reference } = colocation('few', 10);
    const few = cliEnvironment(['--samples', samples, '--reference', reference]);
    expect(await runCalibrateCommand(few.env)).toBe(1);
    expect(few.err).toHaveLength(1);
    expect(few.err[0]).toMatch(
      /^airq calibrate: cannot fit a correction on 10 paired hours: .*--min-pairs \(24\).*\b10$/,
    );
    const late = cliEnvironment([
      '--samples',
      samples,
      '--reference',
      reference,
      '--min-pairs',
      '3',
      '--test-from',
      '2024-01-01T02:00:00Z',
    ]);
    expect(await runCalibrateCommand(late.env)).toBe(1);
    expect(late.err[0]).toMatch(
      /^airq calibrate: cannot fit a correction on 2 paired hours before 2024-01-01T02:00:00\.000Z: .*--min-pairs \(3\).*\b2$/,
    );
    const flat = colocation('flat', 40);
    writeFileSync(
      flat.samples,
      readFileSync(flat.samples, 'utf8').replace(/HUMIDITY,([^,]+),\d+/g, 'HUMIDITY,$1,50'),
    );
    const singular = cliEnvironment(['--samples', flat.samples, '--reference', flat.reference]);
    expect(await runCalibrateCommand(singular.env)).toBe(1);
    expect(singular.err[0]).toMatch(
      /^airq calibrate: cannot fit a correction on 40 paired hours: .*singular.*rh is constant/,
    );
  });

  it('fails with 1 on a missing file, a wrong header or no valid reference row', async () => {
    const { samples, reference } = colocation('files', 30);
    const header = write('header.csv', 'when,what\n');
    const empty = write('empty.csv', '');
    const blank = write('blank.csv', 'timestamp,value\n2024-01-01T00:00:00Z,oops\n');
    const dry = write(
      'dry.csv',
      'installationId,name,timestamp,value\n7,PM25,2024-01-01T00:05:00Z,5\n',
    );
    const cases: [string, string, RegExp][] = [
      [join(root, 'none.csv'), reference, /ENOENT/],
      [samples, join(root, 'none.csv'), /ENOENT/],
      [
        header,
        reference,
        /header\.csv:1: the header must be installationId,name,timestamp,value, got "when,what"$/,
      ],
      [empty, reference, /empty\.csv: the file is empty$/],
      [samples, header, /header\.csv:1: the header must be timestamp,value, got "when,what"$/],
      [samples, blank, /blank\.csv: no valid rows$/],
      [dry, reference, /dry\.csv: no HUMIDITY rows of installation 7$/],
    ];
    for (const [samplesFile, referenceFile, message] of cases) {
      const { err, env } = cliEnvironment(['--samples', samplesFile, '--reference', referenceFile]);
      expect(await runCalibrateCommand(env)).toBe(1);
      expect(err.at(-1)).toMatch(message);
    }
  });
});
