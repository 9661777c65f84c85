// What the end-to-end tests of `airq --follow` share: the test's clock (where the fixtures'
// times are moved and what `--now` freezes), the oracle of the fixtures' places and values
// written out by hand from test/fixtures/follow/, the flags of a following CLI, and the reads.
import { expect } from 'vitest';
import type { ReplayClock, ReplaySource } from '../helpers/follow-replay-server.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The API key the tests read with, and the sources' keys (never to appear in the output). */
export const READ_KEY = 'follow-e2e-read';
/** `--keys` of the tests: {@link READ_KEY} with limits no reader loop reaches. */
export const READ_KEYS = `${READ_KEY}:10000000:1000000`;
export const OPENAQ_KEY = 'openaq-secret-key-5e2f9c';
export const PURPLEAIR_KEY = 'purpleair-secret-key-71ad04';

/** Where each source's fixture times go, and the frozen `--now` of each source's servers. */
export interface FollowClock {
  readonly replay: ReplayClock;
  readonly nowIso: Readonly<Record<ReplaySource, string>>;
}

/**
 * Times near the real clock (the follower gives its sources the real time: OpenAQ asks only for
 * locations seen within a day), moved by whole days (Sensor.Community) or hours (OpenAQ,
 * PurpleAir), so each fixture's samples fall in one clock hour that is full at `--now`.
 */
export function followClock(realNowMs: number): FollowClock {
  // Sensor.Community: 2019-04-25 01:51–01:53 → day D, read at D 02:30 (D 02:30 is past).
  const day = Math.floor((realNowMs - 3 * HOUR_MS) / DAY_MS) * DAY_MS;
  // OpenAQ: 2025-11-26T17:00Z (hour-ending) → H; PurpleAir's data_time_stamp → H + 30 min.
  const hour = Math.floor(realNowMs / HOUR_MS) * HOUR_MS - 2 * HOUR_MS;
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  const hourlyNow = iso(hour + HOUR_MS + 20 * MINUTE_MS);
  return {
    replay: {
      sensorCommunityShiftMs: day - Date.parse('2019-04-25T00:00:00Z'),
      openAqShiftMs: hour - Date.parse('2025-11-26T17:00:00Z'),
      purpleAirShiftMs: hour + 30 * MINUTE_MS - 1_667_666_181_000,
    },
    nowIso: {
      'sensor-community': iso(day + 2 * HOUR_MS + 30 * MINUTE_MS),
      openaq: hourlyNow,
      purpleair: hourlyNow,
    },
  };
}

/** An installation the fixture puts in the box, and its `current.values` at `--now`. */
export interface ExpectedPlace {
  readonly id: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly values: Readonly<Record<string, number>>;
}

/** The boxes the tests follow, as `--follow-box` takes them. */
export const BOXES: Readonly<Record<ReplaySource, string>> = {
  'sensor-community': '40,0,60,30',
  openaq: '35,-107,36,-106',
  purpleair: '30,-125,40,-115',
};

/** Followed ids: a base per source plus the source's id (one place per location here). */
export const ID_BASES: Readonly<Record<ReplaySource, number>> = {
  'sensor-community': 1e15,
  openaq: 2e15,
  purpleair: 3e15,
};

// Written out from the fixtures (values rounded to two decimals as the payload rounds them):
// - Sensor.Community: location 1071 has P1 19.13 and 18.40 (mean 18.765), P2 16.23 and 16.80
//   (16.515), humidity 76.70 and 76.90, temperature 18.80 and 18.70; location 28 one DHT22
//   reading. Both in the hour 01:00–02:00.
// - OpenAQ: location 2178's latest values of the hour ending 17:00; gases in ppm become µg/m³
//   at 25 °C (ppb × M / 24.45): NO2 13 × 46.0055 / 24.45 = 24.461, O3 23 × 47.9982 / 24.45 =
//   45.152, SO2 0.3 × 64.066 / 24.45 = 0.786, CO 100 × 28.010 / 24.45 = 114.560. The NO and NOx
//   sensors last reported in September (outside the retention) and carry no airq type.
// - PurpleAir: outdoor rows corrected by EPA's 2021 AirNow formula below 30 µg/m³,
//   0.524 × PA − 0.0862 × RH + 5.75: 131075 (0 and 0, RH 33) 2.9054, 131079 (7.4 and 8.2, RH 58)
//   4.8376. 131077's channels disagree (3.1 and 21.4: 18.3 apart, more than 5 and 70 % of 12.25)
//   so its row is refused whole; 131083 has no humidity, so its PM2.5 cannot be corrected;
//   30303 has no coordinates and is no installation.
export const EXPECTED_PLACES: Readonly<Record<ReplaySource, readonly ExpectedPlace[]>> = {
  'sensor-community': [
    {
      id: 1e15 + 28,
      latitude: 48.778,
      longitude: 9.236,
      values: { HUMIDITY: 68.4, TEMPERATURE: 10.6 },
    },
    {
      id: 1e15 + 1071,
      latitude: 52.544,
      longitude: 13.374,
      values: { PM10: 18.77, PM25: 16.52, HUMIDITY: 76.8, TEMPERATURE: 18.75 },
    },
  ],
  openaq: [
    {
      id: 2e15 + 2178,
      latitude: 35.1353,
      longitude: -106.584702,
      values: { PM25: 3.6, PM10: 10, NO2: 24.46, O3: 45.15, SO2: 0.79, CO: 114.56 },
    },
  ],
  purpleair: [
    {
      id: 3e15 + 131075,
      latitude: 33.51511,
      longitude: -117.67972,
      values: { PM25: 2.91, HUMIDITY: 33 },
    },
    { id: 3e15 + 131077, latitude: 37.93273, longitude: -122.03972, values: {} },
    {
      id: 3e15 + 131079,
      latitude: 37.75315,
      longitude: -122.44364,
      values: { PM25: 4.84, HUMIDITY: 58 },
    },
    { id: 3e15 + 131083, latitude: 38.287594, longitude: -122.46281, values: {} },
  ],
};

/** The flags of a CLI following `source` at `url` every second, reading with {@link READ_KEY}. */
export function followFlags(
  source: ReplaySource,
  url: string,
  nowIso: string,
  store: readonly string[],
): string[] {
  return [
    '--keys',
    READ_KEYS,
    '--follow',
    source,
    '--follow-box',
    BOXES[source],
    '--follow-url',
    `${source}=${url}`,
    '--follow-every',
    '1s',
    '--now',
    nowIso,
    ...store,
  ];
}

/** GET a `/v2` path with the read key: status and parsed body (text when not JSON). */
// biome-ignore lint/suspicious/noExplicitAny: a JSON answer, narrowed by the tests' expectations
export async function read(baseUrl: string, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { apikey: READ_KEY } });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

/** The network's installations by id: location and index value. */
export async function networkIds(baseUrl: string): Promise<number[]> {
  const { status, body } = await read(baseUrl, '/v2/airq/network');
  expect(status).toBe(200);
  return (body.installations as { id: number }[]).map((installation) => installation.id);
}

/** `current.values` of an installation as a name → value record. */
export async function currentValues(baseUrl: string, id: number): Promise<Record<string, number>> {
  const { status, body } = await read(
    baseUrl,
    `/v2/measurements/installation?installationId=${id}`,
  );
  expect(status).toBe(200);
  return Object.fromEntries(
    (body.current.values as { name: string; value: number }[]).map((v) => [v.name, v.value]),
  );
}

/**
 * Waits for `condition` to hold, asking again every 100 ms; a generous deadline (a loaded CI
 * machine is slow), never a duration to assert.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  deadlineMs = 45_000,
): Promise<T> {
  const untilMs = Date.now() + deadlineMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > untilMs) throw new Error(`not within ${deadlineMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
