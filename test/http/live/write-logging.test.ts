import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  basic,
  DEVICE_1001,
  type LiveApi,
  openLiveApi,
  WRITE_KEY,
} from '../../helpers/live-api.js';

// Write keys never reach the log: not from the apikey header or query parameter, not from
// HTTP Basic authentication, whatever the answer.

const lines: unknown[] = [];
const logger = {
  info: (message: string, fields?: unknown) => lines.push({ message, fields }),
  error: (message: string, fields?: unknown) => lines.push({ message, fields }),
};

let live: LiveApi;
beforeEach(async () => {
  lines.length = 0;
  live = await openLiveApi({ logger });
});
afterEach(async () => {
  await live.close();
});

describe('the log of write requests', () => {
  it('names method, path and status, never a write key', async () => {
    const rows = JSON.stringify([
      { installationId: 1001, name: 'PM25', timestamp: '2026-11-21T09:05:00Z', value: 1 },
    ]);
    const json = { 'content-type': 'application/json' };
    await live.post('/v2/airq/samples', rows, { ...json, apikey: WRITE_KEY });
    await live.api.handle({
      method: 'POST',
      path: '/v2/airq/samples',
      query: `apikey=${WRITE_KEY}`,
      headers: json,
      readBody: async () => new TextEncoder().encode(rows),
    });
    const push = JSON.stringify({ sensordatavalues: [{ value_type: 'SDS_P1', value: '3' }] });
    await live.post('/v2/airq/airrohr', push, {
      ...json,
      'x-sensor': DEVICE_1001,
      authorization: basic(WRITE_KEY),
    });
    await live.post('/v2/airq/airrohr', '{', {
      ...json,
      'x-sensor': DEVICE_1001,
      authorization: basic(WRITE_KEY),
    });
    expect(lines.length).toBe(4);
    const text = JSON.stringify(lines);
    expect(text).not.toContain(WRITE_KEY);
    expect(text).not.toContain(Buffer.from(`airrohr:${WRITE_KEY}`).toString('base64'));
    expect(lines.map((line) => (line as { fields: { status: number } }).fields.status)).toEqual([
      200, 200, 200, 400,
    ]);
  });
});
