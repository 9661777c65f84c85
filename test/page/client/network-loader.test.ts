import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NetworkAnswer, NetworkState } from '../../../src/page/client/api-client.js';
import { mayRefresh, NetworkLoader } from '../../../src/page/client/network-loader.js';

// A stand-in for /v2/airq/network: one ETag per state, 304 when the asked ETag is current.
function fakeServer(remainingDay?: number) {
  const asked: { indexType: string; etag: string | undefined }[] = [];
  let version = 1;
  const state = (indexType: string): NetworkState => ({
    indexType,
    installations: [
      {
        id: 1,
        location: { latitude: 50, longitude: 20 },
        index: {
          name: indexType,
          value: version,
          level: 'GOOD',
          description: 'Good',
          color: '#00E400',
        },
      },
    ],
  });
  return {
    asked,
    change: () => {
      version++;
    },
    fetch: async (indexType: string, etag?: string): Promise<NetworkAnswer> => {
      asked.push({ indexType, etag });
      const current = `"${indexType}-${version}"`;
      return {
        network: etag === current ? undefined : state(indexType),
        etag: current,
        remainingDay,
      };
    },
  };
}

describe('NetworkLoader', () => {
  it('asks once per index type within a minute, then again with If-None-Match', async () => {
    const server = fakeServer(90);
    let nowMs = 0;
    const loader = new NetworkLoader(server.fetch, () => nowMs);
    const first = await loader.load('US_AQI');
    expect(first.installations[0]?.index.value).toBe(1);
    nowMs = 59_999;
    expect(await loader.load('US_AQI')).toBe(first);
    await loader.load('EAQI');
    expect(server.asked).toEqual([
      { indexType: 'US_AQI', etag: undefined },
      { indexType: 'EAQI', etag: undefined },
    ]);
    // A minute on, unchanged: a 304 keeps the very same state.
    nowMs = 60_000;
    expect(await loader.load('US_AQI')).toBe(first);
    expect(server.asked[2]).toEqual({ indexType: 'US_AQI', etag: '"US_AQI-1"' });
    expect(loader.remainingDay).toBe(90);
  });

  it('refreshes only a held index, only while visible, and reports only a change', async () => {
    const server = fakeServer(50);
    const loader = new NetworkLoader(server.fetch, () => 0);
    await expect(loader.refresh('US_AQI', true)).resolves.toBeUndefined();
    expect(server.asked).toEqual([]);
    await loader.load('US_AQI');
    await expect(loader.refresh('US_AQI', false)).resolves.toBeUndefined();
    expect(server.asked.length).toBe(1);
    // Visible, unchanged: asked with the ETag, 304, nothing to redraw.
    await expect(loader.refresh('US_AQI', true)).resolves.toBeUndefined();
    expect(server.asked.length).toBe(2);
    server.change();
    const next = await loader.refresh('US_AQI', true);
    expect(next?.installations[0]?.index.value).toBe(2);
  });

  it('stops refreshing when 20 or fewer requests are left of the key’s day', async () => {
    const server = fakeServer(20);
    const loader = new NetworkLoader(server.fetch, () => 0);
    await loader.load('US_AQI');
    await expect(loader.refresh('US_AQI', true)).resolves.toBeUndefined();
    expect(server.asked.length).toBe(1);
  });
});

describe('mayRefresh', () => {
  it('spends a request only while visible with more than 20 left (or no count said)', () => {
    expect(mayRefresh({ visible: true, remainingDay: 21 })).toBe(true);
    expect(mayRefresh({ visible: true, remainingDay: 20 })).toBe(false);
    expect(mayRefresh({ visible: true, remainingDay: undefined })).toBe(true);
    expect(mayRefresh({ visible: false, remainingDay: undefined })).toBe(false);
    fc.assert(
      fc.property(fc.boolean(), fc.option(fc.nat(200), { nil: undefined }), (visible, left) => {
        const expected = visible && (left === undefined || left >= 21);
        expect(mayRefresh({ visible, remainingDay: left })).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
