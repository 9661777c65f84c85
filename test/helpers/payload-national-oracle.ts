// What a payload's national index should be, worked out the slow way from raw samples: the
// hourly means by a scan of every sample, the inputs by the naive §2 / §3.4 averaging of
// averaging-oracles.ts, then `computeIndex` (tested on its own in test/indexes). Nothing here
// reads src/payload or src/averaging.

import type { ForecastHour } from '../../src/forecast/forecaster.js';
import { computeIndex } from '../../src/indexes/compute-index.js';
import type {
  NATIONAL_INDEX_TYPE_NAMES,
  NationalIndexTypeName,
} from '../../src/indexes/index-table.js';
import type { IndexValue, Language, Measurements } from '../../src/model/api-types.js';
import { MS_PER_HOUR } from '../../src/time/instant.js';
import { naiveIndexInputs, ORACLE_EDITIONS } from './averaging-oracles.js';
import { oracleInverseDistance } from './geo-oracle.js';
import type { FakeSample } from './payload-fake-store.js';

const HOUR_MS = 3_600_000;

/** The pollutants a national index can read. */
export const ORACLE_POLLUTANTS = ['PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO'] as const;

/** Hourly means per pollutant, oldest first, NaN for an hour without samples. */
export type OracleHourly = Record<string, number[]>;

/**
 * The mean of the samples of `name` in `[fromMs, tillMs)` as the FakeStore defines it (the
 * first value plus the mean of the differences from it, in the order the samples were added),
 * by a scan of every sample; NaN when there is none.
 */
export function oracleWindowMean(
  samples: readonly FakeSample[],
  name: string,
  fromMs: number,
  tillMs: number,
): number {
  let first: number | undefined;
  let differences = 0;
  let count = 0;
  for (const sample of samples) {
    if (sample.name !== name || sample.atMs < fromMs || sample.atMs >= tillMs) continue;
    first ??= sample.value;
    differences += sample.value - first;
    count++;
  }
  return first === undefined ? Number.NaN : first + differences / count;
}

/**
 * Whether `[fromMs, tillMs)` has a value: some name whose samples there have a finite mean (a
 * store of a user's own may hand out an infinite value; the payload shows none for it).
 */
export function oracleHasSample(
  samples: readonly FakeSample[],
  fromMs: number,
  tillMs: number,
): boolean {
  const names = new Set(samples.map((sample) => sample.name));
  return [...names].some((name) =>
    Number.isFinite(oracleWindowMean(samples, name, fromMs, tillMs)),
  );
}

/** The `count` 60-minute windows that end at `endMs`, oldest first, of every pollutant. */
export function oracleHoursBefore(
  samples: readonly FakeSample[],
  endMs: number,
  count = 24,
): OracleHourly {
  const hourly: OracleHourly = {};
  for (const name of ORACLE_POLLUTANTS) {
    hourly[name] = [];
    for (let k = count; k >= 1; k--) {
      hourly[name].push(
        oracleWindowMean(samples, name, endMs - k * HOUR_MS, endMs - (k - 1) * HOUR_MS),
      );
    }
  }
  return hourly;
}

/** `first` then `second`, pollutant by pollutant. */
export function oracleJoin(first: OracleHourly, second: OracleHourly): OracleHourly {
  const joined: OracleHourly = {};
  for (const name of ORACLE_POLLUTANTS)
    joined[name] = [...(first[name] ?? []), ...(second[name] ?? [])];
  return joined;
}

/** The newest `count` hours of a run. */
export function oracleLast(hourly: OracleHourly, count = 24): OracleHourly {
  const last: OracleHourly = {};
  for (const name of ORACLE_POLLUTANTS) last[name] = (hourly[name] ?? []).slice(-count);
  return last;
}

/** Hour by hour, the direct inverse-distance mean of the runs of the sources (NaN: none). */
export function oracleInterpolateHours(
  sources: readonly { readonly distanceKm: number; readonly hourly: OracleHourly }[],
  count = 24,
): OracleHourly {
  const out: OracleHourly = {};
  for (const name of ORACLE_POLLUTANTS) {
    out[name] = [];
    for (let k = 0; k < count; k++) {
      const present = sources.flatMap((source, id) => {
        const value = source.hourly[name]?.[k];
        return value !== undefined && Number.isFinite(value)
          ? [{ id, distanceKm: source.distanceKm, value }]
          : [];
      });
      out[name].push(oracleInverseDistance(present) ?? Number.NaN);
    }
  }
  return out;
}

/**
 * The national index the payload should show for a window whose hours (the 24 that end with
 * it, oldest first) are `hourly`: `computeIndex` of the naive inputs in the default edition.
 */
export function oracleNationalIndex(
  indexType: NationalIndexTypeName,
  language: Language,
  hourly: OracleHourly,
): IndexValue {
  const edition = ORACLE_EDITIONS[indexType]![0]!;
  return computeIndex(naiveIndexInputs(indexType, edition, hourly), { indexType, language });
}

/** The forecast as the payload's hourly means: PM25 and PM10 only. */
function forecastHours(hours: readonly ForecastHour[]): OracleHourly {
  const hourly: OracleHourly = {};
  for (const name of ORACLE_POLLUTANTS) {
    hourly[name] = hours.map(
      (hour) => (hour as Record<string, number | undefined>)[name] ?? Number.NaN,
    );
  }
  return hourly;
}

/** Positions in `run` (47 clock hours, then 24 forecast hours) of the 24 hours ending at `end`. */
function hoursEndingAt(run: OracleHourly, end: number): OracleHourly {
  const out: OracleHourly = {};
  for (const name of ORACLE_POLLUTANTS) out[name] = run[name]!.slice(end - 24, end);
  return out;
}

/** Hours behind one installation's windows, by the oracle. */
export interface OracleInstallation {
  /** 47 clock hours up to the hour of `now`, then the 24 forecast hours. */
  readonly run: OracleHourly;
  /** The 24 hours behind `current` (all NaN when it has none). */
  readonly current: OracleHourly;
}

/**
 * The hours behind the windows of an installation with `samples` and the given `forecast` at
 * `nowMs`: a vendor installation's `current` is the moving hour, a third-party station's the
 * newest full hour with a sample of the three before `now`.
 */
export function oracleInstallation(
  samples: readonly FakeSample[],
  vendor: boolean,
  nowMs: number,
  forecast: readonly ForecastHour[],
): OracleInstallation {
  const seamMs = nowMs - (nowMs % MS_PER_HOUR);
  const run = oracleJoin(oracleHoursBefore(samples, seamMs, 47), forecastHours(forecast));
  if (vendor) return { run, current: oracleHoursBefore(samples, nowMs) };
  // A third-party station shows the newest of the three full hours before `now` with any sample.
  for (let age = 0; age < 3; age++) {
    const tillMs = seamMs - age * MS_PER_HOUR;
    if (oracleHasSample(samples, tillMs - MS_PER_HOUR, tillMs)) {
      return { run, current: hoursEndingAt(run, 47 - age) };
    }
  }
  return { run, current: oracleHoursBefore([], nowMs) };
}

/** The index of every window, current first, by the oracle. */
export function expectedIndexes(
  oracle: OracleInstallation,
  request: { indexType: (typeof NATIONAL_INDEX_TYPE_NAMES)[number]; language: 'en' | 'pl' },
): IndexValue[] {
  const { indexType, language } = request;
  const windows = [oracle.current];
  for (let end = 24; end <= 71; end++) windows.push(hoursEndingAt(oracle.run, end));
  return windows.map((hourly) => oracleNationalIndex(indexType, language, hourly));
}

/** The index of every window of a payload, current first (the order of {@link expectedIndexes}). */
export function indexesOf(payload: Measurements): IndexValue[] {
  return [payload.current, ...payload.history, ...payload.forecast].map((w) => w.indexes[0]!);
}
