import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../../src/http/create-api.js';
import { createMeasurementsService } from '../../../src/payload/create-measurements-service.js';
import { InMemoryStore } from '../../../src/store/in-memory-store.js';
import type { SampleWriter } from '../../../src/store/sample-writer.js';
import { coreJson } from '../../helpers/http-client.js';
import {
  basic,
  DEVICE_1001,
  DEVICE_1002,
  LIVE_START_MS,
  type LiveApi,
  openLiveApi,
  postRequest,
  READ_KEY,
  WRITE_KEY,
} from '../../helpers/live-api.js';

// POST /v2/airq/airrohr: what the airRohr firmware sends to a custom API, read from bodies
// recorded in public repositories (test/fixtures/airrohr/README.md says where each comes from).
// Expected values are written out from the firmware's value types (the airRohr reference §2).

const PATH = '/v2/airq/airrohr';
const NINE = Date.parse('2026-11-21T09:00:00.000Z');
const HOUR = { fromMs: NINE, tillMs: NINE + 3_600_000 };
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/airrohr/${name}`, import.meta.url), 'utf8');
// The headers the firmware sends with a user and password set.
const firmware = (device: string, password = WRITE_KEY) => ({
  'content-type': 'application/json',
  'x-sensor': device,
  'x-mac-id': 'esp8266-aa:bb:cc:dd:ee:ff',
  'user-agent': `NRZ-2020-129/${device.split('-')[1]}/aa:bb:cc:dd:ee:ff`,
  authorization: basic(password),
});

let live: LiveApi;
beforeEach(async () => {
  live = await openLiveApi();
});
afterEach(async () => {
  await live.close();
});

describe('POST /v2/airq/airrohr', () => {
  it('stores the NRZ-2020-129 push of air-quality-bridge at the device installation, at the data clock', async () => {
    const body = fixture('air-quality-bridge-nrz-2020-129.json');
    const answer = await live.post(PATH, body, firmware(DEVICE_1001));
    expect(answer.status).toBe(200);
    expect(answer.json.installationId).toBe(1001);
    expect(answer.json.device).toBe(DEVICE_1001);
    expect(answer.json.timestamp).toBe(new Date(LIVE_START_MS).toISOString());
    const stored = answer.json.stored as { name: string; value: number }[];
    expect(Object.fromEntries(stored.map((entry) => [entry.name, entry.value]))).toEqual({
      PM10: 18.83,
      PM25: 10.6,
      TEMPERATURE: 17,
      PRESSURE: 1010.0128,
      HUMIDITY: 66.66,
    });
    expect(answer.json.ignored).toEqual(
      expect.arrayContaining(['samples', 'min_micro', 'max_micro', 'signal']),
    );
    const averages = (await live.memory.windowAverages(1001, [HOUR]))[0]!;
    expect(averages.PM10).toBe(18.83);
    expect(averages.PRESSURE).toBeCloseTo(1010.0128, 10);
    expect(live.memory.sampleCount).toBe(5);
  });

  it('stamps every push with the data clock of its own receipt', async () => {
    const body = fixture('air-quality-bridge-nrz-2020-129.json');
    // Two pushes in one millisecond, then one a millisecond and one a day later.
    const instants = [0, 0, 1, 86_400_000].map((offsetMs) => LIVE_START_MS + offsetMs);
    for (const atMs of instants) {
      live.setNow(atMs);
      const answer = await live.post(PATH, body, firmware(DEVICE_1001));
      expect(answer.json.timestamp).toBe(new Date(atMs).toISOString());
    }
  });

  it('without X-Sensor the device is esp8266-<esp8266id> of the body', async () => {
    const body = JSON.stringify({
      esp8266id: '12345678',
      sensordatavalues: [{ value_type: 'SDS_P2', value: '7.5' }],
    });
    const headers = { 'content-type': 'application/json', authorization: basic(WRITE_KEY) };
    const answer = await live.post(PATH, body, headers);
    expect(answer.status).toBe(200);
    expect(answer.json.installationId).toBe(1001);
  });

  it('an ESP32 device and the 2016 body with "signal":"-59 dBm"', async () => {
    const answer = await live.post(
      PATH,
      fixture('opensensemap-nrz-2016-058.json'),
      firmware(DEVICE_1002),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.installationId).toBe(1002);
    expect((answer.json.stored as unknown[]).length).toBeGreaterThan(0);
    expect(answer.json.ignored).toContain('signal');
  });

  it('"nan" and empty values are skipped and said so, the rest stored', async () => {
    const body = JSON.stringify({
      esp8266id: '12345678',
      sensordatavalues: [
        { value_type: 'SDS_P1', value: 'nan' },
        { value_type: 'SDS_P2', value: '' },
        { value_type: 'BME280_temperature', value: '-128.00' },
        { value_type: 'BME280_humidity', value: '40.10' },
      ],
    });
    const answer = await live.post(PATH, body, firmware(DEVICE_1001));
    expect(answer.status).toBe(200);
    expect((answer.json.stored as { name: string }[]).map((entry) => entry.name)).toEqual([
      'HUMIDITY',
    ]);
    const skipped = answer.json.skipped as { valueType: string }[];
    expect(skipped.map((entry) => entry.valueType).sort()).toEqual([
      'BME280_temperature',
      'SDS_P1',
      'SDS_P2',
    ]);
    expect(live.memory.sampleCount).toBe(1);
  });

  it('a device no installation names → 403, nothing stored', async () => {
    const answer = await live.post(
      PATH,
      fixture('air-quality-bridge-nrz-2020-129.json'),
      firmware('esp8266-1'),
    );
    expect(answer.status).toBe(403);
    expect(answer.json.errorCode).toBe('DEVICE_UNKNOWN');
    expect(live.memory.sampleCount).toBe(0);
  });

  it('no Basic authentication → 401 with a Basic challenge; a read key as password → 403', async () => {
    const { authorization: _, ...anonymous } = firmware(DEVICE_1001);
    const body = fixture('air-quality-bridge-nrz-2020-129.json');
    const missing = await live.post(PATH, body, anonymous);
    expect(missing.status).toBe(401);
    expect(missing.headers['WWW-Authenticate']).toMatch(/^Basic /);
    const read = await live.post(PATH, body, firmware(DEVICE_1001, READ_KEY));
    expect(read.status).toBe(403);
    const wrong = await live.post(PATH, body, firmware(DEVICE_1001, 'guess'));
    expect(wrong.status).toBe(401);
    expect(live.memory.sampleCount).toBe(0);
  });

  it('a body that is not JSON, or not a push, is 400', async () => {
    expect((await live.post(PATH, '{', firmware(DEVICE_1001))).status).toBe(400);
    expect((await live.post(PATH, '{"sensordatavalues": 3}', firmware(DEVICE_1001))).status).toBe(
      400,
    );
    expect(live.memory.sampleCount).toBe(0);
  });

  it('the next push replaces nothing earlier: two pushes a minute apart are two samples', async () => {
    const body = fixture('air-quality-bridge-nrz-2020-129.json');
    await live.post(PATH, body, firmware(DEVICE_1001));
    live.setNow(LIVE_START_MS + 145_000);
    await live.post(PATH, body, firmware(DEVICE_1001));
    expect(live.memory.sampleCount).toBe(10);
  });
});

describe('POST /v2/airq/airrohr through another SampleWriter', () => {
  it('lists a reading the writer refused under skipped, with its reason, and not as stored', async () => {
    const written: unknown[] = [];
    const writer: SampleWriter = {
      retainedFromMs: Number.NEGATIVE_INFINITY,
      deviceInstallation: async (device) => (device === DEVICE_1001 ? 1001 : undefined),
      async writeSamples(samples) {
        written.push(...samples.filter((_, index) => index !== 1));
        const reason = 'refused by this writer';
        return {
          accepted: samples.length - 1,
          rejected: [{ index: 1, sample: samples[1], reason }],
        };
      },
    };
    const api = createApi({
      service: createMeasurementsService({ store: new InMemoryStore([]) }),
      keys: [READ_KEY],
      writeKeys: [WRITE_KEY],
      writer,
      clock: () => LIVE_START_MS,
    });
    const body = JSON.stringify({
      esp8266id: '12345678',
      sensordatavalues: [
        { value_type: 'SDS_P1', value: '18.83' },
        { value_type: 'SDS_P2', value: '9.61' },
        { value_type: 'signal', value: '-59 dBm' },
      ],
    });
    const answer = await api.handle(postRequest(PATH, body, firmware(DEVICE_1001)));
    expect(answer.status).toBe(200);
    const json = coreJson(answer) as Record<string, unknown>;
    expect(json.stored).toEqual([{ name: 'PM10', value: 18.83, source: 'SDS_P1' }]);
    expect(json.skipped).toEqual([
      { valueType: 'SDS_P2', value: 9.61, reason: 'refused by this writer' },
    ]);
    expect(json.ignored).toEqual(['signal']);
    expect(written).toEqual([
      { installationId: 1001, name: 'PM10', atMs: LIVE_START_MS, value: 18.83 },
    ]);
  });
});
