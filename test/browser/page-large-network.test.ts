import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticNetwork } from '../../bench/helpers/payload-synthetic-network.js';
import { createApi } from '../../src/http/create-api.js';
import { createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createNodeListener } from '../../src/http/node/node-listener.js';
import { createPageListener } from '../../src/page/page-listener.js';
import { createMeasurementsService } from '../../src/payload/index.js';
import { launchChromium } from '../helpers/browser-page.js';
import {
  apiReader,
  markColours,
  trackApiRequests,
  waitUntilColoured,
} from '../helpers/page-browser.js';

// The page with 10,000 installations, under a key with the default limits (100 a day, 50 a
// minute): the whole network drawn and coloured from three requests. Size only: how long it
// takes is bench/page-draw.ts's business, never a test's.
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const COUNT = 10_000;
const PAGE_KEY = 'page-key';
const ORACLE_KEY = 'oracle-key';

let browser: Browser;
let server: Server;
let origin: string;

beforeAll(async () => {
  const api = createApi({
    service: createMeasurementsService({ store: syntheticNetwork(COUNT, NOW_MS).store }),
    keys: [{ key: PAGE_KEY }, { key: ORACLE_KEY, dayLimit: 1_000_000, minuteLimit: 1_000_000 }],
    clock: () => NOW_MS,
    gzip: createNodeGzip(),
  });
  server = createServer(createPageListener(createNodeListener(api)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the page with 10,000 installations', () => {
  it('draws and colours every one from three requests, each as /v2 colours it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const requests = trackApiRequests(page);
    await page.goto(`${origin}/#key=${PAGE_KEY}`);
    await waitUntilColoured(page, COUNT);
    expect(requests.paths().length).toBeLessThanOrEqual(3);
    expect(requests.refused()).toEqual([]);
    const drawn = await markColours(page);
    expect(Object.keys(drawn).length).toBe(COUNT);
    const api = apiReader(origin, ORACLE_KEY);
    // Each mark in the colour the network answer gives it, and the answer itself checked for
    // every 100th installation against /v2/measurements/installation (10,000 such requests
    // would take minutes on a shared machine; page-map.test.ts checks every one of 166).
    const network = await api.get<{
      installations: { id: number; index: { color: string } }[];
    }>('/v2/airq/network?indexType=VENDOR_CAQI');
    expect(drawn).toEqual(
      Object.fromEntries(network.installations.map((entry) => [entry.id, entry.index.color])),
    );
    const ids = Object.keys(drawn)
      .map(Number)
      .sort((a, b) => a - b);
    for (const id of ids.filter((_, i) => i % 100 === 0)) {
      const payload = await api.measurements(id, 'VENDOR_CAQI');
      expect(drawn[id]).toBe(payload.current.indexes[0]?.color);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
