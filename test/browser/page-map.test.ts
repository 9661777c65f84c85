import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/cli/start-server.js';
import type { IndexTypeMeta, Installation } from '../../src/model/api-types.js';
import { launchChromium } from '../helpers/browser-page.js';
import {
  apiReader,
  markColours,
  screenshotDir,
  serveOptions,
  trackApiRequests,
  waitUntilColoured,
} from '../helpers/page-browser.js';
import { startTileServer } from '../helpers/tile-server.js';

// The page at `/` of `npm start`, in Debian's Chromium, compared with what /v2 answers the
// test itself. The clock is frozen. Each page opened has a key of its own with the default
// limits of a key (100 a day, 50 a minute), as a person with the demo key has; the test's own
// requests go with a key of high limits. No tiles (no network in tests) but in the test that
// serves its own.
const NOW = '2026-11-21T09:27:00.000Z';
const PAGE_KEYS = Array.from({ length: 12 }, (_, i) => `page-key-${i}`);
const ORACLE_KEY = 'oracle-key';
let keysUsed = 0;
const CENTRE = { latitude: 50.0614, longitude: 19.9366 };
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

let running: RunningServer;
let browser: Browser;
let api: ReturnType<typeof apiReader>;
let installations: Installation[];

beforeAll(async () => {
  running = await startServer(
    serveOptions([
      '--now',
      NOW,
      '--keys',
      [...PAGE_KEYS, `${ORACLE_KEY}:1000000:1000000`].join(','),
      '--tiles',
      'none',
    ]),
  );
  api = apiReader(running.url, ORACLE_KEY);
  installations = await api.allAround(CENTRE.latitude, CENTRE.longitude);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await running?.close();
});

interface OpenPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Checks that no request of the page was refused with 429, nor said so; then closes. */
  readonly close: () => Promise<void>;
}

async function openPage(
  locale = 'en-GB',
  origin = running.url,
  key = PAGE_KEYS[keysUsed++]!,
): Promise<OpenPage> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const requests = trackApiRequests(page);
  await page.goto(`${origin}/#key=${key}`);
  await waitUntilColoured(page, installations.length);
  // The whole network coloured from at most three requests: the index list, the
  // installations and the network's colours.
  expect(requests.paths().length).toBeLessThanOrEqual(3);
  expect(errors).toEqual([]);
  return {
    context,
    page,
    close: async () => {
      expect(requests.refused()).toEqual([]);
      const status = page.locator('[data-testid="status"]');
      expect(await status.getAttribute('data-failure')).toBeNull();
      expect(await status.textContent()).not.toContain('429');
      expect(errors).toEqual([]);
      await context.close();
    },
  };
}

async function expectColoursOf(page: Page, indexType: string): Promise<void> {
  const drawn = await markColours(page);
  const answers = await Promise.all(
    installations.map(async (installation) => {
      const payload = await api.measurements(installation.id, indexType);
      return [installation.id, payload.current.indexes[0]?.color ?? 'none'] as const;
    }),
  );
  const expected: Record<number, string> = Object.fromEntries(answers);
  expect(drawn).toEqual(expected);
  // The fill really drawn is the colour the mark names.
  const fills = await page.$$eval('[data-installation-id]', (marks) =>
    marks.map((mark) => [getComputedStyle(mark).fill, mark.getAttribute('data-color')]),
  );
  for (const [fill, color] of fills) {
    const hex = `#${(fill?.match(/\d+/g) ?? []).map((c) => Number(c).toString(16).padStart(2, '0')).join('')}`;
    expect(hex.toUpperCase()).toBe(color?.toUpperCase());
  }
}

describe('the page at /', () => {
  it('draws every installation /v2/installations/nearest returns, none twice, no retired one', async () => {
    const { page, close } = await openPage();
    const ids = await page.$$eval('[data-installation-id]', (marks) =>
      marks.map((mark) => Number(mark.getAttribute('data-installation-id'))),
    );
    expect(ids.length).toBe(installations.length);
    expect(new Set(ids)).toEqual(new Set(installations.map((installation) => installation.id)));
    // No tiles: the outline and a scale still say where and how large the network is.
    await expect(page.locator('[data-testid="map"] path.outline').count()).resolves.toBe(1);
    await expect(page.locator('.leaflet-control-scale-line').textContent()).resolves.toMatch(
      /^\d+ k?m$/,
    );
    await page.screenshot({ path: join(screenshotDir(), 'page-map.png') });
    await close();
  });

  it('draws the tiles of --tiles under the marks, with their attribution', async () => {
    const tiles = await startTileServer();
    const withTiles = await startServer(
      serveOptions([
        '--now',
        NOW,
        '--keys',
        'tile-page-key',
        '--tiles',
        tiles.template,
        '--tiles-attribution',
        'Test tiles © nobody',
      ]),
    );
    try {
      const { page, close } = await openPage('en-GB', withTiles.url, 'tile-page-key');
      await page.waitForFunction(
        () =>
          document.querySelectorAll('.leaflet-tile-loaded').length > 0 &&
          document.querySelectorAll('.leaflet-tile:not(.leaflet-tile-loaded)').length === 0,
      );
      expect(tiles.requests()).toBeGreaterThan(0);
      await expect(page.locator('.leaflet-control-attribution').textContent()).resolves.toBe(
        'Test tiles © nobody',
      );
      await expect(page.locator('[data-testid="tiles-note"]').isHidden()).resolves.toBe(true);
      await expect(page.locator('[data-installation-id]').count()).resolves.toBe(
        installations.length,
      );
      await page.screenshot({ path: join(screenshotDir(), 'page-map-tiles.png') });
      await close();
    } finally {
      await withTiles.close();
      await tiles.close();
    }
  });

  it('colours each mark as the API does, for every index type in the selector', async () => {
    const { page, close } = await openPage();
    const meta = await api.get<IndexTypeMeta[]>('/v2/meta/indexes');
    const options = await page.$$eval('[data-testid="index-type"] option', (list) =>
      list.map((option) => (option as HTMLOptionElement).value),
    );
    expect(options[0]).toBe('VENDOR_CAQI');
    expect([...options].sort()).toEqual(meta.map((index) => index.name).sort());
    // The nine index types of the spec and the seven of issue 33 (more-indexes.md §1), each once.
    expect([...options].sort()).toEqual(
      [
        ...['VENDOR_CAQI', 'CAQI', 'PIJP', 'US_AQI', 'EAQI', 'UK_DAQI', 'IN_NAQI', 'CN_AQI'],
        ...['CA_AQHI', 'DEU_UBA', 'FRA_ATMO', 'KOR_CAI', 'SGP_PSI', 'HKG_AQHI', 'AUS_AQC'],
        'THA_AQI',
      ].sort(),
    );
    await expectColoursOf(page, 'VENDOR_CAQI');
    for (const indexType of options.slice(1)) {
      await page.selectOption('[data-testid="index-type"]', indexType);
      await waitUntilColoured(page, installations.length);
      await expectColoursOf(page, indexType);
      const legend = await page.$$eval('[data-testid="legend"] li', (items) =>
        items.map((item) => item.getAttribute('data-color')),
      );
      expect(legend).toEqual(
        meta.find((index) => index.name === indexType)?.levels.map((l) => l.color),
      );
    }
    await close();
    // Every index type × 166 installations asked by the test: a loaded machine needs more
    // than the config's minute.
  }, 300_000);

  it('opens a panel with the address and a 48-hour chart when an installation is clicked', async () => {
    const { page, close } = await openPage();
    const chosen = installations[0]!;
    await page.click(`[data-installation-id="${chosen.id}"]`);
    const panel = page.locator('[data-testid="panel"]');
    await panel.locator('[data-testid="chart"] canvas').first().waitFor();
    const text = (await panel.textContent()) ?? '';
    for (const part of [chosen.address.street, chosen.address.number, chosen.address.city])
      if (part) expect(text).toContain(part);
    expect(text).toContain(chosen.sponsor.name);
    await expect(panel.locator('[data-testid="chart"]').getAttribute('data-hours')).resolves.toBe(
      '48',
    );
    const payload = await api.measurements(chosen.id, 'VENDOR_CAQI');
    expect(text).toContain(payload.current.indexes[0]?.description);
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(screenshotDir(), 'page-panel.png'), fullPage: true });
    await close();
  });

  it('asks /v2/measurements/point for an empty place and marks the installations that contributed', async () => {
    const { page, close } = await openPage();
    const box = (await page.locator('[data-testid="map"]').boundingBox())!;
    const centreMark = (await page
      .locator(`[data-installation-id="${installations[0]!.id}"]`)
      .boundingBox())!;
    // A few pixels beside the installation nearest the centre: near it, but not on a mark.
    let clicked = false;
    for (const [dx, dy] of [
      [14, 0],
      [0, 14],
      [-14, 0],
      [0, -14],
      [14, 14],
      [-14, -14],
    ] as const) {
      const x = centreMark.x + centreMark.width / 2 + dx;
      const y = centreMark.y + centreMark.height / 2 + dy;
      const onMark = await page.evaluate(
        ([px, py]) => document.elementFromPoint(px!, py!)?.hasAttribute('data-installation-id'),
        [x, y],
      );
      if (onMark || x < box.x || y < box.y) continue;
      await page.mouse.click(x, y);
      clicked = true;
      break;
    }
    expect(clicked).toBe(true);
    const panel = page.locator('[data-testid="panel"]');
    await panel.locator('[data-testid="chart"] canvas').first().waitFor();
    const marked = await page.$$eval('[data-contributing]', (marks) =>
      marks.map((mark) => Number(mark.getAttribute('data-installation-id'))).sort((a, b) => a - b),
    );
    const latitude = await panel.getAttribute('data-latitude');
    const longitude = await panel.getAttribute('data-longitude');
    const point = await api.get<{ interpolation: { contributors: { installationId: number }[] } }>(
      `/v2/measurements/point?lat=${latitude}&lng=${longitude}&indexType=VENDOR_CAQI`,
    );
    const contributors = point.interpolation.contributors.map((c) => c.installationId);
    expect(contributors.length).toBeGreaterThan(0);
    expect(marked).toEqual([...contributors].sort((a, b) => a - b));
    await close();
  });

  it('follows a Polish browser: its own texts, the API texts and numbers in Polish', async () => {
    const { page, close } = await openPage('pl-PL');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('pl');
    await expect(page.inputValue('[data-testid="language"]')).resolves.toBe('pl');
    const meta = await api.get<IndexTypeMeta[]>('/v2/meta/indexes', 'pl');
    const legend = await page.$$eval('[data-testid="legend"] li .level', (items) =>
      items.map((item) => item.textContent),
    );
    expect(legend).toEqual(
      meta.find((index) => index.name === 'VENDOR_CAQI')?.levels.map((l) => l.description),
    );
    const chosen = installations[1]!;
    await page.click(`[data-installation-id="${chosen.id}"]`);
    await page.locator('[data-testid="chart"] canvas').first().waitFor();
    const payload = await api.measurements(chosen.id, 'VENDOR_CAQI', 'pl');
    const text = (await page.locator('[data-testid="panel"]').textContent()) ?? '';
    expect(text).toContain(payload.current.indexes[0]?.description);
    expect(text).toContain('Wysokość');
    // Switching to English translates the open panel too.
    await page.selectOption('[data-testid="language"]', 'en');
    const english = await api.measurements(chosen.id, 'VENDOR_CAQI', 'en');
    await page.waitForFunction(
      (description) =>
        document.querySelector('[data-testid="panel"]')?.textContent?.includes(description),
      english.current.indexes[0]?.description ?? '',
    );
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await close();
  });

  it('reaches every installation with the keyboard, and Enter opens its panel', async () => {
    const { page, close } = await openPage();
    await page.focus('[data-testid="map"]');
    const reached = new Set<number>();
    for (let i = 0; i < installations.length + 5; i++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() =>
        document.activeElement?.getAttribute('data-installation-id'),
      );
      if (id === null || id === undefined) break;
      reached.add(Number(id));
    }
    expect(reached).toEqual(new Set(installations.map((installation) => installation.id)));
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="chart"]').waitFor();
    const last = await page.evaluate(() =>
      document.querySelector('[data-testid="panel"]')?.getAttribute('data-installation-id'),
    );
    // The focus moved into the panel, and Escape brings it back to the mark.
    await expect(
      page.evaluate(() => document.activeElement?.closest('[data-testid="panel"]') !== null),
    ).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-testid="panel"]').isHidden()).resolves.toBe(true);
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('data-installation-id')),
    ).resolves.toBe(last);
    await close();
  });

  it('has no serious or critical accessibility violations (axe-core), with and without the panel', async () => {
    const { page, close } = await openPage();
    const violations = async () => {
      await page.evaluate(axeSource);
      return page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: {
              run: () => Promise<{
                violations: { id: string; impact: string; nodes: unknown[] }[];
              }>;
            };
          }
        ).axe.run();
        return result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id} (${violation.impact}, ${violation.nodes.length})`);
      });
    };
    await expect(violations()).resolves.toEqual([]);
    await page.click(`[data-installation-id="${installations[2]!.id}"]`);
    await page.locator('[data-testid="chart"] canvas').first().waitFor();
    await expect(violations()).resolves.toEqual([]);
    await close();
  });
});
