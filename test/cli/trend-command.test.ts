// `airq trend` run in process as the other commands are: two years of hours with a known trend,
// a seasonal cycle and a month under the capture threshold, compared with naive oracles of the
// monthly means, Mann–Kendall, Sen and Theil–Sen (test/helpers/trends-*-oracle.ts, never src).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseTrendArgs, runTrendCommand, TREND_HELP } from '../../src/cli/trend-command.js';
import { cliEnvironment } from '../helpers/cli-environment.js';
import { naiveTheilSen } from '../helpers/trends-bootstrap-oracle.js';
import {
  naiveMannKendall,
  naiveMonthlyMeans,
  naiveSenSlope,
} from '../helpers/trends-command-oracle.js';

const root = mkdtempSync(join(tmpdir(), 'airq-trend-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const H = 3_600_000;
const START = Date.UTC(2022, 0, 1);
const HOURS = 2 * 8760;
const Z_975 = 1.959963984540054;
const iso = (ms: number) => new Date(ms).toISOString();

// −3 µg/m³ a year, a yearly cycle, a daily one and a fixed wobble; March 2022 three quarters
// missing (its capture under 0.75), and a few scattered gaps.
const VALUES = Array.from({ length: HOURS }, (_, h) => {
  const atMs = START + h * H;
  if (atMs >= Date.UTC(2022, 2, 1) && atMs < Date.UTC(2022, 2, 24)) return Number.NaN;
  if (h % 97 === 0) return Number.NaN;
  const years = h / 8760;
  const season = 8 * Math.cos(2 * Math.PI * years);
  const day = 3 * Math.sin((2 * Math.PI * h) / 24);
  return Math.round((30 - 3 * years + season + day + ((h * 7919) % 13) - 6) * 100) / 100;
});

function writeHourly(): string {
  const rows = VALUES.map((v, h) => `${iso(START + h * H)},${Number.isNaN(v) ? '' : v}`);
  const file = join(root, 'hourly.csv');
  writeFileSync(file, `timestamp,value\n${rows.join('\n')}\n`);
  return file;
}
const HOURLY = writeHourly();

function close(got: number | null, want: number): void {
  if (Number.isNaN(want)) expect(got).toBeNull();
  else expect(Math.abs(got! - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
}

function closeFields(got: Record<string, unknown>, want: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(want)) {
    if (typeof value === 'number') close(got[key] as number | null, value);
    else if (key !== 'replicates') expect(got[key]).toEqual(value);
  }
}

async function runJson(argv: string[]) {
  const { out, err, env } = cliEnvironment(['trend', ...argv, '--json', HOURLY]);
  expect(await main(env)).toBe(0);
  expect(err).toEqual([]);
  return JSON.parse(out.join('\n'));
}

describe('parseTrendArgs', () => {
  it('reads the flags, with their defaults', () => {
    expect(parseTrendArgs(['--pollutant', 'PM10', 'h.csv'])).toEqual({
      kind: 'run',
      file: 'h.csv',
      pollutant: 'PM10',
      period: 'month',
      statistic: 'mean',
      minCapture: 0.75,
      alpha: 0.05,
      nBoot: 599,
      seed: 2,
      autocorrelation: false,
      json: false,
    });
    const argv = ['--pollutant', 'PM25', '--installation', '7', '--installations', 'i.json'];
    argv.push('--period', 'season', '--statistic', 'percentile', '--percentile', '98');
    argv.push('--min-capture', '0.9', '--time-zone', 'Europe/Warsaw', '--alpha', '.1');
    argv.push('--n-boot', '999', '--seed', '0', '--autocorrelation', '--json', 's.csv');
    expect(parseTrendArgs(argv)).toEqual({
      kind: 'run',
      file: 's.csv',
      pollutant: 'PM25',
      installationId: 7,
      installations: 'i.json',
      period: 'season',
      statistic: 'percentile',
      percentile: 98,
      minCapture: 0.9,
      timeZone: 'Europe/Warsaw',
      alpha: 0.1,
      nBoot: 999,
      seed: 0,
      autocorrelation: true,
      json: true,
    });
    expect(parseTrendArgs(['--pollutant', 'NO2', '--time-zone=-300', 'h.csv'])).toMatchObject({
      timeZone: -300,
    });
    expect(parseTrendArgs(['-h'])).toEqual({ kind: 'help' });
  });

  it('names what is wrong', () => {
    const message = (...argv: string[]) =>
      (parseTrendArgs(['--pollutant', 'PM10', ...argv]) as { message: string }).message;
    expect((parseTrendArgs(['h.csv']) as { message: string }).message).toMatch(
      /^--pollutant must be one of PM1, PM25, PM10, .*, got nothing$/,
    );
    expect(message('--period', 'hour', 'h')).toBe(
      '--period must be one of day, week, month, quarter, season, year, got "hour"',
    );
    expect(message('--statistic', 'sum', 'h')).toBe(
      '--statistic must be one of mean, median, min, max, percentile, got "sum"',
    );
    const percentile = '--percentile P goes with --statistic percentile, and only with it';
    expect(message('--statistic', 'percentile', 'h')).toBe(percentile);
    expect(message('--percentile', '50', 'h')).toBe(percentile);
    expect(message('--statistic', 'percentile', '--percentile', '101', 'h')).toBe(
      '--percentile must be a number in [0, 100], got "101"',
    );
    expect(message('--min-capture', '1.5', 'h')).toBe(
      '--min-capture must be a number in [0, 1], got "1.5"',
    );
    expect(message('--min-capture', 'NaN', 'h')).toBe(
      '--min-capture must be a number in [0, 1], got "NaN"',
    );
    expect(message('--alpha', '0', 'h')).toBe('--alpha must be a number in (0, 1), got "0"');
    expect(message('--alpha', '1', 'h')).toBe('--alpha must be a number in (0, 1), got "1"');
    expect(message('--n-boot', '0', 'h')).toBe(
      '--n-boot must be an integer in [1, 1000000], got "0"',
    );
    expect(message('--n-boot', '2.5', 'h')).toBe(
      '--n-boot must be an integer in [1, 1000000], got "2.5"',
    );
    expect(message('--seed', '4294967296', 'h')).toBe(
      '--seed must be an integer in [0, 4294967295], got "4294967296"',
    );
    const zone =
      'must be an IANA time-zone name or whole minutes east of UTC in [-1080, 1080], got';
    expect(message('--time-zone', 'Mars/Olympus', 'h')).toBe(`--time-zone ${zone} "Mars/Olympus"`);
    expect(message('--time-zone', '1200', 'h')).toBe(`--time-zone ${zone} "1200"`);
    expect(message('--installation', '0', 'h')).toBe(
      '--installation must be a positive integer, got "0"',
    );
    expect(message('--installations', '', 'h')).toBe('--installations must name a file, got ""');
    expect(message()).toBe('name exactly one input file, got 0');
    expect(message('a', 'b')).toBe('name exactly one input file, got 2');
    expect(message('--bogus', 'a')).toMatch(/bogus/);
  });

  it('declares every option of its help so that each one parses', () => {
    const flags = [...TREND_HELP.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map(([, flag]) => flag);
    expect(flags).toEqual([
      '--pollutant',
      '--installation',
      '--installations',
      '--period',
      '--statistic',
      '--percentile',
      '--min-capture',
      '--time-zone',
      '--alpha',
      '--n-boot',
      '--seed',
      '--autocorrelation',
      '--json',
      '--help',
    ]);
  });
});

describe('airq trend', () => {
  it('gives the monthly means and the three tests of the oracles', async () => {
    const json = await runJson(['--pollutant', 'PM10']);
    const months = naiveMonthlyMeans(START, VALUES, 0, 0.75);
    expect(json.periods).toHaveLength(24);
    json.periods.forEach((period: Record<string, unknown>, i: number) => {
      const want = months[i]!;
      expect(period.start).toBe(iso(want.startMs));
      expect(period.end).toBe(iso(want.endMs));
      expect([period.count, period.possible]).toEqual([want.count, want.possible]);
      close(period.value as number | null, want.value);
    });
    expect(json.periods[2]).toMatchObject({ label: '2022-03', value: null });
    const values = months.map((month) => month.value);
    closeFields(json.mannKendall, naiveMannKendall(values));
    closeFields(json.senSlope, naiveSenSlope(values, Z_975));
    const atMs = months.map((month) => month.startMs);
    closeFields(json.theilSen, { ...naiveTheilSen(atMs, values) });
    // The trend put in: about −3 a year, −0.25 a month.
    expect(json.theilSen.slope).toBeGreaterThan(-4);
    expect(json.theilSen.slope).toBeLessThan(-2);
    expect(json).toMatchObject({ source: HOURLY, pollutant: 'PM10', timeZone: 0, seed: 2 });
  });

  it('follows --time-zone, --min-capture, --seed, --n-boot and --autocorrelation', async () => {
    const argv = ['--pollutant', 'PM10', '--time-zone', '60', '--min-capture', '0'];
    argv.push('--seed', '7', '--n-boot', '99', '--autocorrelation');
    const json = await runJson(argv);
    const months = naiveMonthlyMeans(START, VALUES, 60, 0);
    // The first UTC hour is 01:00 of 1 January in UTC+1; the last, 00:00 of 1 January 2024.
    expect(json.periods).toHaveLength(25);
    expect(json.periods[0]).toMatchObject({ label: '2022-01', start: '2021-12-31T23:00:00.000Z' });
    json.periods.forEach((period: Record<string, unknown>, i: number) => {
      close(period.value as number | null, months[i]!.value);
    });
    expect(json.periods[2].value).not.toBeNull(); // March 2022 counts without a threshold
    const values = months.map((month) => month.value);
    const atMs = months.map((month) => month.startMs);
    const options = { timeZone: 60, nBoot: 99, seed: 7, autocorrelation: true };
    closeFields(json.theilSen, { ...naiveTheilSen(atMs, values, options) });
    expect(json.theilSen.blockLength).toBe(3);
    // Hamed–Rao only widens the variance.
    expect(json.mannKendall.varS).toBeGreaterThanOrEqual(naiveMannKendall(values).varS);
  });

  it('names each period by its local first date', async () => {
    const label = async (...argv: string[]) =>
      (await runJson(['--pollutant', 'PM10', '--min-capture', '0', ...argv])).periods
        .slice(0, 3)
        .map((period: { label: string }) => period.label);
    expect(await label('--period', 'day')).toEqual(['2022-01-01', '2022-01-02', '2022-01-03']);
    // 1 January 2022 is a Saturday: its ISO week began on Monday 27 December.
    expect(await label('--period', 'week')).toEqual(['2021-12-27', '2022-01-03', '2022-01-10']);
    expect(await label('--period', 'quarter')).toEqual(['2022-Q1', '2022-Q2', '2022-Q3']);
    expect(await label('--period', 'season')).toEqual([
      '2021-12 DJF',
      '2022-03 MAM',
      '2022-06 JJA',
    ]);
    expect(await label('--period', 'year', '--time-zone', 'America/New_York')).toEqual([
      '2021',
      '2022',
      '2023',
    ]);
  });

  it('prints a table: the periods, then one line per test', async () => {
    const { out, err, env } = cliEnvironment(['--pollutant', 'PM10', '--period', 'year', HOURLY]);
    expect(await runTrendCommand(env)).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe(`PM10 mean by year (UTC), ${HOURLY}`);
    expect(out[2]).toMatch(/^period +mean +hours +capture$/);
    const year = VALUES.slice(0, 8760).filter(Number.isFinite);
    const mean = year.reduce((sum, value) => sum + value, 0) / year.length;
    const capture = `${((100 * year.length) / 8760).toFixed(1)} %`;
    expect(out[3]).toBe(
      `2022    ${mean.toFixed(2).padStart(9)}  ${`${year.length}/8760`.padStart(11)}  ${capture.padStart(7)}`,
    );
    expect(out[5]).toBe('');
    expect(out[6]).toBe('trend of 2 of 2 periods (a period under 75 % capture has no value)');
    // Two years: too few for any test.
    expect(out[7]).toBe('Mann-Kendall  S n/a, var(S) n/a, z n/a, p n/a, tau n/a');
    expect(out[8]).toMatch(/^Sen {11}-?\d+\.\d{3} per year, 95 % interval /);
    expect(out[9]).toBe('Theil-Sen     n/a per year, 95 % interval n/a to n/a, p n/a');
  });

  it('reads a samples CSV as airq assess does, of the installation asked for', async () => {
    const rows = ['installationId,name,timestamp,value'];
    VALUES.forEach((value, h) => {
      if (Number.isNaN(value)) return;
      rows.push(`3,PM25,${iso(START + h * H + 600_000)},${value - 1}`);
      rows.push(`3,PM25,${iso(START + h * H + 2_400_000)},${value + 1}`);
      rows.push(`4,PM25,${iso(START + h * H)},1`);
    });
    const file = join(root, 'samples.csv');
    writeFileSync(file, `${rows.join('\n')}\n`);
    const { out, err, env } = cliEnvironment(['--pollutant', 'PM25', '--json', file]);
    expect(await runTrendCommand(env)).toBe(1);
    expect(err).toEqual([
      `airq trend: ${file} holds PM25 of installations 3, 4: choose one with --installation`,
    ]);
    const picked = cliEnvironment(['--pollutant', 'PM25', '--installation', '3', '--json', file]);
    expect(await runTrendCommand(picked.env)).toBe(0);
    const json = JSON.parse(picked.out.join('\n'));
    expect(json.source).toBe(`${file}, installation 3`);
    // The samples run from the first present hour to the last: the same months, the same means.
    const months = naiveMonthlyMeans(START, VALUES, 0, 0.75);
    expect(json.periods).toHaveLength(24);
    json.periods.forEach((period: Record<string, unknown>, i: number) => {
      expect([period.count, period.possible]).toEqual([months[i]!.count, months[i]!.possible]);
      close(period.value as number | null, months[i]!.value);
    });
    expect(out).toEqual([]);
  });

  it('fails with 1 on a file it cannot read, and prints its help', async () => {
    const header = join(root, 'header.csv');
    writeFileSync(header, 'when,what\n');
    const bad = cliEnvironment(['--pollutant', 'PM10', header]);
    expect(await runTrendCommand(bad.env)).toBe(1);
    expect(bad.err).toEqual([
      `airq trend: ${header}:1: the header must be installationId,name,timestamp,value (samples) or timestamp,value (hourly), got "when,what"`,
    ]);
    const help = cliEnvironment(['trend', '--help']);
    expect(await main(help.env)).toBe(0);
    expect(help.out).toEqual([TREND_HELP]);
    const full = cliEnvironment(['--help']);
    expect(await main(full.env)).toBe(0);
    expect(full.out.join('\n')).toContain('airq trend --help');
    expect(full.out.join('\n')).toContain(TREND_HELP);
    const usage = cliEnvironment(['trend', '--period', 'decade', HOURLY]);
    expect(await main(usage.env)).toBe(2);
    expect(usage.err).toEqual([
      'airq trend: --pollutant must be one of PM1, PM25, PM10, PRESSURE, HUMIDITY, TEMPERATURE, WIND_SPEED, WIND_BEARING, NO2, O3, SO2, CO, H2S, NO, got nothing\nRun airq trend --help for the options.',
    ]);
  });
});
