import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceAttributions } from '../../src/follow/source-attributions.js';
import { createApi } from '../../src/http/create-api.js';
import { createNodeListener } from '../../src/http/node/node-listener.js';
import type { PageListenerOptions } from '../../src/page/page-listener.js';
import { createPageListener } from '../../src/page/page-listener.js';
import { createMeasurementsService } from '../../src/payload/index.js';
import { createSampleNetwork } from '../../src/sample/index.js';
import { launchChromium } from '../helpers/browser-page.js';
import { screenshotDir } from '../helpers/page-browser.js';

// The credits of followed open-data sources under the map, in Chromium: shown with their
// licences and links when the server follows sources, even with no tiles, in the page's
// language; absent otherwise. The credits are the table's; the texts expected are by hand.
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEY = 'page-key';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(
  options: PageListenerOptions,
  work: (page: Page, errors: string[]) => Promise<void>,
): Promise<void> {
  const api = createApi({
    service: createMeasurementsService({ store: createSampleNetwork({ now: NOW_MS }).store }),
    keys: [KEY],
    clock: () => NOW_MS,
  });
  const server: Server = createServer(createPageListener(createNodeListener(api), options));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/#key=${KEY}`);
    await page.locator('[data-testid="map"] [data-installation-id]').first().waitFor();
    await work(page, errors);
  } finally {
    await context.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('the followed sources on the page', () => {
  it('are credited under the map with their licences and links, without tiles, in both languages', async () => {
    const attributions = sourceAttributions(['sensor-community', 'openaq', 'purpleair']);
    await withPage({ attributions }, async (page, errors) => {
      const line = page.locator('[data-testid="data-attribution"]');
      await expect(line.isVisible()).resolves.toBe(true);
      expect(await line.textContent()).toBe(
        'Data: Sensor.Community (ODbL 1.0) · OpenAQ (Terms of Use) · PurpleAir (Data License)',
      );
      const links = await line
        .locator('a')
        .evaluateAll((anchors) =>
          anchors.map((a) => [a.textContent, (a as HTMLAnchorElement).href]),
        );
      expect(links).toEqual([
        ['Sensor.Community', 'https://sensor.community/'],
        ['ODbL 1.0', 'https://opendatacommons.org/licenses/odbl/1-0/'],
        ['OpenAQ', 'https://openaq.org/'],
        ['Terms of Use', 'https://docs.openaq.org/about/terms'],
        ['PurpleAir', 'https://www.purpleair.com/'],
        ['Data License', 'https://www2.purpleair.com/pages/license'],
      ]);
      await page.screenshot({ path: join(screenshotDir(), 'page-attributions.png') });
      await page.selectOption('[data-testid="language"]', 'pl');
      await expect(line.textContent()).resolves.toMatch(/^Dane: Sensor\.Community \(ODbL 1\.0\)/);
      expect(errors).toEqual([]);
    });
  });

  it('are not there when the server follows none', async () => {
    await withPage({}, async (page, errors) => {
      await expect(page.locator('[data-testid="data-attribution"]').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
