import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { NationalIndexTypeName } from '../../src/indexes/index-table.js';
import type { IndexValue, Measurements } from '../../src/model/api-types.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { MS_PER_HOUR } from '../../src/time/instant.js';
import { naiveIndexInputs } from '../helpers/averaging-oracles.js';
import { naiveAusAqc, naiveDeuUba, naiveFraAtmo } from '../helpers/more-indexes-oracle-a.js';
import { caiOracle, hkAqhiOracle, psiOracle } from '../helpers/more-indexes-oracle-b.js';
import { type FakeSample, FakeStore, fakeInstallation } from '../helpers/payload-fake-store.js';
import { fixedForecaster } from '../helpers/payload-national-arbitraries.js';
import { oracleInstallation } from '../helpers/payload-national-oracle.js';
import { naiveThaAqi } from '../helpers/tha-aqi-oracle.js';

// The seven indexes of issue 33 through the payload on real hourly data: PM10 and PM2.5 of two
// stations of the regional network in Kraków (WIOŚ Kraków, January 2019, a winter smog episode
// up to 245 µg/m³ of PM10 at Aleja Krasińskiego, and a missing hour at Kurdwanów), as
// test/fixtures/krakow-wios-2019-01.csv keeps a slice of it. The stations measure no gases, so
// NO2, O3, SO2 and CO are a deterministic daily cycle with missing hours, written here; without
// them KOR_CAI and HKG_AQHI would only ever give no data (their minimum needs NO2 and O3).
//
// Expected values: the hourly means by a scan of the samples, the inputs by the naive averaging
// of more-indexes.md §2 (test/helpers/averaging-oracles*.ts), the index by the naive oracles of
// §3–§9 in test/helpers (never src's tables). The payload's own inputs are not exposed, so each
// window's value and dominant pollutant are compared.

const FIXTURE = new URL('../fixtures/krakow-wios-2019-01.csv', import.meta.url);

// One CSV row a sample in the middle of its hour: the hour's mean is the value itself.
function realSamples(): { readonly station: string; readonly samples: FakeSample[] }[] {
  const [header, ...lines] = readFileSync(FIXTURE, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const at = (name: string) => columns.indexOf(name);
  const byStation = new Map<string, FakeSample[]>();
  for (const line of lines) {
    const cells = line.split(',');
    const station = cells[at('station_id')]!;
    if (!byStation.has(station)) byStation.set(station, []);
    const id = byStation.size;
    const atMs = Date.parse(cells[at('from_iso_utc')]!) + MS_PER_HOUR / 2;
    for (const [column, name] of [
      ['pm10', 'PM10'],
      ['pm25', 'PM25'],
    ] as const) {
      const cell = cells[at(column)]!;
      if (cell !== '')
        byStation.get(station)!.push({ installationId: id, name, atMs, value: +cell });
    }
  }
  return [...byStation].map(([station, samples]) => ({ station, samples }));
}

// A daily cycle of the gases (µg/m³; CO too), missing every 11th, 13th, 17th or 19th hour.
function gasSamples(installationId: number, hoursMs: readonly number[]): FakeSample[] {
  const out: FakeSample[] = [];
  for (const atMs of hoursMs) {
    const hour = Math.floor(atMs / MS_PER_HOUR);
    const phase = (2 * Math.PI * (hour % 24)) / 24;
    const gases = [
      ['NO2', 45 + 30 * Math.sin(phase), 11],
      ['O3', 55 - 35 * Math.sin(phase), 13],
      ['SO2', 12 + 6 * Math.cos(phase), 17],
      ['CO', 900 + 500 * Math.sin(phase), 19],
    ] as const;
    for (const [name, value, gap] of gases) {
      if (hour % gap !== 0) out.push({ installationId, name, atMs, value });
    }
  }
  return out;
}

type Expected = { readonly value: number | null; readonly dominantPollutant: string | null };

// The index of a window from its naive inputs, by the oracle of each index's section.
const ORACLES: Readonly<
  Partial<Record<NationalIndexTypeName, (inputs: Record<string, number>) => Expected | null>>
> = {
  DEU_UBA: (inputs) => naiveDeuUba(inputs, '2025'),
  FRA_ATMO: naiveFraAtmo,
  KOR_CAI: caiOracle,
  SGP_PSI: psiOracle,
  HKG_AQHI: hkAqhiOracle,
  AUS_AQC: naiveAusAqc,
  THA_AQI: naiveThaAqi,
};

function windowsOf(payload: Measurements): IndexValue[] {
  return [payload.current, ...payload.history, ...payload.forecast].map((w) => w.indexes[0]!);
}

describe('the seven indexes of issue 33 in the installation payload, on real Kraków data', () => {
  const stations = realSamples();

  it('the fixture is the real slice: two stations, 239 hours, one hour missing', () => {
    expect(stations.map(({ station }) => station)).toEqual(['MpKrakBujaka', 'MpKrakAlKras']);
    const hours = stations.map(({ samples }) => samples.filter((s) => s.name === 'PM10').length);
    expect(hours).toEqual([95, 144]);
    const pm10 = stations[1]!.samples.filter((s) => s.name === 'PM10').map((s) => s.value);
    expect(Math.max(...pm10)).toBeCloseTo(245.289, 3);
  });

  it.each(Object.keys(ORACLES) as NationalIndexTypeName[])(
    '%s: every window, every 5 hours of both stations, equals the oracle',
    async (indexType) => {
      let compared = 0;
      const seen = new Set<number | null>();
      for (const [k, { samples: pm }] of stations.entries()) {
        const id = k + 1;
        const hoursMs = [...new Set(pm.map((s) => s.atMs))].sort((a, b) => a - b);
        const samples = [...pm, ...gasSamples(id, hoursMs)];
        const store = new FakeStore([fakeInstallation(id, 50, 20, { vendor: false })], samples);
        const forecast = Array.from({ length: 24 }, () => ({}));
        const service = createMeasurementsService({
          store,
          forecaster: fixedForecaster(forecast),
          cacheSize: 0,
        });
        const lastMs = hoursMs.at(-1)! + MS_PER_HOUR / 2;
        for (
          let nowMs = hoursMs[0]! + 30 * MS_PER_HOUR;
          nowMs <= lastMs;
          nowMs += 5 * MS_PER_HOUR
        ) {
          const result = await service.installationMeasurements(id, { now: nowMs, indexType });
          if (result.status !== 'ok') throw new Error(`installation ${id}: ${result.status}`);
          const oracle = oracleInstallation(samples, false, nowMs, forecast);
          const windows = [oracle.current];
          for (let end = 24; end <= 71; end++) {
            const hourly: Record<string, number[]> = {};
            for (const [name, run] of Object.entries(oracle.run))
              hourly[name] = run.slice(end - 24, end);
            windows.push(hourly);
          }
          const actual = windowsOf(result.payload);
          windows.forEach((hourly, w) => {
            const expected = ORACLES[indexType]!(
              naiveIndexInputs(indexType, ORACLE_EDITION[indexType]!, hourly),
            );
            const got = actual[w]!;
            expect({ value: got.value, dominantPollutant: got.dominantPollutant }).toEqual({
              value: expected?.value ?? null,
              dominantPollutant: expected?.dominantPollutant ?? null,
            });
            seen.add(got.value);
            compared++;
          });
        }
      }
      // Real data reaches several levels: the comparison is not of no-data windows only.
      expect(compared).toBeGreaterThan(1000);
      expect([...seen].filter((value) => value !== null).length).toBeGreaterThan(3);
    },
    120_000,
  );
});

// The default edition of each index (more-indexes.md §1.1), the one the payload uses.
const ORACLE_EDITION: Readonly<Record<string, string>> = {
  DEU_UBA: '2025',
  FRA_ATMO: '2021',
  KOR_CAI: '2018',
  SGP_PSI: '2014',
  HKG_AQHI: '2013',
  AUS_AQC: '2020',
  THA_AQI: '2023',
};
