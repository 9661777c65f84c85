import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterStore } from '../../../src/limits/counter-store.js';
import { DependencyUnavailableError } from '../../../src/model/dependency-unavailable.js';
import {
  LIMITED_WRITE_KEY,
  LIVE_START_MS,
  type LiveApi,
  openLiveApi,
  READ_KEY,
  WRITE_KEY,
} from '../../helpers/live-api.js';

// POST /v2/airq/samples: every status the issue names, both formats, gzip and resends. The
// expected stored values come from the rows themselves: the store is read back per window.

const PATH = '/v2/airq/samples';
const JSON_TYPE = { 'content-type': 'application/json' };
const CSV_TYPE = { 'content-type': 'text/csv' };
const NINE = Date.parse('2026-11-21T09:00:00.000Z');
const HOUR = { fromMs: NINE, tillMs: NINE + 3_600_000 };

let live: LiveApi;
beforeEach(async () => {
  live = await openLiveApi();
});
afterEach(async () => {
  await live.close();
});

const row = (installationId: number, name: string, timestamp: string, value: unknown) => ({
  installationId,
  name,
  timestamp,
  value,
});

describe('POST /v2/airq/samples: accepted rows', () => {
  it('stores JSON rows and answers 200 with the count', async () => {
    const body = JSON.stringify([
      row(1001, 'PM25', '2026-11-21T09:05:00Z', 41.3),
      row(1001, 'PM25', '2026-11-21T09:15:00Z', 20.7),
      row(1002, 'PM10', '2026-11-21T09:10:00Z', 55),
    ]);
    const answer = await live.post(PATH, body, { ...JSON_TYPE, apikey: WRITE_KEY });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ accepted: 3, rejected: [] });
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(await live.memory.windowAverages(1001, [HOUR])).toEqual([{ PM25: (41.3 + 20.7) / 2 }]);
    expect(await live.memory.windowAverages(1002, [HOUR])).toEqual([{ PM10: 55 }]);
  });

  it('stores CSV rows (CRLF, BOM, a blank line) the same way', async () => {
    const csv =
      '\ufeffinstallationId,name,timestamp,value\r\n1001,PM25,2026-11-21T09:05:00Z,41.3\r\n\r\n1003,TEMPERATURE,2026-11-21T09:06:00Z,-3.5\r\n';
    const answer = await live.post(PATH, csv, {
      'content-type': 'text/csv; charset=utf-8',
      apikey: WRITE_KEY,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ accepted: 2, rejected: [] });
    expect(await live.memory.windowAverages(1003, [HOUR])).toEqual([{ TEMPERATURE: -3.5 }]);
  });

  it('takes a gzip body', async () => {
    const body = gzipSync(JSON.stringify([row(1001, 'PM10', '2026-11-21T09:05:00Z', 12)]));
    const headers = { ...JSON_TYPE, 'content-encoding': 'gzip', apikey: WRITE_KEY };
    const answer = await live.post(PATH, body, headers);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ accepted: 1, rejected: [] });
  });

  it('a resend of the same rows replaces, never adds', async () => {
    const body = JSON.stringify([row(1001, 'PM25', '2026-11-21T09:05:00Z', 41.3)]);
    const headers = { ...JSON_TYPE, apikey: WRITE_KEY };
    await live.post(PATH, body, headers);
    await live.post(PATH, body, headers);
    const changed = JSON.stringify([row(1001, 'PM25', '2026-11-21T09:05:00Z', 30)]);
    await live.post(PATH, changed, headers);
    expect(live.memory.sampleCount).toBe(1);
    expect(await live.memory.windowAverages(1001, [HOUR])).toEqual([{ PM25: 30 }]);
  });

  it('an empty array is 200 with nothing stored', async () => {
    const answer = await live.post(PATH, '[]', { ...JSON_TYPE, apikey: WRITE_KEY });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ accepted: 0, rejected: [] });
  });
});

describe('POST /v2/airq/samples: rejected rows (422)', () => {
  it('JSON: stores the valid rows, lists the others by 0-based index with a reason', async () => {
    const body = JSON.stringify([
      row(1001, 'PM25', '2026-11-21T09:05:00Z', 41.3),
      row(9999, 'PM25', '2026-11-21T09:05:00Z', 1),
      row(1001, 'PM2.5', '2026-11-21T09:05:00Z', 1),
      row(1001, 'PM25', 'yesterday', 1),
      row(1001, 'PM25', '2026-11-21T09:06:00Z', '41.3'),
      row(1001, 'PM25', '2026-11-21T09:07:00Z', -1),
      row(1001, 'PM25', '2026-11-21T09:33:00Z', 5),
    ]);
    const answer = await live.post(PATH, body, { ...JSON_TYPE, apikey: WRITE_KEY });
    expect(answer.status).toBe(422);
    expect(answer.json.errorCode).toBe('SAMPLES_REJECTED');
    expect(answer.json.accepted).toBe(1);
    const rejected = answer.json.rejected as { row: number; reason: string }[];
    expect(rejected.map((entry) => entry.row)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const entry of rejected) expect(entry.reason).toMatch(/\S/);
    expect(rejected[0]!.reason).toMatch(/9999/);
    expect(live.memory.sampleCount).toBe(1);
  });

  it('CSV: rows are 1-based lines, the header line 1', async () => {
    const csv = [
      'installationId,name,timestamp,value',
      '1001,PM25,2026-11-21T09:05:00Z,41.3',
      '1001,PM25,2026-11-21T09:06:00Z,abc',
      '4242,PM10,2026-11-21T09:06:00Z,3',
    ].join('\n');
    const answer = await live.post(PATH, csv, { ...CSV_TYPE, apikey: WRITE_KEY });
    expect(answer.status).toBe(422);
    expect(answer.json.accepted).toBe(1);
    expect((answer.json.rejected as { row: number }[]).map((entry) => entry.row)).toEqual([3, 4]);
  });

  it('a row before the retention horizon is rejected', async () => {
    live.memory.pruneBefore(NINE);
    const body = JSON.stringify([row(1001, 'PM25', '2026-11-21T08:59:00Z', 4)]);
    const answer = await live.post(PATH, body, { ...JSON_TYPE, apikey: WRITE_KEY });
    expect(answer.status).toBe(422);
    expect(answer.json.accepted).toBe(0);
  });

  it('up to 5 minutes after the data clock is accepted, a millisecond more is not', async () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const body = JSON.stringify([
      row(1001, 'PM25', at(LIVE_START_MS + 300_000), 4),
      row(1001, 'PM25', at(LIVE_START_MS + 300_001), 4),
    ]);
    const answer = await live.post(PATH, body, { ...JSON_TYPE, apikey: WRITE_KEY });
    expect(answer.status).toBe(422);
    expect((answer.json.rejected as { row: number }[]).map((entry) => entry.row)).toEqual([1]);
  });
});

describe('POST /v2/airq/samples: bodies that cannot be read (nothing stored)', () => {
  const cases: [string, string | Uint8Array, Record<string, string>, number][] = [
    ['not JSON', '[{', JSON_TYPE, 400],
    ['not an array', '{"installationId":1001}', JSON_TYPE, 400],
    [
      'a wrong CSV header',
      'id,name,timestamp,value\n1001,PM25,2026-11-21T09:05:00Z,1',
      CSV_TYPE,
      400,
    ],
    ['bad gzip', 'not gzip at all', { ...JSON_TYPE, 'content-encoding': 'gzip' }, 400],
    ['not UTF-8', Uint8Array.of(0x5b, 0xff, 0x5d), JSON_TYPE, 400],
    ['another content type', '[]', { 'content-type': 'text/plain' }, 415],
    ['no content type', '[]', {}, 415],
    ['another content encoding', '[]', { ...JSON_TYPE, 'content-encoding': 'br' }, 415],
  ];
  it.each(cases)('%s → %s', async (_name, body, headers, status) => {
    const answer = await live.post(PATH, body, { ...headers, apikey: WRITE_KEY });
    expect(answer.status).toBe(status);
    expect(answer.json).toMatchObject({
      errorCode: expect.any(String),
      message: expect.any(String),
      details: expect.any(Object),
    });
    expect(live.memory.sampleCount).toBe(0);
  });

  it('a body over --max-body is 413, as sent and once decompressed', async () => {
    const small = await openLiveApi({ maxBodyBytes: 1000 });
    try {
      const rows = Array.from({ length: 40 }, (_, i) =>
        row(1001, 'PM25', `2026-11-21T09:${String(i).padStart(2, '0')}:00Z`, 1),
      );
      const text = JSON.stringify(rows);
      expect(text.length).toBeGreaterThan(1000);
      const plain = await small.post(PATH, text, { ...JSON_TYPE, apikey: WRITE_KEY });
      expect(plain.status).toBe(413);
      const zipped = gzipSync(text);
      expect(zipped.byteLength).toBeLessThan(1000);
      const headers = { ...JSON_TYPE, 'content-encoding': 'gzip', apikey: WRITE_KEY };
      const inflated = await small.post(PATH, zipped, headers);
      expect(inflated.status).toBe(413);
      expect(inflated.json.errorCode).toBe('PAYLOAD_TOO_LARGE');
      expect(small.memory.sampleCount).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe('POST /v2/airq/samples: keys', () => {
  const body = JSON.stringify([row(1001, 'PM25', '2026-11-21T09:05:00Z', 41.3)]);

  it('no key → 401, a read key → 403, an unknown key → 401', async () => {
    expect((await live.post(PATH, body, JSON_TYPE)).status).toBe(401);
    const read = await live.post(PATH, body, { ...JSON_TYPE, apikey: READ_KEY });
    expect(read.status).toBe(403);
    expect(read.json.errorCode).toBe('WRITE_KEY_REQUIRED');
    expect((await live.post(PATH, body, { ...JSON_TYPE, apikey: 'nobody' })).status).toBe(401);
    expect(live.memory.sampleCount).toBe(0);
  });

  it('without write keys every write is 403 naming --write-keys', async () => {
    const readOnly = await openLiveApi({ writeKeys: undefined as never });
    try {
      const answer = await readOnly.post(PATH, body, { ...JSON_TYPE, apikey: READ_KEY });
      expect(answer.status).toBe(403);
      expect(answer.json.errorCode).toBe('WRITES_DISABLED');
      expect(answer.json.message).toMatch(/--write-keys/);
    } finally {
      await readOnly.close();
    }
  });

  it('an unlimited write key is never counted; a key with limits is (429 past them)', async () => {
    for (let i = 0; i < 60; i++) {
      const answer = await live.post(PATH, body, { ...JSON_TYPE, apikey: WRITE_KEY });
      expect(answer.status).toBe(200);
      expect(answer.headers['X-RateLimit-Limit-minute']).toBeUndefined();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await live.post(PATH, body, { ...JSON_TYPE, apikey: LIMITED_WRITE_KEY })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('a key with limits and the counters down: 503, or stored uncounted with countersFailOpen', async () => {
    // The port's own failure, as a RedisCounterStore past its deadline rejects.
    const down: CounterStore = {
      increment: () => Promise.reject(new DependencyUnavailableError('counters', 'test: down')),
    };
    const text = JSON.stringify([row(1001, 'PM10', '2026-11-21T09:10:00Z', 17.5)]);
    const other = JSON.stringify([row(1001, 'PM10', '2026-11-21T09:20:00Z', 20.5)]);
    for (const failOpen of [false, true]) {
      const lines: { message: string; fields: Record<string, unknown> }[] = [];
      const logger = {
        info: () => {},
        error: (message: string, fields: Record<string, unknown> = {}) =>
          void lines.push({ message, fields }),
      };
      const api = await openLiveApi({ counterStore: down, countersFailOpen: failOpen, logger });
      try {
        const headers = { ...JSON_TYPE, apikey: LIMITED_WRITE_KEY };
        const limited = await api.post(`${PATH}?apikey=${LIMITED_WRITE_KEY}`, text, headers);
        // An unlimited key is never counted, so the store's state does not matter to it.
        const unlimited = await api.post(PATH, other, { ...JSON_TYPE, apikey: WRITE_KEY });
        expect(unlimited.status).toBe(200);
        if (failOpen) {
          expect(limited.status).toBe(200);
          expect(limited.json).toEqual({ accepted: 1, rejected: [] });
          expect(limited.headers['X-RateLimit-Remaining-minute']).toBeUndefined();
          expect(lines.map(({ message }) => message)).toEqual([
            'request admitted uncounted (counters fail open)',
          ]);
          expect(lines[0]!.fields).toMatchObject({
            method: 'POST',
            url: `${PATH}?apikey=[redacted]`,
          });
          expect(JSON.stringify(lines)).not.toContain(LIMITED_WRITE_KEY);
          expect(api.memory.sampleCount).toBe(2);
          expect(await api.memory.windowAverages(1001, [HOUR])).toEqual([{ PM10: 19 }]);
        } else {
          expect(limited.status).toBe(503);
          expect(limited.json).toMatchObject({
            errorCode: 'SERVICE_UNAVAILABLE',
            details: { dependency: 'counters' },
          });
          // A 503 of a dependency is logged as a failed request, as for reads.
          expect(lines.map(({ message }) => message)).toEqual(['request failed']);
          expect(JSON.stringify(lines)).not.toContain(LIMITED_WRITE_KEY);
          expect(api.memory.sampleCount).toBe(1);
          expect(await api.memory.windowAverages(1001, [HOUR])).toEqual([{ PM10: 20.5 }]);
        }
      } finally {
        await api.close();
      }
    }
  });

  it('GET on the route is 405 with Allow: POST, OPTIONS', async () => {
    const answer = await live.api.handle({
      method: 'GET',
      path: PATH,
      query: '',
      headers: { apikey: WRITE_KEY },
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.Allow).toBe('POST, OPTIONS');
  });
});
