import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assessSeries } from '../../src/assessment/index.js';
import { ASSESS_HELP, parseAssessArgs, runAssessCommand } from '../../src/cli/assess-command.js';
import { main } from '../../src/cli/main.js';
import { PROGRESS_MIN_BYTES } from '../../src/cli/progress-bar.js';
import { cliEnvironment } from '../helpers/cli-environment.js';

const root = mkdtempSync(join(tmpdir(), 'airq-assess-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const RUN = ['--standard', 'EU_2008', '--pollutant', 'PM10', '--year', '2023'];

// 2023 at 20 µg/m³ with 36 days at 60: the annual mean is met, the daily limit is not.
function hourlyValues(): Float64Array {
  const values = new Float64Array(8760).fill(20);
  values.fill(60, 0, 36 * 24);
  return values;
}

function writeHourly(name: string, values: Float64Array, extra = ''): string {
  const start = Date.UTC(2023, 0, 1);
  const rows = Array.from(values, (v, h) => `${iso(start + h * H)},${Number.isNaN(v) ? '' : v}`);
  const file = join(root, name);
  writeFileSync(file, `timestamp,value\n${rows.join('\n')}\n${extra}`);
  return file;
}

describe('parseAssessArgs', () => {
  it('reads the standard, pollutant, year, installation, json and file', () => {
    expect(parseAssessArgs([...RUN, '--installation', '1001', '--json', 'a.csv'])).toEqual({
      kind: 'run',
      standard: 'EU_2008',
      pollutant: 'PM10',
      year: 2023,
      installationId: 1001,
      json: true,
      file: 'a.csv',
    });
    expect(parseAssessArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it('names what is wrong', () => {
    const message = (argv: string[]) => (parseAssessArgs(argv) as { message: string }).message;
    expect(message(['--standard', 'EU', '--pollutant', 'PM10', '--year', '2023', 'a'])).toBe(
      '--standard must be one of EU_2008, EU_2030, US_NAAQS, WHO_2021, got "EU"',
    );
    expect(message(['--standard', 'EU_2008', '--year', '2023', 'a'])).toBe(
      '--pollutant must be one of PM10, PM25, NO2, SO2, O3, CO, got nothing',
    );
    expect(message(['--standard', 'EU_2008', '--pollutant', 'PM10', '--year', '19', 'a'])).toBe(
      '--year must be a four-digit year, got "19"',
    );
    expect(message([...RUN, '--installation', '0', 'a'])).toBe(
      '--installation must be a positive integer, got "0"',
    );
    expect(message(RUN)).toBe('name exactly one input file, got 0');
    expect(message([...RUN, 'a', 'b'])).toBe('name exactly one input file, got 2');
    expect(message([...RUN, '--bogus', 'a'])).toMatch(/bogus/);
  });
});

describe('airq assess', () => {
  it('prints the table of an hourly CSV, dispatched by main', async () => {
    const file = writeHourly('hourly.csv', hourlyValues());
    const { out, err, env } = cliEnvironment(['assess', ...RUN, file]);
    expect(await main(env)).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe(`EU_2008 PM10 2023 (${file})`);
    expect(out[2]).toMatch(/^metric +value +limit +met +capture +rule or reason$/);
    expect(out[4]).toMatch(
      /^PM10\.annual-mean +23\.9452 µg\/m³ +40 +yes +100\.0 % +Directive 2008\/50\/EC, Annex XI$/,
    );
    expect(out[5]).toMatch(/^PM10\.daily-exceedances +36 days +50 ×35 +NO +100\.0 %/);
    expect(out[6]).toMatch(/^PM10\.daily-90\.4-percentile +60 µg\/m³ +50 +NO /);
  });

  it('prints the Assessment as JSON, equal to assessSeries on the same hours', async () => {
    const values = hourlyValues();
    values.fill(Number.NaN, 100, 1200);
    const file = writeHourly('gaps.csv', values);
    const { out, env } = cliEnvironment([...RUN, '--json', file]);
    expect(await runAssessCommand(env)).toBe(0);
    const expected = assessSeries(
      { startMs: Date.UTC(2023, 0, 1), values },
      { standard: 'EU_2008', pollutant: 'PM10', year: 2023 },
    );
    expect(JSON.parse(out.join('\n'))).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(JSON.parse(out.join('\n')).metrics[1]).toMatchObject({
      valid: false,
      reason: 'capture 7660/8760 hours below 90 %',
    });
  });

  it('reads the store samples CSV: the pollutant of one installation, averaged per hour', async () => {
    const start = Date.UTC(2023, 0, 1);
    const rows = ['installationId,name,timestamp,value'];
    for (let h = 0; h < 8760; h++) {
      rows.push(`7,PM10,${iso(start + h * H + 600_000)},${h < 36 * 24 ? 50 : 10}`);
      rows.push(`7,PM10,${iso(start + h * H + 2_400_000)},${h < 36 * 24 ? 70 : 30}`);
      rows.push(`7,NO2,${iso(start + h * H)},999`);
    }
    rows.push('7,PM10,not a time,3');
    const file = join(root, 'samples.csv');
    writeFileSync(file, `${rows.join('\n')}\n`);
    const { out, err, env } = cliEnvironment([...RUN, '--json', file]);
    expect(await runAssessCommand(env)).toBe(0);
    expect(err).toEqual([
      `${file}:${rows.length}: timestamp must be an ISO 8601 date-time, got "not a time"`,
    ]);
    const expected = assessSeries(
      { startMs: start, values: hourlyValues() },
      { standard: 'EU_2008', pollutant: 'PM10', year: 2023 },
    );
    expect(JSON.parse(out.join('\n'))).toEqual(JSON.parse(JSON.stringify(expected)));

    const table = cliEnvironment([...RUN, file]);
    expect(await runAssessCommand(table.env)).toBe(0);
    expect(table.out[0]).toBe(`EU_2008 PM10 2023 (${file}, installation 7)`);
  });

  it('asks for --installation when a samples CSV holds several', async () => {
    const file = join(root, 'two.csv');
    writeFileSync(
      file,
      'installationId,name,timestamp,value\n1,PM10,2023-01-01T00:00:00Z,5\n2,PM10,2023-01-01T00:00:00Z,6\n',
    );
    const { err, env } = cliEnvironment([...RUN, file]);
    expect(await runAssessCommand(env)).toBe(1);
    expect(err).toEqual([
      `airq assess: ${file} holds PM10 of installations 1, 2: choose one with --installation`,
    ]);
    const picked = cliEnvironment([...RUN, '--installation', '2', file]);
    expect(await runAssessCommand(picked.env)).toBe(0);
    const missing = cliEnvironment([...RUN, '--installation', '3', file]);
    expect(await runAssessCommand(missing.env)).toBe(1);
    expect(missing.err).toEqual([`airq assess: ${file}: no PM10 rows of installation 3`]);
  });

  it('reports bad rows of an hourly CSV and goes on', async () => {
    const file = writeHourly(
      'bad-rows.csv',
      hourlyValues(),
      '2023-03-01T00:30:00Z,5\n2023-03-01T00:00:00Z,x\n2023-03-01T01:00:00Z,1\na,b,c\n',
    );
    const { err, env } = cliEnvironment([...RUN, file]);
    expect(await runAssessCommand(env)).toBe(0);
    expect(err).toEqual([
      `${file}:8762: timestamp must be an ISO 8601 whole UTC hour, got "2023-03-01T00:30:00Z"`,
      `${file}:8763: value must be a decimal number or empty, got "x"`,
      `${file}:8764: a second row for 2023-03-01T01:00:00Z; the first is kept`,
      `${file}:8765: expected 2 comma-separated fields, got 3`,
    ]);
  });

  it('fails with 1 on an unknown header, an empty or missing file, or a year the file does not reach', async () => {
    const header = join(root, 'header.csv');
    writeFileSync(header, 'when,what\n');
    const empty = join(root, 'empty.csv');
    writeFileSync(empty, '');
    const hourly = writeHourly('reach.csv', hourlyValues());
    const cases: [string[], RegExp][] = [
      [
        [...RUN, header],
        /header\.csv:1: the header must be installationId,name,timestamp,value \(samples\) or timestamp,value \(hourly\), got "when,what"$/,
      ],
      [[...RUN, empty], /empty\.csv: the file is empty$/],
      [[...RUN, join(root, 'nope.csv')], /ENOENT/],
      [
        ['--standard', 'EU_2008', '--pollutant', 'PM10', '--year', '2021', hourly],
        /options\.year must be a year the series reaches/,
      ],
    ];
    for (const [argv, message] of cases) {
      const { err, env } = cliEnvironment(argv);
      expect(await runAssessCommand(env)).toBe(1);
      expect(err[0]).toMatch(message);
    }
  });

  it('prints the help, and exits with 2 on bad flags', async () => {
    const help = cliEnvironment(['assess', '--help']);
    expect(await main(help.env)).toBe(0);
    expect(help.out).toEqual([ASSESS_HELP]);
    const bad = cliEnvironment(['assess', '--standard', 'X']);
    expect(await main(bad.env)).toBe(2);
    expect(bad.err[0]).toMatch(/^airq assess: --standard must be one of/);
  });

  it('draws a progress bar on a terminal for an input over 10 MiB, and none otherwise', async () => {
    const padding = `${' '.repeat(1023)}\n`.repeat(Math.ceil(PROGRESS_MIN_BYTES / 1024) + 1);
    const file = writeHourly('big.csv', hourlyValues(), padding);
    const tty = cliEnvironment([...RUN, file], { tty: true });
    expect(await runAssessCommand(tty.env)).toBe(0);
    expect(tty.raw.at(-2)).toMatch(/^\r\[#{30}\] 100% {2}10\.\d \/ 10\.\d MiB$/);
    expect(tty.raw.at(-1)).toBe('\n');
    const pipe = cliEnvironment([...RUN, file]);
    expect(await runAssessCommand(pipe.env)).toBe(0);
    expect(pipe.raw).toEqual([]);
  });
});
