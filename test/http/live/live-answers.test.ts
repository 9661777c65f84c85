import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coreJson } from '../../helpers/http-client.js';
import {
  LIVE_INSTALLATIONS,
  type LiveApi,
  openLiveApi,
  READ_KEY,
  WRITE_KEY,
} from '../../helpers/live-api.js';

// An acknowledged sample is in the next answer of every route that covers it: current and
// history of the installation, the point, the network, with the installation's correction, and
// a kept (cached) answer is never served past a write. Expected values come from the rows sent
// and the LINEAR formula of correction-fixtures.ts, written out.

const NOW_MS = Date.parse('2026-11-21T09:40:00.000Z');
const JSON_TYPE = { 'content-type': 'application/json' };

let live: LiveApi;
beforeEach(async () => {
  live = await openLiveApi();
  live.setNow(NOW_MS);
});
afterEach(async () => {
  await live.close();
});

interface Element {
  readonly fromDateTime: string;
  readonly values: { name: string; value: number }[];
}
interface Answer {
  readonly current: Element;
  readonly history: Element[];
  readonly installations: { id: number; index: { value: number | null } }[];
}

async function get(path: string) {
  const [route, query = ''] = path.split('?');
  const response = await live.api.handle({
    method: 'GET',
    path: route!,
    query,
    headers: { apikey: READ_KEY },
  });
  expect(response.status).toBe(200);
  return coreJson(response) as Answer;
}

async function write(rows: [number, string, string, number][]) {
  const body = JSON.stringify(
    rows.map(([installationId, name, timestamp, value]) => ({
      installationId,
      name,
      timestamp,
      value,
    })),
  );
  const answer = await live.post('/v2/airq/samples', body, { ...JSON_TYPE, apikey: WRITE_KEY });
  expect(answer.status).toBe(200);
}

const measured = (element: { values: { name: string; value: number }[] }, name: string) =>
  element.values.find((value) => value.name === name)?.value;

describe('live writes in every answer', () => {
  it('current, corrected, and the kept answer replaced after the next write', async () => {
    const path = '/v2/measurements/installation?installationId=1002';
    expect(measured((await get(path)).current, 'PM25')).toBeUndefined();
    await write([
      [1002, 'PM25', '2026-11-21T09:05:00Z', 20],
      [1002, 'HUMIDITY', '2026-11-21T09:05:00Z', 40],
    ]);
    // Current is the hour before now (08:40–09:40): PM25 20, RH 40 → 1.5 + 0.75·20 − 0.0625·40.
    expect(measured((await get(path)).current, 'PM25')).toBe(14);
    expect(measured((await get(path)).current, 'PM25')).toBe(14);
    await write([
      [1002, 'PM25', '2026-11-21T09:35:00Z', 22],
      [1002, 'HUMIDITY', '2026-11-21T09:35:00Z', 56],
    ]);
    expect(measured((await get(path)).current, 'PM25')).toBe(1.5 + 0.75 * 21 - 0.0625 * 48);
  });

  it('history: a late sample of an earlier hour enters that hour', async () => {
    const path = '/v2/measurements/installation?installationId=1001';
    await write([[1001, 'PM10', '2026-11-21T07:30:00Z', 33]]);
    const { history } = await get(path);
    const seven = history.find((element) => element.fromDateTime.startsWith('2026-11-21T07:00'));
    expect(measured(seven!, 'PM10')).toBe(33);
  });

  it('the point and the network see the write', async () => {
    const { latitude, longitude } = LIVE_INSTALLATIONS[0]!.location;
    const point = `/v2/measurements/point?lat=${latitude}&lng=${longitude}`;
    const network = '/v2/airq/network?indexType=CAQI';
    const before = await get(network);
    await write([
      [1001, 'PM25', '2026-11-21T09:20:00Z', 80],
      [1001, 'PM10', '2026-11-21T09:20:00Z', 120],
    ]);
    expect(measured((await get(point)).current, 'PM25')).toBe(80);
    const after = await get(network);
    const entry = (answer: Answer) => answer.installations.find((element) => element.id === 1001);
    expect(entry(after)!.index.value).not.toEqual(entry(before)!.index.value);
    expect(entry(after)!.index.value).toBeGreaterThan(0);
  });
});
