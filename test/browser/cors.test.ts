import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/create-api.js';
import { createMeasurementsService } from '../../src/payload/index.js';
import { createSampleNetwork, type SampleNetwork } from '../../src/sample/index.js';
import { launchChromium, type PageServer, startPageServer } from '../helpers/browser-page.js';
import { startTestServer, type TestServer } from '../helpers/http-client.js';

// A page from one origin (127.0.0.1:PORT_A) calls the API on another (127.0.0.1:PORT_B) with
// the apikey header, as a browser application of the API would.
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEY = 'browser-key';

let network: SampleNetwork;
let api: TestServer;
let page: PageServer;
let pageOrigin: string;
let browser: Browser;

beforeAll(async () => {
  network = createSampleNetwork({ now: NOW_MS });
  api = await startTestServer(
    createApi({
      service: createMeasurementsService({ store: network.store }),
      keys: [KEY, { key: 'tiny-browser-key', dayLimit: 1 }],
      clock: () => NOW_MS,
      limitsClock: () => NOW_MS,
    }),
  );
  page = await startPageServer('airq browser client');
  pageOrigin = page.origin;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await page?.close();
});

interface BrowserAnswer {
  status: number;
  redirected: boolean;
  headers: Record<string, string | null>;
  json: unknown;
}

async function callFromPage(url: string, headers: Record<string, string>): Promise<BrowserAnswer> {
  const tab = await browser.newPage();
  try {
    await tab.goto(pageOrigin);
    return await tab.evaluate(
      async ({ url, headers }) => {
        const response = await fetch(url, { headers });
        const names = [
          'content-type',
          'content-language',
          'x-ratelimit-limit-day',
          'x-ratelimit-remaining-day',
          'x-ratelimit-remaining-minute',
          'retry-after',
        ];
        return {
          status: response.status,
          redirected: response.redirected,
          headers: Object.fromEntries(names.map((name) => [name, response.headers.get(name)])),
          json: await response.json(),
        };
      },
      { url, headers },
    );
  } finally {
    await tab.close();
  }
}

describe('a browser page on another origin', () => {
  it('gets the data with the apikey header and reads X-RateLimit-Remaining-day', async () => {
    expect(new URL(pageOrigin).origin).not.toBe(api.origin);
    const { latitude, longitude } = network.centre;
    const first = await callFromPage(
      `${api.origin}/v2/measurements/point?lat=${latitude}&lng=${longitude}`,
      { apikey: KEY },
    );
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(first.headers['x-ratelimit-limit-day']).toBe('100');
    const remaining = Number(first.headers['x-ratelimit-remaining-day']);
    // The CORS preflight before it needed no key and spent nothing.
    expect(remaining).toBe(99);
    expect((first.json as { history: unknown[] }).history).toHaveLength(24);
    const second = await callFromPage(`${api.origin}/v2/meta/indexes`, {
      apikey: KEY,
      'Accept-Language': 'pl',
    });
    expect(second.status).toBe(200);
    expect(second.headers['content-language']).toBe('pl');
    expect(Number(second.headers['x-ratelimit-remaining-day'])).toBe(remaining - 1);
  });

  it('follows a 301 for a replaced installation across origins', async () => {
    const answer = await callFromPage(`${api.origin}/v2/installations/${network.ids.replaced}`, {
      apikey: KEY,
    });
    expect(answer.status).toBe(200);
    expect(answer.redirected).toBe(true);
    expect((answer.json as { id: number }).id).toBe(network.ids.replacement);
  });

  it('reads the error body, the rate headers and Retry-After of a 429', async () => {
    expect(
      (await callFromPage(`${api.origin}/v2/meta/measurements`, { apikey: 'tiny-browser-key' }))
        .status,
    ).toBe(200);
    const limited = await callFromPage(`${api.origin}/v2/meta/measurements`, {
      apikey: 'tiny-browser-key',
    });
    expect(limited.status).toBe(429);
    expect(limited.headers['x-ratelimit-remaining-day']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((limited.json as { errorCode: string }).errorCode).toBe('RATE_LIMIT_EXCEEDED');
  });
});
