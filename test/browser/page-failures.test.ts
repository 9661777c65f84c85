import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/cli/start-server.js';
import { createApi } from '../../src/http/create-api.js';
import { createNodeListener } from '../../src/http/node/node-listener.js';
import { DependencyUnavailableError } from '../../src/model/dependency-unavailable.js';
import { createPageListener } from '../../src/page/page-listener.js';
import { createMeasurementsService } from '../../src/payload/index.js';
import { createSampleNetwork } from '../../src/sample/index.js';
import type { MeasurementStore } from '../../src/store/measurement-store.js';
import { launchChromium } from '../helpers/browser-page.js';
import {
  screenshotDir,
  serveOptions,
  trackApiRequests,
  waitUntilColoured,
} from '../helpers/page-browser.js';

// The key, and what the page does when the API says no: 401, 429 and 503 are messages on an
// otherwise working page, never a broken one.
const NOW = '2026-11-21T09:27:00.000Z';
const KEY = 'configured-page-key';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function withServer(argv: string[], work: (running: RunningServer) => Promise<void>) {
  const tiles = argv.includes('--tiles') ? [] : ['--tiles', 'none'];
  const running = await startServer(serveOptions(['--now', NOW, ...tiles, ...argv]));
  try {
    await work(running);
  } finally {
    await running.close();
  }
}

async function newPage(
  url: string,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

describe('the page and its key', () => {
  it('never contains a configured key: it asks for one, says 401 for a wrong one, and works with the right one', async () => {
    await withServer(['--keys', `${KEY}:1000000:1000000`], async (running) => {
      const html = await (await fetch(`${running.url}/`)).text();
      expect(html).not.toContain(KEY);
      expect(html).not.toContain('airq-demo-key');

      const { page, errors, close } = await newPage(`${running.url}/`);
      const form = page.locator('[data-testid="key-form"]');
      await form.waitFor();
      expect(await page.locator('[data-testid="key-message"]').textContent()).toContain('API key');

      await page.fill('[data-testid="key-form"] input', 'not-a-key');
      await page.click('[data-testid="key-form"] button');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="key-message"]')?.textContent?.includes('401'),
      );
      await expect(form.isVisible()).resolves.toBe(true);

      await page.fill('[data-testid="key-form"] input', KEY);
      await page.click('[data-testid="key-form"] button');
      const count = (
        await (
          await fetch(
            `${running.url}/v2/installations/nearest?lat=50&lng=20&maxDistanceKM=-1&maxResults=-1`,
            { headers: { apikey: KEY } },
          )
        ).json()
      ).length;
      await waitUntilColoured(page, count);
      await expect(form.isHidden()).resolves.toBe(true);
      expect(errors).toEqual([]);
      await close();
    });
  });

  it('takes the key from /#key=… and removes it from the address', async () => {
    await withServer(['--keys', `${KEY}:1000000:1000000`], async (running) => {
      const { page, close } = await newPage(`${running.url}/#key=${KEY}`);
      await page.locator('[data-testid="map"] [data-installation-id]').first().waitFor();
      expect(page.url()).toBe(`${running.url}/`);
      await expect(page.locator('[data-testid="key-form"]').isHidden()).resolves.toBe(true);
      await close();
    });
  });

  it('is pre-filled with the demo key of a plain npm start, which colours the whole network, switches and opens panels without a 429', async () => {
    // The demo key has the default limits: 50 a minute, 100 a day.
    await withServer([], async (running) => {
      const html = await (await fetch(`${running.url}/`)).text();
      expect(html).toContain(`<meta name="airq-demo-key" content="${running.demoKey}">`);
      const count = (
        await (
          await fetch(
            `${running.url}/v2/installations/nearest?lat=50&lng=20&maxDistanceKM=-1&maxResults=-1`,
            { headers: { apikey: running.demoKey! } },
          )
        ).json()
      ).length;
      const { page, errors, close } = await newPage(`${running.url}/`);
      const requests = trackApiRequests(page);
      await waitUntilColoured(page, count);
      expect(requests.paths().length).toBeLessThanOrEqual(3);
      await page.selectOption('[data-testid="index-type"]', 'US_AQI');
      await waitUntilColoured(page, count);
      await page.selectOption('[data-testid="language"]', 'pl');
      await waitUntilColoured(page, count);
      for (const mark of await page
        .locator('[data-installation-id]')
        .all()
        .then((all) => all.slice(0, 3))) {
        await mark.click();
        await page.locator('[data-testid="chart"] canvas').first().waitFor();
      }
      expect(requests.refused()).toEqual([]);
      const status = page.locator('[data-testid="status"]');
      expect(await status.getAttribute('data-failure')).toBeNull();
      expect(errors).toEqual([]);
      await close();
    });
  });

  it('shows 429 with the time until the limit resets', async () => {
    // Two requests a minute: the third of the page's first three is refused.
    await withServer(['--keys', `${KEY}:1000:2`], async (running) => {
      const { page, errors, close } = await newPage(`${running.url}/#key=${KEY}`);
      const status = page.locator('[data-testid="status"][data-failure="rate-limited"]');
      await status.waitFor({ state: 'attached', timeout: 30_000 });
      expect(await status.textContent()).toMatch(/\(429\).* in \d+ (seconds?|minutes?|hours?)\.$/);
      expect(errors).toEqual([]);
      await close();
    });
  });

  it('draws the marks, the outline and the scale on a plain background when no tile loads', async () => {
    // Nothing listens on port 1: every tile fails at once, as offline.
    await withServer(
      [
        '--keys',
        `${KEY}:1000000:1000000`,
        '--tiles',
        'http://127.0.0.1:1/{z}/{x}/{y}.png',
        '--tiles-attribution',
        'Unreachable tiles',
      ],
      async (running) => {
        const { page, errors, close } = await newPage(`${running.url}/#key=${KEY}`);
        await page.locator('[data-testid="tiles-note"]').waitFor({ state: 'visible' });
        await page.locator('[data-testid="map"] [data-installation-id]').first().waitFor();
        await expect(page.locator('[data-testid="map"] path.outline').count()).resolves.toBe(1);
        await expect(page.locator('.leaflet-control-scale-line').isVisible()).resolves.toBe(true);
        // No broken-image icons: a tile that did not load is not shown.
        const shown = await page.$$eval(
          'img.leaflet-tile',
          (tiles) => tiles.filter((tile) => getComputedStyle(tile).visibility !== 'hidden').length,
        );
        expect(shown).toBe(0);
        await page.screenshot({ path: join(screenshotDir(), 'page-map-offline.png') });
        expect(errors).toEqual([]);
        await close();
      },
    );
  });

  it('shows 503 from an unavailable store as a message', async () => {
    const { store } = createSampleNetwork({ now: Date.parse(NOW) });
    // Every store read fails as a dead database does: the adapter answers 503.
    const deadStore = new Proxy(store, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return () => Promise.reject(new DependencyUnavailableError('store', 'test outage'));
      },
    }) as MeasurementStore;
    const api = createApi({
      service: createMeasurementsService({ store: deadStore }),
      keys: [KEY],
      clock: () => Date.parse(NOW),
    });
    const server = createServer(createPageListener(createNodeListener(api)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { page, errors, close } = await newPage(`${origin}/#key=${KEY}`);
      const status = page.locator('[data-testid="status"][data-failure="unavailable"]');
      await status.waitFor({ state: 'attached' });
      expect(await status.textContent()).toMatch(/\(503\).* in \d+ seconds?\.$/);
      expect(errors).toEqual([]);
      await close();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
