// How long the page at `/` takes to draw a network, in headless Chromium (Debian's), measured
// in the page itself: from the start of navigation to every installation's mark on screen,
// coloured by its current index (the index list, the installations and one /v2/airq/network
// response; Leaflet's map, no tiles). The baseline in the same run is the sample network of
// `npm start` (166 installations); the case is 10,000 synthetic installations.
//
//   npx tsx bench/page-draw.ts [--runs 5]
//
// Not a test: timing depends on the machine and its load. Results go to bench/RESULTS.md.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createApi } from '../src/http/create-api.js';
import { createNodeGzip } from '../src/http/node/node-gzip.js';
import { createNodeListener } from '../src/http/node/node-listener.js';
import { createPageListener } from '../src/page/page-listener.js';
import { createMeasurementsService } from '../src/payload/index.js';
import { createSampleNetwork } from '../src/sample/index.js';
import type { MeasurementStore } from '../src/store/measurement-store.js';
import { launchChromium } from '../test/helpers/browser-page.js';
import { machineText } from './helpers/machine-text.js';
import { syntheticNetwork } from './helpers/payload-synthetic-network.js';

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const KEY = 'bench-page-key';
const runsArgument = process.argv.indexOf('--runs');
const RUNS = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 5;

async function serve(store: MeasurementStore): Promise<{ server: Server; origin: string }> {
  const api = createApi({
    service: createMeasurementsService({ store }),
    keys: [{ key: KEY, dayLimit: 10_000_000, minuteLimit: 10_000_000 }],
    clock: () => NOW_MS,
    gzip: createNodeGzip(),
  });
  const server = createServer(createPageListener(createNodeListener(api)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const browser = await launchChromium();

async function measure(name: string, store: MeasurementStore, count: number) {
  const { server, origin } = await serve(store);
  const loaded: number[] = [];
  const drawn: number[] = [];
  try {
    // One run to warm the server's caches and the page bundle, not counted.
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${origin}/#key=${KEY}`);
      await page.waitForFunction(
        () => performance.getEntriesByName('airq-page:map-drawn').length > 0,
        undefined,
        { timeout: 600_000, polling: 100 },
      );
      const marks = await page.evaluate(() => ({
        loaded:
          performance.getEntriesByName('airq-page:installations-loaded')[0]?.startTime ??
          Number.NaN,
        drawn: performance.getEntriesByName('airq-page:map-drawn')[0]?.startTime ?? Number.NaN,
        count: document.querySelectorAll('[data-installation-id]').length,
      }));
      if (marks.count !== count)
        throw new Error(`${name}: ${marks.count} marks, expected ${count}`);
      if (run > 0) {
        loaded.push(marks.loaded);
        drawn.push(marks.drawn);
      }
      await context.close();
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return {
    name,
    count,
    loadedMs: median(loaded),
    drawnMs: median(drawn),
    drawn,
  };
}

const sample = createSampleNetwork({ now: NOW_MS });
const sampleCount = (await sample.store.listActiveInstallations()).length;
const baseline = await measure('sample network (baseline)', sample.store, sampleCount);
const large = await measure(
  '10,000 synthetic installations',
  syntheticNetwork(10_000, NOW_MS).store,
  10_000,
);
await browser.close();

console.log(
  `${machineText(`Chromium ${browser.version()}`)}; ${RUNS} runs each, medians (ms from navigation start)`,
);
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
console.log('| network | installations | lists received | marks on screen, coloured |');
console.log('|---|---:|---:|---:|');
for (const row of [baseline, large])
  console.log(
    `| ${row.name} | ${row.count} | ${row.loadedMs.toFixed(0)} | ${row.drawnMs.toFixed(0)} |`,
  );
console.log(`ratio 10,000 / baseline: ${(large.drawnMs / baseline.drawnMs).toFixed(1)}×`);
console.log(`all runs: ${JSON.stringify({ baseline: baseline.drawn, large: large.drawn })}`);
