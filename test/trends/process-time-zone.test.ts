import { describe, expect, it } from 'vitest';
import { outputsUnderZones } from '../helpers/process-time-zones.js';

// airq/trends reads calendars only through its `timeZone` option, never through the process's
// zone. Child processes under five TZ values compute the same calls and must print the same
// bytes (the CI step that reruns test/time under each zone does not cover this folder).
const ZONES = ['UTC', 'America/Sao_Paulo', 'Asia/Kolkata', 'Pacific/Apia', 'Europe/Warsaw'];

const script = `
  import { aggregatePeriods, aggregateWind, rollingMean, theilSen, timeProfile } from './src/trends/index.js';
  const H = 3_600_000;
  const start = Date.UTC(2018, 9, 20);
  // Hourly values across the autumn changes of Warsaw (2018-10-28) and Sao Paulo (2018-11-04).
  const atMs = Array.from({ length: 24 * 40 }, (_, i) => start + i * H);
  const values = atMs.map((_, i) => (i % 97 === 0 ? Number.NaN : 20 + ((i * 37) % 53)));
  const series = { atMs, values };
  const out = [];
  for (const timeZone of [undefined, 60, -300, 'Europe/Warsaw', 'America/Sao_Paulo']) {
    for (const period of ['day', 'week', 'month']) {
      const p = aggregatePeriods(series, { period, timeZone, statistic: 'median' });
      out.push([...p.startMs, ...p.values, ...p.possible]);
    }
    out.push([...timeProfile(series, { kind: 'hour-weekday', timeZone }).values]);
    const t = theilSen({ atMs: atMs.filter((_, i) => i % 24 === 0), values: values.filter((_, i) => i % 24 === 0) }, { timeZone, nBoot: 50 });
    out.push([t.slope, t.lower, t.upper, t.p]);
    out.push([...aggregateWind({ atMs, direction: values.map((v) => v * 7) }, { period: 'day', timeZone }).direction]);
  }
  out.push([...rollingMean(series, { hours: 8, align: 'centre' }).values]);
  console.log(JSON.stringify(out));
`;

describe('airq/trends in every process time zone', () => {
  it('gives the same numbers under UTC, -03:00, +05:30, +13:00 and Europe/Warsaw', () => {
    const outputs = outputsUnderZones(script, ZONES);
    for (const output of outputs) expect(output).toBe(outputs[0]);
    expect(JSON.parse(outputs[0]!)).toHaveLength(5 * 6 + 1);
  }, 120_000);
});
