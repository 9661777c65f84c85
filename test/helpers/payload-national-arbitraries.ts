import fc from 'fast-check';
import type { Forecaster, ForecastHour } from '../../src/forecast/forecaster.js';
import { NATIONAL_INDEX_TYPE_NAMES } from '../../src/indexes/index-table.js';
import { MS_PER_HOUR } from '../../src/time/instant.js';
import { requestTimeArb } from './payload-arbitraries.js';
import type { FakeSample } from './payload-fake-store.js';
import { ORACLE_POLLUTANTS } from './payload-national-oracle.js';

// What the national-index payload tests (test/payload/national-indexes*.test.ts) draw: the
// samples of an installation over the 73 hours around `now`, a forecast, a national index
// request and the request time; and a forecaster that answers the drawn forecast.

// Concentrations per pollutant as sensors report them (CO in µg/m³ is large), a little noise
// below zero included; or one constant for the whole series (exact averages).
const SCALE: Record<string, number> = {
  PM25: 400,
  PM10: 700,
  NO2: 900,
  O3: 500,
  SO2: 1200,
  CO: 30_000,
};

// One pollutant's samples over the 73 hours from 72 h before `now` to 1 h after it (the last
// hour is never read): each hour holds 1 or 2 samples or none, at a share of empty hours the
// series draws (none to all), so capture rules pass, just pass and just fail alike.
function seriesArb(name: string, nowMs: number): fc.Arbitrary<FakeSample[]> {
  const scale = SCALE[name]!;
  const valueArb = fc.oneof(
    { weight: 6, arbitrary: fc.double({ min: 0, max: scale, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: -5, max: 0, noNaN: true }) },
  );
  const hourArb = fc.record({
    roll: fc.integer({ min: 0, max: 9 }),
    offsetsMs: fc.array(fc.integer({ min: 0, max: MS_PER_HOUR - 1 }), {
      minLength: 1,
      maxLength: 2,
    }),
    values: fc.array(valueArb, { minLength: 2, maxLength: 2 }),
  });
  return fc
    .tuple(
      fc.integer({ min: 0, max: 10 }), // hours with a roll below this are empty
      fc.option(valueArb, { nil: undefined }), // a constant, or every sample its own value
      fc.array(hourArb, { minLength: 73, maxLength: 73 }),
    )
    .map(([emptyBelow, constant, hours]) =>
      hours.flatMap((hour, h) =>
        hour.roll < emptyBelow
          ? []
          : hour.offsetsMs.map((offsetMs, k) => ({
              installationId: 0,
              name,
              atMs: nowMs - (72 - h) * MS_PER_HOUR + offsetMs,
              value: constant ?? hour.values[k]!,
            })),
      ),
    );
}

/** Samples of some of the six pollutants (and a temperature) for installation `id`. */
export function installationSamplesArb(nowMs: number, id: number): fc.Arbitrary<FakeSample[]> {
  return fc
    .subarray([...ORACLE_POLLUTANTS, 'TEMPERATURE'])
    .chain((names) => fc.tuple(...names.map((name) => seriesArb(name, nowMs))))
    .map((lists) => lists.flat().map((sample) => ({ ...sample, installationId: id })));
}

/** A forecast of PM25 and PM10 for each of the 24 hours (an hour may have none of either). */
export const forecastArb = fc.array(
  fc.record(
    {
      PM25: fc.double({ min: 0, max: 300, noNaN: true }),
      PM10: fc.double({ min: 0, max: 500, noNaN: true }),
    },
    { requiredKeys: [] },
  ),
  { minLength: 24, maxLength: 24 },
);

/** A national index type and a language. */
export const requestArb = fc.record({
  indexType: fc.constantFrom(...NATIONAL_INDEX_TYPE_NAMES),
  language: fc.constantFrom('en' as const, 'pl' as const),
});

/** Any millisecond, or exactly on the hour (then the hours up to `now` are clock hours). */
export const nowArb = fc.oneof(
  requestTimeArb,
  requestTimeArb.map((ms) => ms - (ms % MS_PER_HOUR)),
);

/** A forecaster of 24 history hours that answers `hours` whatever it is given. */
export function fixedForecaster(hours: readonly ForecastHour[]): Forecaster {
  return { historyHours: 24, forecast: () => hours };
}
