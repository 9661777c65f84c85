// Rolling-origin evaluation of the forecasters on real hourly data (Kraków, Jan–Feb 2019).
//
//   npm run forecast:eval                 Markdown tables of MAE per horizon, exit 1 if the
//                                         baseline does not beat both naive forecasts
//   npm run forecast:eval -- --tune       also the parameter grid, scored on January only
//   npm run forecast:eval -- --data <csv> another file with the same columns
//
// For every station, pollutant and origin hour with at least one day of earlier hours, each
// forecaster sees only the 24 hours before the origin and predicts the 24 hours from it. An
// error counts only where the actual value and all three forecasts exist, so every method is
// scored on exactly the same cases. The forecasters are the library's own pure functions, the
// same code path the measurements service runs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BASELINE_FORECAST_DEFAULTS,
  type BaselineForecastOptions,
  baselineForecast,
} from '../src/forecast/baseline-forecaster.js';
import {
  FORECAST_POLLUTANTS,
  type ForecastHour,
  type ForecastInput,
  type ForecastPollutant,
} from '../src/forecast/forecaster.js';
import {
  persistenceForecast,
  sameHourYesterdayForecast,
} from '../src/forecast/reference-forecasters.js';
import type { WindowAverages } from '../src/model/window-averages.js';
import { MS_PER_HOUR } from '../src/time/instant.js';
import { hourlyWindows } from '../src/time/windows.js';

const HORIZON_HOURS = 24;
const HISTORY_HOURS = 24;
const DEFAULT_DATA = fileURLToPath(
  new URL('../../shared/data/hourly-krakow-wios.csv', import.meta.url),
);

type Method = 'baseline' | 'persistence' | 'sameHourYesterday';
type Forecast = (input: ForecastInput) => readonly (ForecastHour | undefined)[];

interface Station {
  readonly id: string;
  /** One record per hour from `firstHourMs`; an hour without data is an empty record. */
  readonly hours: WindowAverages[];
}

interface Dataset {
  readonly firstHourMs: number;
  readonly hourCount: number;
  readonly stations: readonly Station[];
}

/** Absolute-error sums per horizon (index 0 = 1 h ahead). */
interface Score {
  readonly errorSum: Record<Method, Float64Array>;
  readonly count: Float64Array;
}

function readDataset(path: string): Dataset {
  const lines = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const header = lines[0]?.split(',') ?? [];
  const column = (name: string) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`${path}: column ${name} is missing`);
    return at;
  };
  const [idAt, fromAt, pm10At, pm25At] = ['station_id', 'from_iso_utc', 'pm10', 'pm25'].map(column);
  const rows = lines.slice(1).map((line, i) => {
    const cells = line.split(',');
    const fromMs = Date.parse(cells[fromAt!] ?? '');
    if (!Number.isFinite(fromMs)) throw new Error(`${path}:${i + 2}: bad from_iso_utc`);
    return {
      id: cells[idAt!] ?? '',
      fromMs,
      pm10: cells[pm10At!] ?? '',
      pm25: cells[pm25At!] ?? '',
    };
  });
  const firstHourMs = Math.min(...rows.map((r) => r.fromMs));
  const hourCount = (Math.max(...rows.map((r) => r.fromMs)) - firstHourMs) / MS_PER_HOUR + 1;
  const byId = new Map<string, Partial<Record<ForecastPollutant, number>>[]>();
  for (const row of rows) {
    let hours = byId.get(row.id);
    if (hours === undefined) {
      hours = Array.from({ length: hourCount }, () => ({}));
      byId.set(row.id, hours);
    }
    const hour = hours[(row.fromMs - firstHourMs) / MS_PER_HOUR]!;
    if (row.pm10 !== '') hour.PM10 = Number(row.pm10);
    if (row.pm25 !== '') hour.PM25 = Number(row.pm25);
  }
  const stations = [...byId].map(([id, hours]) => ({ id, hours }));
  return { firstHourMs, hourCount, stations };
}

function emptyScore(): Score {
  const sums = () => new Float64Array(HORIZON_HOURS);
  return {
    errorSum: { baseline: sums(), persistence: sums(), sameHourYesterday: sums() },
    count: new Float64Array(HORIZON_HOURS),
  };
}

/**
 * Scores the three methods per pollutant; `periodOf(originMs)` names the bucket an origin
 * belongs to (or `undefined` to skip it).
 */
function evaluate(
  data: Dataset,
  methods: Record<Method, Forecast>,
  periodOf: (originMs: number) => string | undefined,
): Map<string, Record<ForecastPollutant, Score>> {
  const scores = new Map<string, Record<ForecastPollutant, Score>>();
  for (const station of data.stations) {
    for (let origin = HISTORY_HOURS; origin < data.hourCount; origin++) {
      const originMs = data.firstHourMs + origin * MS_PER_HOUR;
      const period = periodOf(originMs);
      if (period === undefined) continue;
      const input: ForecastInput = {
        history: station.hours.slice(origin - HISTORY_HOURS, origin),
        windows: hourlyWindows(originMs, HORIZON_HOURS),
      };
      const baseline = methods.baseline(input);
      const persistence = methods.persistence(input);
      const sameHourYesterday = methods.sameHourYesterday(input);
      let score = scores.get(period);
      if (score === undefined) {
        score = { PM25: emptyScore(), PM10: emptyScore() };
        scores.set(period, score);
      }
      for (let h = 0; h < HORIZON_HOURS && origin + h < data.hourCount; h++) {
        for (const pollutant of FORECAST_POLLUTANTS) {
          const actual = station.hours[origin + h]?.[pollutant];
          const b = baseline[h]?.[pollutant];
          const p = persistence[h]?.[pollutant];
          const y = sameHourYesterday[h]?.[pollutant];
          if (actual === undefined || b === undefined || p === undefined || y === undefined) {
            continue;
          }
          const s = score[pollutant];
          s.errorSum.baseline[h]! += Math.abs(b - actual);
          s.errorSum.persistence[h]! += Math.abs(p - actual);
          s.errorSum.sameHourYesterday[h]! += Math.abs(y - actual);
          s.count[h]! += 1;
        }
      }
    }
  }
  return scores;
}

const mae = (score: Score, method: Method, h: number) =>
  score.count[h]! > 0 ? score.errorSum[method][h]! / score.count[h]! : Number.NaN;

/** Mean over horizons of the per-horizon MAE. */
const meanMae = (score: Score, method: Method) => {
  let sum = 0;
  for (let h = 0; h < HORIZON_HOURS; h++) sum += mae(score, method, h);
  return sum / HORIZON_HOURS;
};

const total = (score: Score) => score.count.reduce((a, b) => a + b, 0);
const fixed = (x: number) => x.toFixed(2);

function monthOf(originMs: number): string {
  return new Date(originMs).toISOString().slice(0, 7);
}

function baselineWith(options: BaselineForecastOptions): Forecast {
  return (input) => baselineForecast(input, options);
}

const naive = { persistence: persistenceForecast, sameHourYesterday: sameHourYesterdayForecast };

function printTuning(data: Dataset, tuningMonth: string): void {
  console.log(`### Parameter grid, scored on ${tuningMonth} only (mean MAE over 24 h, µg/m³)\n`);
  console.log('| dampingPerHour | diurnalWeight | PM10 | PM25 | sum |');
  console.log('|---|---|---|---|---|');
  let best = { sum: Number.POSITIVE_INFINITY, label: '' };
  for (const dampingPerHour of [0.9, 0.95, 0.96, 0.97, 0.98, 0.99]) {
    for (const diurnalWeight of [0, 0.25, 0.5, 0.75]) {
      const methods = { baseline: baselineWith({ dampingPerHour, diurnalWeight }), ...naive };
      const scores = evaluate(data, methods, (ms) =>
        monthOf(ms) === tuningMonth ? 'tune' : undefined,
      );
      const s = scores.get('tune')!;
      const pm10 = meanMae(s.PM10, 'baseline');
      const pm25 = meanMae(s.PM25, 'baseline');
      const label = `${dampingPerHour} / ${diurnalWeight}`;
      if (pm10 + pm25 < best.sum) best = { sum: pm10 + pm25, label };
      console.log(
        `| ${dampingPerHour} | ${diurnalWeight} | ${fixed(pm10)} | ${fixed(pm25)} | ${fixed(pm10 + pm25)} |`,
      );
    }
  }
  console.log(`\nBest on ${tuningMonth} (dampingPerHour / diurnalWeight): ${best.label}\n`);
}

function main(): void {
  const args = process.argv.slice(2);
  const dataAt = args.indexOf('--data');
  const path = dataAt >= 0 ? (args[dataAt + 1] ?? '') : DEFAULT_DATA;
  const data = readDataset(path);
  const months = [
    ...new Set(
      Array.from({ length: data.hourCount }, (_, h) => monthOf(data.firstHourMs + h * MS_PER_HOUR)),
    ),
  ];
  if (args.includes('--tune')) printTuning(data, months[0]!);

  const methods = { baseline: baselineWith({}), ...naive };
  const byMonth = evaluate(data, methods, monthOf);
  const whole = evaluate(data, methods, () => 'all').get('all')!;
  const { dampingPerHour, diurnalWeight, minHistoryHours } = BASELINE_FORECAST_DEFAULTS;
  console.log(
    `Baseline: dampingPerHour ${dampingPerHour}, diurnalWeight ${diurnalWeight}, ` +
      `minHistoryHours ${minHistoryHours}; ${data.stations.length} stations, ${data.hourCount} hours.\n`,
  );

  console.log('### Mean absolute error averaged over horizons 1–24 h (µg/m³)\n');
  console.log(
    '| period | pollutant | baseline | persistence | same hour yesterday | forecasts scored |',
  );
  console.log('|---|---|---|---|---|---|');
  const rows: [string, Record<ForecastPollutant, Score>][] = [...byMonth, ['whole period', whole]];
  for (const [period, score] of rows) {
    for (const pollutant of FORECAST_POLLUTANTS) {
      const s = score[pollutant];
      console.log(
        `| ${period} | ${pollutant} | ${fixed(meanMae(s, 'baseline'))} | ${fixed(meanMae(s, 'persistence'))} | ${fixed(meanMae(s, 'sameHourYesterday'))} | ${total(s)} |`,
      );
    }
  }

  console.log('\n### Mean absolute error per horizon, whole period (µg/m³)\n');
  console.log(
    '| h | PM10 baseline | PM10 persistence | PM10 same hour yesterday | PM25 baseline | PM25 persistence | PM25 same hour yesterday | n PM10 | n PM25 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (let h = 0; h < HORIZON_HOURS; h++) {
    const cells = FORECAST_POLLUTANTS.slice()
      .reverse()
      .flatMap((p) =>
        (['baseline', 'persistence', 'sameHourYesterday'] as const).map((m) =>
          fixed(mae(whole[p], m, h)),
        ),
      );
    console.log(
      `| ${h + 1} | ${cells.join(' | ')} | ${whole.PM10.count[h]} | ${whole.PM25.count[h]} |`,
    );
  }
  const averages = FORECAST_POLLUTANTS.slice()
    .reverse()
    .flatMap((p) =>
      (['baseline', 'persistence', 'sameHourYesterday'] as const).map((m) =>
        fixed(meanMae(whole[p], m)),
      ),
    );
  console.log(`| mean | ${averages.join(' | ')} | ${total(whole.PM10)} | ${total(whole.PM25)} |`);

  const losses = rows.flatMap(([period, score]) =>
    FORECAST_POLLUTANTS.filter((p) => {
      const b = meanMae(score[p], 'baseline');
      return !(b < meanMae(score[p], 'persistence') && b < meanMae(score[p], 'sameHourYesterday'));
    }).map((p) => `${period} ${p}`),
  );
  if (losses.length > 0) {
    console.error(`\nThe baseline does not beat both naive forecasts for: ${losses.join(', ')}`);
    process.exitCode = 1;
  }
}

main();
