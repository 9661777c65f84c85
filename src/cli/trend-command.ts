import { HOURLY_CSV_HEADER } from '../assessment/hourly-csv.js';
import { MEASUREMENT_TYPE_NAMES } from '../meta/measurement-types.js';
import { SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import { MS_PER_HOUR } from '../time/instant.js';
import { type TimeZone, zoneOffsetReader } from '../trends/time-zone.js';
import {
  type CliEnvironment,
  invalid,
  oneOf,
  readSubcommand,
  runSubcommand,
  type SubcommandArgs,
  UsageError,
} from './command-line.js';
import { readHourlyInput } from './hourly-input.js';
import { PROGRESS_MIN_BYTES } from './progress-bar.js';
import {
  TREND_PERIODS,
  TREND_STATISTICS,
  type TrendOptions,
  trendJson,
  trendOfHours,
  trendTable,
} from './trend-report.js';

/** `--min-capture` unless given: the share of a period's hours that EU assessments ask for. */
export const DEFAULT_TREND_MIN_CAPTURE = 0.75;

/** The `airq trend --help` text. */
export const TREND_HELP = `Usage: airq trend --pollutant POLLUTANT [options] FILE

Summarises hourly data by calendar period (months by default), then tests the period values
for a trend: Mann-Kendall (S, z, p, Kendall's tau), Sen's slope per period with its interval,
and openair's Theil-Sen slope per year with a seeded bootstrap interval and p value.

FILE is either the store's samples CSV (${SAMPLES_CSV_HEADER}; the rows of the
pollutant are averaged per UTC hour, from the first sample's hour to the last's) or an hourly
CSV (${HOURLY_CSV_HEADER}; one row per whole UTC hour, an empty value for a missing hour).

Options:
  --pollutant POLLUTANT  the measurement type read from a samples CSV, one of
                         ${MEASUREMENT_TYPE_NAMES.slice(0, 8).join(', ')},
                         ${MEASUREMENT_TYPE_NAMES.slice(8).join(', ')}
                         (for an hourly CSV, the name of its values)
  --installation ID      the installation of a samples CSV that holds several
  --installations FILE   the store's installations JSON: PM25 of a samples CSV is then
                         corrected per hour with the installation's "correction", as
                         airq assess does (an hour without HUMIDITY has no PM25)
  --period PERIOD        ${TREND_PERIODS.join(', ')} (default month);
                         weeks are ISO weeks from Monday, seasons DJF, MAM, JJA, SON
                         (December with the next January and February)
  --statistic STATISTIC  of each period's hours: ${TREND_STATISTICS.join(', ')}
                         (default mean)
  --percentile P         with --statistic percentile: P in [0, 100] (type 7, as R's default)
  --min-capture F        a period with a smaller share of its calendar hours measured has no
                         value, a gap in the tests (default ${DEFAULT_TREND_MIN_CAPTURE}; 0 keeps every
                         period with data)
  --time-zone ZONE       the calendar's zone: an IANA name such as Europe/Warsaw, or minutes
                         east of UTC such as 60 or --time-zone=-300 (default UTC)
  --alpha A              the intervals are at confidence 1 - A, A in (0, 1) (default 0.05)
  --n-boot N             Theil-Sen bootstrap resamples, 1 to 1000000 (default 599)
  --seed N               the bootstrap's seed, 0 to 4294967295 (default 2): the same seed, the
                         same interval on every machine
  --autocorrelation      block bootstrap for Theil-Sen, Hamed-Rao variance for Mann-Kendall
  --json                 print the periods and the tests as JSON (NaN as null)
  -h, --help             show this text

Too few period values give n/a (null in JSON), not an error: Mann-Kendall needs 3 of them,
Theil-Sen 6. Bad rows are printed to stderr as FILE:LINE: reason and skipped. Inputs over
${PROGRESS_MIN_BYTES / 1024 / 1024} MiB show a progress bar when stderr is a terminal.
`;

/** What `airq trend` was asked for: the file, how to read it, and the summaries and tests. */
export interface TrendRequest extends TrendOptions {
  readonly file: string;
  readonly installationId?: number;
  readonly installations?: string;
  readonly json: boolean;
}

/** The arguments of `airq trend`, checked. */
export type TrendCommand = SubcommandArgs<TrendRequest>;

const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

// A decimal flag inside [low, high] (both ends excluded when `open`), or the default if absent.
function decimal(
  flag: string,
  text: string | undefined,
  fallback: number,
  [low, high]: readonly [number, number],
  open = false,
): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  const inside = open ? value > low && value < high : value >= low && value <= high;
  if (!DECIMAL.test(text) || !inside) {
    const range = open ? `(${low}, ${high})` : `[${low}, ${high}]`;
    throw invalid(flag, `must be a number in ${range}`, text);
  }
  return value;
}

function integer(flag: string, text: string | undefined, fallback: number, max: number) {
  if (text === undefined) return fallback;
  const min = flag === '--seed' ? 0 : 1;
  if (!/^\d{1,10}$/.test(text) || Number(text) < min || Number(text) > max)
    throw invalid(flag, `must be an integer in [${min}, ${max}]`, text);
  return Number(text);
}

function timeZone(text: string | undefined): TimeZone | undefined {
  if (text === undefined) return undefined;
  const zone = /^[+-]?\d{1,4}$/.test(text) ? Number(text) : text;
  try {
    zoneOffsetReader('airq trend', zone);
  } catch {
    throw invalid(
      '--time-zone',
      'must be an IANA time-zone name or whole minutes east of UTC in [-1080, 1080]',
      text,
    );
  }
  return zone;
}

/**
 * Reads the arguments of `airq trend` (after the word `trend`). Pure.
 *
 * @example
 * parseTrendArgs(['--pollutant', 'PM10', 'h.csv']);
 * // { kind: 'run', file: 'h.csv', pollutant: 'PM10', period: 'month', statistic: 'mean',
 * //   minCapture: 0.75, alpha: 0.05, nBoot: 599, seed: 2, autocorrelation: false, json: false }
 */
export function parseTrendArgs(argv: readonly string[]): TrendCommand {
  return readSubcommand(TREND_HELP, argv, (line) => {
    const pollutant = oneOf('--pollutant', line.text('pollutant'), MEASUREMENT_TYPE_NAMES);
    const [installation, installations] = [line.text('installation'), line.text('installations')];
    if (installations === '') throw invalid('--installations', 'must name a file', installations);
    if (installation !== undefined && !/^[1-9]\d{0,15}$/.test(installation))
      throw invalid('--installation', 'must be a positive integer', installation);
    const period = oneOf('--period', line.text('period') ?? 'month', TREND_PERIODS);
    const statistic = oneOf('--statistic', line.text('statistic') ?? 'mean', TREND_STATISTICS);
    const percentileText = line.text('percentile');
    if ((percentileText === undefined) !== (statistic !== 'percentile'))
      throw new UsageError('--percentile P goes with --statistic percentile, and only with it');
    const zone = timeZone(line.text('time-zone'));
    const { positionals } = line;
    if (positionals.length !== 1 || positionals[0] === '')
      throw new UsageError(`name exactly one input file, got ${positionals.length}`);
    return {
      file: positionals[0]!,
      pollutant,
      ...(installation === undefined ? {} : { installationId: Number(installation) }),
      ...(installations === undefined ? {} : { installations }),
      period,
      statistic,
      ...(percentileText === undefined
        ? {}
        : { percentile: decimal('--percentile', percentileText, 0, [0, 100]) }),
      minCapture: decimal(
        '--min-capture',
        line.text('min-capture'),
        DEFAULT_TREND_MIN_CAPTURE,
        [0, 1],
      ),
      ...(zone === undefined ? {} : { timeZone: zone }),
      alpha: decimal('--alpha', line.text('alpha'), 0.05, [0, 1], true),
      nBoot: integer('--n-boot', line.text('n-boot'), 599, 1_000_000),
      seed: integer('--seed', line.text('seed'), 2, 0xffff_ffff),
      autocorrelation: line.flag('autocorrelation'),
      json: line.flag('json'),
    };
  });
}

/**
 * The `airq trend` command: reads the file into hourly means (as `airq assess` does),
 * summarises them by period and prints the period table and the three trend tests (or JSON).
 * Resolves with the exit code: 0 after printing, 1 when the file cannot be read, 2 for bad
 * arguments.
 *
 * @example
 * process.exitCode = await runTrendCommand({ argv: ['--pollutant', 'PM10', 'samples.csv'], env: {}, stdout: console.log, stderr: console.error, stopRequested });
 */
export function runTrendCommand(environment: CliEnvironment): Promise<number> {
  const args = parseTrendArgs(environment.argv);
  return runSubcommand('trend', TREND_HELP, args, environment, async (command, progress) => {
    const { series, source } = await readHourlyInput(command, progress);
    const atMs = Float64Array.from(series.values, (_, i) => series.startMs + i * MS_PER_HOUR);
    const trend = trendOfHours({ atMs, values: series.values }, command);
    if (command.json) return [JSON.stringify(trendJson(trend, command, source), null, 2)];
    return trendTable(trend, command, source);
  });
}
