import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { serveOptions, waitUntilColoured } from '../helpers/page-browser.js';

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
  const running = await startServer(serveOptions(['--now', NOW, ...argv]));
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

  it('is pre-filled with the demo key of a plain npm start, and shows 429 with the time until the limit resets', async () => {
    // The demo key has the default limits (50 a minute), fewer than the installations.
    await withServer([], async (running) => {
      const html = await (await fetch(`${running.url}/`)).text();
      expect(html).toContain(`<meta name="airq-demo-key" content="${running.demoKey}">`);
      const { page, errors, close } = await newPage(`${running.url}/`);
      const status = page.locator('[data-testid="status"][data-failure="rate-limited"]');
      await status.waitFor({ state: 'attached', timeout: 30_000 });
      expect(await status.textContent()).toMatch(/\(429\).* in \d+ (seconds?|minutes?|hours?)\.$/);
      const coloured = await page.$$eval(
        '[data-installation-id]',
        (marks) => marks.filter((mark) => mark.getAttribute('data-color') !== '#9E9E9E').length,
      );
      expect(coloured).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await close();
    });
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
