import {
  compareWithReference,
  correctPm25,
  fitLinearCorrection,
  type LinearCoefficients,
  type LinearFit,
  type ReferenceComparison,
} from '../corrections/index.js';
import { formatTimestamp, MS_PER_HOUR } from '../time/instant.js';

// What `airq calibrate` does once the files are read, kept apart from the files: the fit on the
// paired hours and the text it prints (the coefficients, then one table per period with the raw
// and the corrected hours side by side, so the gain of the correction reads across a row).

/**
 * The hours of a colocation on which the sensor and the reference both have a value, in time
 * order: `atMs[i]` is the start of the hour of `pm25[i]` (the sensor's hourly mean, µg/m³),
 * `rh[i]` (its humidity, %) and `reference[i]` (µg/m³).
 */
export interface PairedHours {
  readonly atMs: readonly number[];
  readonly pm25: readonly number[];
  readonly rh: readonly number[];
  readonly reference: readonly number[];
}

/** How {@link calibrationReport} fits. */
export interface CalibrationOptions {
  /** Fewest usable paired hours of the fit period, an integer ≥ 3 (`fitLinearCorrection`'s). */
  readonly minPairs: number;
  /** Epoch ms: fit on the hours that end by it, test on those that start from it. */
  readonly testFromMs?: number;
}

/** A fitted correction and the lines that present it. */
export interface CalibrationReport {
  readonly fit: LinearFit;
  readonly coefficients: LinearCoefficients;
  readonly lines: readonly string[];
}

/**
 * Fits the `LINEAR` correction on the paired hours (those before `testFromMs` when it is given)
 * and describes it: the period(s), the coefficients with six decimals, and the agreement of the
 * raw and the corrected hours with the reference (openair's statistics, three decimals) on the
 * fit period and, with `testFromMs`, on the held-out hours alone. Raw and corrected are compared
 * on the same hours: those the correction gives a value for.
 *
 * @throws Error naming the count of paired hours and `fitLinearCorrection`'s reason when they
 *   cannot be fitted (too few, or PM25 and HUMIDITY constant or collinear)
 * @example
 * calibrationReport(hours, { minPairs: 24 }).lines;
 * // ['fit   720 paired hours, 2024-01-01T00:00:00.000Z to 2024-01-31T00:00:00.000Z',
 * //  'LINEAR correction = intercept + pm25 × PM25 + rh × HUMIDITY, fitted on 720 hours', …]
 */
export function calibrationReport(
  hours: PairedHours,
  { minPairs, testFromMs }: CalibrationOptions,
): CalibrationReport {
  const fitHours = selectHours(
    hours,
    (atMs) => testFromMs === undefined || atMs + MS_PER_HOUR <= testFromMs,
  );
  let fit: LinearFit;
  try {
    const { pm25, rh, reference } = fitHours;
    fit = fitLinearCorrection({ pm25, rh, reference }, { minPairs });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const period = testFromMs === undefined ? '' : ` before ${formatTimestamp(testFromMs)}`;
    // The library's reason in the command line's words: no function name, the flag for the option.
    const reason = error.message
      .replace(/^fitLinearCorrection: /, '')
      .replace('options.minPairs', '--min-pairs');
    const count = `${fitHours.atMs.length} paired hours${period}`;
    throw new Error(`cannot fit a correction on ${count}: ${reason}`);
  }
  const coefficients = { intercept: fit.intercept, pm25: fit.pm25, rh: fit.rh };
  const periods: [string, PairedHours][] = [['fit', fitHours]];
  if (testFromMs !== undefined)
    periods.push(['test', selectHours(hours, (atMs) => atMs >= testFromMs)]);
  const lines = [
    ...periods.map(([title, selected]) => periodLine(title, selected)),
    ...formatCoefficients(fit),
  ];
  for (const [title, selected] of periods)
    lines.push('', ...comparisonLines(title, selected, coefficients));
  return { fit, coefficients, lines };
}

function selectHours(hours: PairedHours, keep: (atMs: number) => boolean): PairedHours {
  const index = hours.atMs.flatMap((atMs, i) => (keep(atMs) ? [i] : []));
  const pick = (values: readonly number[]) => index.map((i) => values[i]!);
  const { atMs, pm25, rh, reference } = hours;
  return { atMs: pick(atMs), pm25: pick(pm25), rh: pick(rh), reference: pick(reference) };
}

function periodLine(title: string, hours: PairedHours): string {
  const [first, last] = [hours.atMs[0], hours.atMs.at(-1)];
  const span =
    first === undefined || last === undefined
      ? ''
      : `, ${formatTimestamp(first)} to ${formatTimestamp(last + MS_PER_HOUR)}`;
  return `${title.padEnd(4)}  ${hours.atMs.length} paired hours${span}`;
}

function comparisonLines(
  title: string,
  hours: PairedHours,
  coefficients: LinearCoefficients,
): string[] {
  const { pm25, rh, reference } = hours;
  const corrected = correctPm25({ pm25, rh }, { method: 'LINEAR', coefficients });
  const raw = pm25.map((value, i) => (Number.isNaN(corrected[i]!) ? Number.NaN : value));
  return formatComparisonTable(
    title,
    compareWithReference(raw, reference),
    compareWithReference(corrected, reference),
  );
}

/** The rows of an agreement table: each statistic of `compareWithReference`, with its unit. */
const STATISTICS: readonly (readonly [keyof ReferenceComparison, string])[] = Object.freeze([
  ['n', 'hours'],
  ['mb', 'µg/m³'],
  ['mge', 'µg/m³'],
  ['nmb', ''],
  ['nmge', ''],
  ['rmse', 'µg/m³'],
  ['r', ''],
  ['coe', ''],
  ['ioa', ''],
  ['fac2', ''],
]);

// Fixed decimals, so the columns align on the point; never `-0.000`, whose sign would be a
// residue of rounding; `-` for a statistic without data.
function formatNumber(value: number, decimals: number): string {
  if (Number.isNaN(value)) return '-';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const text = value.toFixed(decimals);
  return /^-[0.]*$/.test(text) ? text.slice(1) : text;
}

// Six decimals on screen; `--out` keeps every digit.
function formatCoefficients(fit: LinearFit): string[] {
  const rows = [
    ['intercept', fit.intercept, 'µg/m³'],
    ['pm25', fit.pm25, ''],
    ['rh', fit.rh, 'µg/m³ per %RH'],
  ] as const;
  const values = rows.map(([, value]) => formatNumber(value, 6));
  const width = Math.max(...values.map((text) => text.length));
  return [
    `LINEAR correction = intercept + pm25 × PM25 + rh × HUMIDITY, fitted on ${fit.n} hours`,
    ...rows.map(([name, , unit], i) =>
      `  ${name.padEnd(9)}  ${values[i]!.padStart(width)}  ${unit}`.trimEnd(),
    ),
  ];
}

function formatComparisonTable(
  title: string,
  raw: ReferenceComparison,
  corrected: ReferenceComparison,
): string[] {
  const cell = (comparison: ReferenceComparison, name: keyof ReferenceComparison) =>
    formatNumber(comparison[name], name === 'n' ? 0 : 3);
  const cells = STATISTICS.map(([name]) => [cell(raw, name), cell(corrected, name)] as const);
  const rawWidth = Math.max(3, ...cells.map(([text]) => text.length));
  const correctedWidth = Math.max(9, ...cells.map(([, text]) => text.length));
  const nameWidth = Math.max(4, title.length);
  const line = (name: string, left: string, right: string, unit: string) =>
    `${name.padEnd(nameWidth)}  ${left.padStart(rawWidth)}  ${right.padStart(correctedWidth)}  ${unit}`.trimEnd();
  return [
    line(title, 'raw', 'corrected', ''),
    ...STATISTICS.map(([name, unit], i) => line(name, cells[i]![0], cells[i]![1], unit)),
  ];
}
