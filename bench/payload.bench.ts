import { bench, describe } from 'vitest';
import type { Measurements } from '../src/model/api-types.js';
import { createMeasurementsService } from '../src/payload/create-measurements-service.js';
import type { MeasurementsService } from '../src/payload/measurements-service.js';
import { SAMPLE_ACTIVE_SITE_COUNT } from '../src/sample/network-layout.js';
import {
  assertSamePayload,
  assertSamePointPayload,
  payloadChecksum,
} from './helpers/payload-agreement.js';
import { collectGarbage } from './helpers/payload-gc.js';
import { naiveInstallationPayload, naivePointPayload } from './helpers/payload-naive-assembly.js';
import type { NaiveDataset } from './helpers/payload-naive-series.js';
import { captureSampleNetwork } from './helpers/payload-sample-capture.js';
import { PROBE_CLUSTER_SIZE, syntheticNetwork } from './helpers/payload-synthetic-network.js';

// Measurements payloads, airq against a naive assembly that keeps raw samples as objects in
// plain arrays and recomputes every window average with a linear scan (and finds neighbours
// with a haversine scan of every installation). Both sides share the pure parts (forecaster,
// index, WHO standards, rounding, IDW) and are checked to give the same payload before timing.
//
// The default run (166, 10k and 100k installations) takes about 45 s. The 1M groups are
// opt-in: building that network takes about 2 minutes, the whole file then about 6 minutes,
// with a peak of some 9 GB resident (the naive side alone holds 48M sample objects), more heap
// than Node's default limit. Their means include multi-second major GC pauses of that heap;
// read their medians too (`--outputJson`).
//   AIRQ_BENCH_1M=1 NODE_OPTIONS=--max-old-space-size=12000 npx vitest bench --run bench/payload.bench.ts

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const REQUEST = Object.freeze({ now: NOW_MS });
// Long enough for a busy 2-core machine to average out, short enough for ~45 s in total.
const BENCH_OPTIONS = { time: 2000, warmupTime: 300 };
// A naive point query over a million installations takes a good part of a second.
const FEW_RUNS = { time: 0, iterations: 10, warmupTime: 0, warmupIterations: 1 };

const SYNTHETIC_SIZES: readonly { readonly count: number; readonly label: string }[] = [
  { count: 10_000, label: '10k' },
  { count: 100_000, label: '100k' },
  ...(process.env.AIRQ_BENCH_1M === '1' ? [{ count: 1_000_000, label: '1M' }] : []),
];

// Consumed after every run so that the engine cannot drop the work.
let sink = 0;
function consume(payload: Measurements | undefined): void {
  if (payload === undefined) throw new Error('bench/payload: no payload');
  sink += payloadChecksum(payload);
}

async function installationPayload(service: MeasurementsService, id: number) {
  const result = await service.installationMeasurements(id, REQUEST);
  if (result.status !== 'ok')
    throw new Error(`bench/payload: installation ${id} is ${result.status}`);
  return result.payload;
}

/** Checks both sides once, outside the timed functions, and warms the service's index. */
async function checkAgreement(
  label: string,
  service: MeasurementsService,
  naive: NaiveDataset,
  installationId: number,
  point: { readonly latitude: number; readonly longitude: number },
  expect: {
    readonly installationWindows: number;
    readonly pointWindows: number;
    readonly contributors: number;
  },
): Promise<void> {
  assertSamePayload(
    `${label}: installation ${installationId}`,
    await installationPayload(service, installationId),
    naiveInstallationPayload(naive, installationId, NOW_MS)!,
    expect.installationWindows,
  );
  assertSamePointPayload(
    `${label}: point ${point.latitude}, ${point.longitude}`,
    (await service.pointMeasurements(point.latitude, point.longitude, REQUEST)).payload,
    naivePointPayload(naive, point.latitude, point.longitude, NOW_MS),
    expect.pointWindows,
    expect.contributors,
  );
}

/** Everything one group of benchmarks works on, built once before its first timed run. */
interface PayloadCase {
  /** The service as users get it: history and forecast cached per hour (warm here). */
  readonly service: MeasurementsService;
  /** The same store with the cache off: every request recomputes all 49 windows. */
  readonly uncachedService: MeasurementsService;
  readonly naive: NaiveDataset;
  readonly installationId: number;
  readonly point: { readonly latitude: number; readonly longitude: number };
}

// vitest's benchmark runner does not run beforeAll/afterAll hooks, so the data is built in
// tinybench's `setup` (awaited before warm-up and before the timed runs, never timed itself)
// and kept here by name until the last benchmark that needs it has run.
const cases = new Map<string, PayloadCase>();

function payloadCase(name: string): PayloadCase {
  const built = cases.get(name);
  if (built === undefined) throw new Error(`bench/payload: ${name} was not built`);
  return built;
}

/**
 * Options of a benchmark of case `name`: builds the case on first use and, for the last
 * benchmark of the case, releases it afterwards so that a larger network finds the memory.
 */
function caseOptions(
  name: string,
  build: () => Promise<PayloadCase>,
  runs: typeof BENCH_OPTIONS | typeof FEW_RUNS,
  last = false,
) {
  return {
    ...runs,
    throws: true,
    // Benchmarks run one after another, so no two builds of one case overlap.
    setup: async (_task: unknown, mode: 'warmup' | 'run') => {
      if (!cases.has(name)) cases.set(name, await build());
      // Once per benchmark, right before its timed runs (a full collection of the 1M
      // network's heap takes seconds).
      if (mode === 'run') collectGarbage();
    },
    teardown: (_task: unknown, mode: 'warmup' | 'run') => {
      if (!Number.isFinite(sink)) throw new Error('bench/payload: sink is not finite');
      if (last && mode === 'run') cases.delete(name);
    },
  };
}

async function buildSampleNetworkCase(): Promise<PayloadCase> {
  const captured = await captureSampleNetwork(NOW_MS);
  const service = createMeasurementsService({ store: captured.network.store });
  const uncachedService = createMeasurementsService({
    store: captured.network.store,
    cacheSize: 0,
  });
  const { naive } = captured;
  // A complete own device reporting all along: the most samples per payload.
  const { ids } = captured.network;
  const special = new Set([ids.replacement, ids.chainEnd, ...ids.partial]);
  const installationId = naive.installations.find((i) => i.vendor && !special.has(i.id))!.id;
  const point = captured.network.centre;
  await checkAgreement('sample network', service, naive, installationId, point, {
    installationWindows: 40,
    pointWindows: 40,
    contributors: 10,
  });
  return { service, uncachedService, naive, installationId, point };
}

async function buildSyntheticCase(count: number, label: string): Promise<PayloadCase> {
  const network = syntheticNetwork(count, NOW_MS);
  const service = createMeasurementsService({ store: network.store });
  const uncachedService = createMeasurementsService({ store: network.store, cacheSize: 0 });
  // The first point query also builds the service's spatial index (once per change).
  await checkAgreement(
    `synthetic ${label}`,
    service,
    network.naive,
    network.probeId,
    network.centre,
    {
      installationWindows: 3,
      pointWindows: 3,
      contributors: PROBE_CLUSTER_SIZE,
    },
  );
  return {
    service,
    uncachedService,
    naive: network.naive,
    installationId: network.probeId,
    point: network.centre,
  };
}

/** The installation group and the point group of one network. */
function payloadGroups(
  name: string,
  titles: { readonly installation: string; readonly point: string },
  build: () => Promise<PayloadCase>,
  naivePointRuns: typeof BENCH_OPTIONS | typeof FEW_RUNS,
): void {
  describe(titles.installation, () => {
    bench(
      'airq installationMeasurements',
      async () => {
        const { service, installationId } = payloadCase(name);
        consume(await installationPayload(service, installationId));
      },
      caseOptions(name, build, BENCH_OPTIONS),
    );
    bench(
      'airq installationMeasurements, cache off',
      async () => {
        const { uncachedService, installationId } = payloadCase(name);
        consume(await installationPayload(uncachedService, installationId));
      },
      caseOptions(name, build, BENCH_OPTIONS),
    );
    bench(
      'naive linear scans',
      () => {
        const { naive, installationId } = payloadCase(name);
        consume(naiveInstallationPayload(naive, installationId, NOW_MS));
      },
      caseOptions(name, build, BENCH_OPTIONS),
    );
  });

  describe(titles.point, () => {
    bench(
      'airq pointMeasurements',
      async () => {
        const { service, point } = payloadCase(name);
        consume(
          (await service.pointMeasurements(point.latitude, point.longitude, REQUEST)).payload,
        );
      },
      caseOptions(name, build, BENCH_OPTIONS),
    );
    bench(
      'airq pointMeasurements, cache off',
      async () => {
        const { uncachedService, point } = payloadCase(name);
        consume(
          (await uncachedService.pointMeasurements(point.latitude, point.longitude, REQUEST))
            .payload,
        );
      },
      caseOptions(name, build, BENCH_OPTIONS),
    );
    bench(
      'naive haversine scan + linear scans',
      () => {
        const { naive, point } = payloadCase(name);
        consume(naivePointPayload(naive, point.latitude, point.longitude, NOW_MS));
      },
      caseOptions(name, build, naivePointRuns, true),
    );
  });
}

payloadGroups(
  'sample network',
  {
    installation: `installation payload · sample network, 48 h · N=${SAMPLE_ACTIVE_SITE_COUNT} installations`,
    point: `point payload at the centre · sample network, 48 h · N=${SAMPLE_ACTIVE_SITE_COUNT} installations`,
  },
  buildSampleNetworkCase,
  BENCH_OPTIONS,
);

for (const { count, label } of SYNTHETIC_SIZES) {
  payloadGroups(
    `synthetic ${label}`,
    {
      installation: `installation payload · synthetic, PM25 + PM10 for 2 h · N=${label} installations`,
      point: `point payload, ${PROBE_CLUSTER_SIZE} within 1.5 km · synthetic · N=${label} installations`,
    },
    () => buildSyntheticCase(count, label),
    count >= 1_000_000 ? FEW_RUNS : BENCH_OPTIONS,
  );
}
