import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  type PageServer,
  startPageServer,
  startSampleShell,
} from '../helpers/browser-page.js';
import type { TestServer } from '../helpers/http-client.js';
import { buildWebBundle } from '../helpers/web-bundle.js';

// The built airq/http (with airq/payload and airq/sample) loaded as ES modules in a page of
// headless Chromium, which has no Buffer and no node: modules: the page builds the adapter over
// the sample network, answers Requests with createFetchHandler, and its JSON must equal the
// node:http shell's for the same instant.
const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEY = 'page-key';
const PATHS = [
  '/v2/meta/indexes',
  '/v2/measurements/point?lat=50.0614&lng=19.9366',
  '/v2/measurements/nearest?lat=50.07&lng=19.93&indexType=EAQI',
  '/v2/installations/nearest?lat=50.0614&lng=19.9366&maxResults=2',
];

let bundle: { dir: string; files: string[] };
let page: PageServer;
let shell: TestServer;
let browser: Browser;

beforeAll(async () => {
  bundle = await buildWebBundle();
  page = await startPageServer('airq in a page', bundle);
  shell = await startSampleShell(NOW_MS, KEY);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await shell?.close();
  await page?.close();
  if (bundle !== undefined) rmSync(bundle.dir, { recursive: true, force: true });
});

// Plain JavaScript run in the page (a string, so that the test runner does not rewrite its
// dynamic imports): the built modules come from the page's own origin.
// A page's Request cannot carry Accept-Encoding (a forbidden header name), so the gzip variant
// asks the core directly and decompresses with the page's own DecompressionStream.
const PAGE_SCRIPT = `async ({ nowMs, key, paths }) => {
  const load = (name) => import(location.origin + '/' + name);
  const { createApi, createFetchHandler } = await load('http.js');
  const { createMeasurementsService } = await load('payload.js');
  const { createSampleNetwork } = await load('sample.js');
  const { store } = createSampleNetwork({ now: nowMs });
  const service = createMeasurementsService({ store });
  const api = createApi({ service, keys: [key], clock: () => nowMs });
  const handler = createFetchHandler(api);
  const answers = [];
  for (const path of paths) {
    const response = await handler(new Request('http://airq.test' + path, { headers: { apikey: key } }));
    answers.push({ path, gzip: false, status: response.status, json: await response.json() });
    const [pathname, query = ''] = path.split('?');
    const headers = { apikey: key, 'accept-encoding': 'gzip' };
    const core = await api.handle({ method: 'GET', path: pathname, query, headers });
    const inflated = new Blob([core.body]).stream().pipeThrough(new DecompressionStream('gzip'));
    const json = JSON.parse(await new Response(inflated).text());
    answers.push({ path, gzip: core.headers['Content-Encoding'] === 'gzip', status: core.status, json });
  }
  return { hasBuffer: 'Buffer' in globalThis, answers };
}`;

interface PageAnswer {
  readonly path: string;
  readonly gzip: boolean;
  readonly status: number;
  readonly json: unknown;
}

describe('airq/http in a browser page', () => {
  it('answers Requests with the built module, as the node:http shell does', async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(page.origin);
      const arguments_ = JSON.stringify({ nowMs: NOW_MS, key: KEY, paths: PATHS });
      const result = (await tab.evaluate(`(${PAGE_SCRIPT})(${arguments_})`)) as {
        hasBuffer: boolean;
        answers: PageAnswer[];
      };
      expect(result.hasBuffer).toBe(false);
      expect(result.answers).toHaveLength(PATHS.length * 2);
      expect(result.answers.map((answer) => answer.gzip)).toEqual(
        PATHS.flatMap(() => [false, true]),
      );
      for (const answer of result.answers) {
        const response = await fetch(`${shell.origin}${answer.path}`, { headers: { apikey: KEY } });
        expect([answer.path, answer.status]).toEqual([answer.path, response.status]);
        expect(answer.json).toEqual(await response.json());
      }
    } finally {
      await tab.close();
    }
  });
});
