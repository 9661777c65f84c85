// Issue 30 end to end: an installation with a LINEAR correction served over a socket from each
// store. Every history hour's PM25 is checked against the correction of the raw rows' hourly
// means, computed here; PM10 stays raw; the forecaster is fed the corrected hours; a changed or
// removed correction shows from the next request on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Forecaster } from '../../src/forecast/forecaster.js';
import { createApi } from '../../src/http/create-api.js';
import type { WindowAverages } from '../../src/model/window-averages.js';
import { createMeasurementsService } from '../../src/payload/index.js';
import { seededRandom } from '../../src/sample/seeded-noise.js';
import type { Sample } from '../../src/store/ingest-report.js';
import { startTestServer, type TestServer } from '../helpers/http-client.js';
import { halfUp2OfPrintedDecimal } from '../helpers/index-oracles.js';
import { type ContractStore, storesUnderTest } from '../helpers/store-contract-harness.js';
import { installation } from '../helpers/store-fixtures.js';

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const HOUR_MS = 3_600_000;
const KEY = 'corrections-key';
const ID = 31;
const COEFFICIENTS = { intercept: -2.5, pm25: 0.75, rh: -0.0625 };
const LINEAR = { method: 'LINEAR', coefficients: COEFFICIENTS } as const;

/**
 * 30 hours of samples up to now, four a type an hour, every value a multiple of 0.25 (so each
 * hourly mean and its correction are exact in binary, in any store): a few hours lack HUMIDITY
 * or PM25, and low PM25 with high humidity drives the correction below 0 (clamped).
 */
function rawSamples(): Sample[] {
  const random = seededRandom(30);
  const quarter = (max: number) => Math.floor(random() * max * 4) / 4;
  const samples: Sample[] = [];
  const firstHourMs = Math.floor(NOW_MS / HOUR_MS) * HOUR_MS - 29 * HOUR_MS;
  for (let h = 0; h < 30; h++) {
    // Every sixth hour is clean and humid: its corrected mean falls below 0.
    const clean = h % 6 === 0;
    for (const minute of [5, 20, 35, 50]) {
      const atMs = firstHourMs + h * HOUR_MS + minute * 60_000;
      if (atMs >= NOW_MS) continue;
      const pm25 = clean ? quarter(2) : quarter(60);
      const humidity = clean ? 90 + quarter(10) : quarter(100);
      if (h % 7 !== 3) samples.push({ installationId: ID, name: 'PM25', atMs, value: pm25 });
      samples.push({ installationId: ID, name: 'PM10', atMs, value: quarter(90) });
      if (h % 5 !== 1)
        samples.push({ installationId: ID, name: 'HUMIDITY', atMs, value: humidity });
    }
  }
  return samples;
}

function mean(samples: readonly Sample[], name: string, fromMs: number, tillMs: number) {
  const inWindow = samples.filter((s) => s.name === name && s.atMs >= fromMs && s.atMs < tillMs);
  if (inWindow.length === 0) return undefined;
  return inWindow.reduce((sum, s) => sum + s.value, 0) / inWindow.length;
}

/** The reference's LINEAR correction of a window's means (§10 and the clamp of §1.1). */
function correctedOracle(samples: readonly Sample[], fromMs: number, tillMs: number) {
  const pm25 = mean(samples, 'PM25', fromMs, tillMs);
  const rh = mean(samples, 'HUMIDITY', fromMs, tillMs);
  if (pm25 === undefined || rh === undefined) return undefined;
  const y = COEFFICIENTS.intercept + COEFFICIENTS.pm25 * pm25 + COEFFICIENTS.rh * rh;
  return Math.max(y, 0);
}

interface Window {
  fromDateTime: string;
  tillDateTime: string;
  values: { name: string; value: number }[];
  standards: { pollutant: string; percent: number }[];
}
const shownValue = (w: Window, name: string) => w.values.find((v) => v.name === name)?.value;
const bounds = (w: Window) => [Date.parse(w.fromDateTime), Date.parse(w.tillDateTime)] as const;

describe.each(storesUnderTest())('a corrected installation served from $name', (subject) => {
  const samples = rawSamples();
  const fedHistories: (readonly WindowAverages[])[] = [];
  // The baseline's shape (24 hours in, flat out) with a record of what it was fed.
  const recordingForecaster: Forecaster = {
    historyHours: 24,
    forecast: ({ history, windows }) => {
      fedHistories.push(history);
      return windows.map(() => undefined);
    },
  };
  let store: ContractStore;
  let server: TestServer;

  beforeAll(async () => {
    await subject.start();
    if (!subject.runs) return;
    store = await subject.create();
    await store.putInstallations([installation(ID, { correction: LINEAR })], samples);
    const service = createMeasurementsService({ store, forecaster: recordingForecaster });
    server = await startTestServer(
      createApi({ service, keys: [KEY], dayLimit: 1000, clock: () => NOW_MS }),
    );
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await subject.stop();
  }, 60_000);

  const measurements = async (): Promise<{ current: Window; history: Window[] }> => {
    const response = await fetch(
      `${server.origin}/v2/measurements/installation?installationId=${ID}&indexType=CAQI`,
      { headers: { apikey: KEY } },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as { current: Window; history: Window[] };
  };

  describe.runIf(subject.runs)('over HTTP', () => {
    it('serves every history hour corrected from the raw rows, and PM10 raw', async () => {
      const { current, history } = await measurements();
      expect(history).toHaveLength(24);
      let corrected = 0;
      for (const w of [current, ...history]) {
        const [fromMs, tillMs] = bounds(w);
        const want = correctedOracle(samples, fromMs, tillMs);
        expect(shownValue(w, 'PM25'), w.fromDateTime).toBe(
          want === undefined ? undefined : halfUp2OfPrintedDecimal(want),
        );
        const pm10 = mean(samples, 'PM10', fromMs, tillMs);
        expect(shownValue(w, 'PM10')).toBe(
          pm10 === undefined ? undefined : halfUp2OfPrintedDecimal(pm10),
        );
        // The WHO percentage is computed from the corrected mean (24-h guideline 15 µg/m³).
        const who = w.standards.find((s) => s.pollutant === 'PM25')?.percent;
        if (want === undefined) expect(who).toBeUndefined();
        else expect(Math.abs(who! - (want / 15) * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
        if (want !== undefined) corrected++;
      }
      // The data hold corrected hours, hours without humidity and clamped hours.
      expect(corrected).toBeGreaterThan(12);
      expect(history.some((w) => shownValue(w, 'PM25') === 0)).toBe(true);
      expect(
        history.some(
          (w) => shownValue(w, 'PM10') !== undefined && shownValue(w, 'PM25') === undefined,
        ),
      ).toBe(true);
    });

    it('interpolates points from the corrected PM25 (one installation in range: its values)', async () => {
      const { latitude, longitude } = installation(ID).location;
      const response = await fetch(
        `${server.origin}/v2/measurements/point?lat=${latitude}&lng=${longitude}&indexType=CAQI`,
        { headers: { apikey: KEY } },
      );
      expect(response.status).toBe(200);
      const point = (await response.json()) as { history: Window[] };
      const { history } = await measurements();
      expect(point.history.map((w) => shownValue(w, 'PM25'))).toEqual(
        history.map((w) => shownValue(w, 'PM25')),
      );
      expect(history.filter((w) => shownValue(w, 'PM25') !== undefined).length).toBeGreaterThan(12);
    });

    it('feeds the forecaster the corrected hours', async () => {
      fedHistories.length = 0;
      await store.putInstallations([
        installation(ID, { correction: { ...LINEAR, clampNegative: false } }),
      ]);
      const { history } = await measurements();
      const fed = fedHistories.at(-1)!;
      expect(fed).toHaveLength(24);
      history.forEach((w, i) => {
        const [fromMs, tillMs] = bounds(w);
        const pm25 = mean(samples, 'PM25', fromMs, tillMs);
        const rh = mean(samples, 'HUMIDITY', fromMs, tillMs);
        const want =
          pm25 === undefined || rh === undefined
            ? undefined
            : COEFFICIENTS.intercept + COEFFICIENTS.pm25 * pm25 + COEFFICIENTS.rh * rh;
        expect(fed[i]!.PM25, w.fromDateTime).toBe(want);
        expect(fed[i]!.PM10).toBe(mean(samples, 'PM10', fromMs, tillMs));
      });
      // Without the clamp, some corrected hour is negative: the new correction is in force.
      expect(fed.some((hour) => (hour.PM25 ?? 0) < 0)).toBe(true);
    });

    it('serves the raw means from the next request once the correction is removed', async () => {
      await store.putInstallations([installation(ID)]);
      const { history } = await measurements();
      for (const w of history) {
        const [fromMs, tillMs] = bounds(w);
        const pm25 = mean(samples, 'PM25', fromMs, tillMs);
        expect(shownValue(w, 'PM25')).toBe(
          pm25 === undefined ? undefined : halfUp2OfPrintedDecimal(pm25),
        );
      }
      await store.putInstallations([installation(ID, { correction: LINEAR })]);
      const again = await measurements();
      const [fromMs, tillMs] = bounds(again.history[0]!);
      const want = correctedOracle(samples, fromMs, tillMs);
      expect(shownValue(again.history[0]!, 'PM25')).toBe(
        want === undefined ? undefined : halfUp2OfPrintedDecimal(want),
      );
    });
  });
});
