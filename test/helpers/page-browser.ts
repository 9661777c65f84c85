import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parseCliArgs, type ServeOptions } from '../../src/cli/parse-args.js';
import type { Installation, Measurements } from '../../src/model/api-types.js';

/** Where the page's browser tests write their screenshots (ignored by git). */
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'page');

/** The screenshot folder, created when missing. */
export function screenshotDir(): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return SCREENSHOT_DIR;
}

/** `npm start`'s options from its flags, on a free port and without a log. */
export function serveOptions(argv: readonly string[]): ServeOptions {
  const command = parseCliArgs(['--port', '0', '--quiet', ...argv], {});
  if (command.kind !== 'serve') throw new Error(`bad test flags: ${JSON.stringify(command)}`);
  return command.options;
}

/** A `/v2` client of the test itself: the oracle the page is compared with. */
export function apiReader(origin: string, key: string) {
  async function get<T>(path: string, language = 'en'): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      headers: { apikey: key, 'Accept-Language': language },
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  }
  return {
    get,
    /** Every installation `/v2/installations/nearest` returns around a point, with no limit. */
    allAround: (latitude: number, longitude: number) =>
      get<Installation[]>(
        `/v2/installations/nearest?lat=${latitude}&lng=${longitude}&maxDistanceKM=-1&maxResults=-1`,
      ),
    measurements: (id: number, indexType: string, language = 'en') =>
      get<Measurements>(
        `/v2/measurements/installation?installationId=${id}&indexType=${indexType}`,
        language,
      ),
  };
}

/** Each mark's id and the colour it says it is drawn in. */
export function markColours(page: Page): Promise<Record<number, string>> {
  return page.$$eval('[data-installation-id]', (marks) =>
    Object.fromEntries(
      marks.map((mark) => [
        Number(mark.getAttribute('data-installation-id')),
        mark.getAttribute('data-color') ?? '',
      ]),
    ),
  );
}

/**
 * Watches a page's requests to `/v2`: the paths asked so far, and those answered 429 (the
 * page's key over its limits).
 */
export function trackApiRequests(page: Page): {
  readonly paths: () => string[];
  readonly refused: () => string[];
} {
  const paths: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v2/')) paths.push(url.pathname + url.search);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/v2/') && response.status() === 429)
      refused.push(url.pathname + url.search);
  });
  return { paths: () => [...paths], refused: () => [...refused] };
}

/** Waits until the page reports every installation coloured. */
export async function waitUntilColoured(page: Page, total: number): Promise<void> {
  await page.waitForSelector(`[data-testid="status"][data-progress="${total}/${total}"]`, {
    state: 'attached',
    timeout: 120_000,
  });
}
