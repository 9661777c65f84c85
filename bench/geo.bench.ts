import { featureCollection, point } from '@turf/helpers';
import nearestPoint from '@turf/nearest-point';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { bench, describe } from 'vitest';
import { InstallationIndex } from '../src/geo/installation-index.js';
import { INTERPOLATION_RADIUS_KM, interpolateAverages } from '../src/geo/interpolate-averages.js';
import type { WindowAverages } from '../src/model/window-averages.js';
import {
  linearNearest,
  linearWithin,
  naiveInterpolateAt,
  type RawSeries,
  rawAverage,
} from './helpers/geo-baselines.js';
import {
  GEO_BENCH_QUERY_COUNT,
  type GeoBenchData,
  geoBenchData,
  lastSizeCache,
} from './helpers/geo-data.js';
import { seededRandom } from './helpers/seeded-random.js';
import { consume } from './helpers/sink.js';

// Sizes of the installation sets; IDW stops at 100k because its raw samples would need GBs.
const SIZES = [10_000, 100_000, 1_000_000] as const;
const IDW_SIZES = [10_000, 100_000] as const;
const NEAREST_KM = 3;

// Fast queries: long enough to average out a busy 2-core machine.
const QUERY_OPTIONS = { time: 1000, warmupTime: 200 };
// Slow baselines (a full scan per query): a handful of iterations is enough.
const SCAN_OPTIONS = { time: 300, iterations: 10, warmupTime: 0, warmupIterations: 2 };
const TURF_OPTIONS = { time: 0, iterations: 5, warmupTime: 0, warmupIterations: 1 };
const BUILD_OPTIONS = { time: 3000, iterations: 5, warmupTime: 0, warmupIterations: 2 };

/** Everything the query benchmarks read, built once per size. */
interface Prepared {
  readonly data: GeoBenchData;
  readonly index: InstallationIndex;
  /** A bare kdbush tree with the default node size (64), as a user would build it. */
  readonly tree: KDBush;
  /** A bare kdbush tree with airq's node size (32), to show airq's own overhead. */
  readonly tree32: KDBush;
}

const prepared = lastSizeCache((size): Prepared => {
  const data = geoBenchData(size);
  const tree = new KDBush(size);
  const tree32 = new KDBush(size, 32);
  for (const { longitude, latitude } of data.points) {
    tree.add(longitude, latitude);
    tree32.add(longitude, latitude);
  }
  const index = InstallationIndex.from(data.points);
  return { data, index, tree: tree.finish(), tree32: tree32.finish() };
});

const turfCollection = lastSizeCache((size) =>
  featureCollection(
    prepared(size).data.points.map((p) => point([p.longitude, p.latitude], { id: p.id })),
  ),
);

/** A function returning the next query point's offset (×2) in the fixed seeded query array. */
function queryCycle(): () => number {
  let next = 0;
  return () => {
    const at = next;
    next = (next + 1) % GEO_BENCH_QUERY_COUNT;
    return 2 * at;
  };
}

function label(size: number): string {
  return size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`;
}

for (const size of SIZES) {
  describe(`nearest (k = 1, ${NEAREST_KM} km), ${label(size)} installations`, () => {
    // Built by `setup`, not while vitest collects the groups of every size.
    let p!: Prepared;
    const setup = () => {
      p = prepared(size);
    };
    const airqQuery = queryCycle();
    bench(
      'airq InstallationIndex.nearest',
      () => {
        const at = airqQuery();
        const hits = p.index.nearest(p.data.queries[at]!, p.data.queries[at + 1]!);
        consume(hits.length === 0 ? -1 : hits[0]!.id);
      },
      { ...QUERY_OPTIONS, setup },
    );
    const bareQuery = queryCycle();
    bench(
      'geokdbush.around (bare)',
      () => {
        const at = bareQuery();
        const found = around(p.tree, p.data.queries[at + 1]!, p.data.queries[at]!, 1, NEAREST_KM);
        consume(found.length === 0 ? -1 : found[0]! + 1);
      },
      { ...QUERY_OPTIONS, setup },
    );
    const bare32Query = queryCycle();
    bench(
      'geokdbush.around (bare, node size 32 like airq)',
      () => {
        const at = bare32Query();
        const found = around(p.tree32, p.data.queries[at + 1]!, p.data.queries[at]!, 1, NEAREST_KM);
        consume(found.length === 0 ? -1 : found[0]! + 1);
      },
      { ...QUERY_OPTIONS, setup },
    );
    const scanQuery = queryCycle();
    bench(
      'linear haversine scan',
      () => {
        const at = scanQuery();
        const { latitudes, longitudes, queries } = p.data;
        consume(linearNearest(latitudes, longitudes, queries[at]!, queries[at + 1]!, NEAREST_KM));
      },
      size >= 100_000 ? { ...SCAN_OPTIONS, setup } : { ...QUERY_OPTIONS, setup },
    );
    const turfQuery = queryCycle();
    let collection: ReturnType<typeof turfCollection> | undefined;
    bench(
      '@turf/nearest-point',
      () => {
        const at = turfQuery();
        const found = nearestPoint(
          [p.data.queries[at + 1]!, p.data.queries[at]!],
          collection!, // ! : built by setup before any iteration
        );
        // turf has no distance limit; apply the 3 km afterwards as the spec requires
        consume(
          found.properties.distanceToPoint <= NEAREST_KM ? found.properties.featureIndex : -1,
        );
      },
      {
        ...(size >= 100_000 ? TURF_OPTIONS : SCAN_OPTIONS),
        setup: () => {
          setup();
          collection = turfCollection(size);
        },
      },
    );
  });

  describe(`within ${INTERPOLATION_RADIUS_KM} km, ${label(size)} installations`, () => {
    // Built by `setup`, not while vitest collects the groups of every size.
    let p!: Prepared;
    const setup = () => {
      turfCollection.clear(); // only the nearest group needs it
      p = prepared(size);
    };
    const airqQuery = queryCycle();
    bench(
      'airq InstallationIndex.within',
      () => {
        const at = airqQuery();
        const hits = p.index.within(
          p.data.queries[at]!,
          p.data.queries[at + 1]!,
          INTERPOLATION_RADIUS_KM,
        );
        consume(hits.length);
      },
      { ...QUERY_OPTIONS, setup },
    );
    const aroundQuery = queryCycle();
    bench(
      'geokdbush.around (bare, maxDistance 1.5)',
      () => {
        const at = aroundQuery();
        const found = around(
          p.tree,
          p.data.queries[at + 1]!,
          p.data.queries[at]!,
          Number.POSITIVE_INFINITY,
          INTERPOLATION_RADIUS_KM,
        );
        consume(found.length);
      },
      { ...QUERY_OPTIONS, setup },
    );
    const scanQuery = queryCycle();
    bench(
      'linear haversine scan',
      () => {
        const at = scanQuery();
        const { latitudes, longitudes, queries } = p.data;
        consume(
          linearWithin(
            latitudes,
            longitudes,
            queries[at]!,
            queries[at + 1]!,
            INTERPOLATION_RADIUS_KM,
          ).length,
        );
      },
      size >= 100_000 ? { ...SCAN_OPTIONS, setup } : { ...QUERY_OPTIONS, setup },
    );
  });

  if ((IDW_SIZES as readonly number[]).includes(size)) {
    describe(`IDW at a point (within ${INTERPOLATION_RADIUS_KM} km + window averages), ${label(size)} installations`, () => {
      // Built by `setup`, not while vitest collects the groups of every size.
      let p!: Prepared;
      let samples!: Readonly<Record<string, RawSeries>>[];
      const setup = () => {
        p = prepared(size);
        samples = rawSamples(size);
      };
      const airqQuery = queryCycle();
      bench(
        'airq within + interpolateAverages',
        () => {
          const at = airqQuery();
          const hits = p.index.within(
            p.data.queries[at]!,
            p.data.queries[at + 1]!,
            INTERPOLATION_RADIUS_KM,
          );
          // ids are positions + 1 in the bench data; averages come from the same raw samples
          const averages = hits.map((hit) => windowAverages(samples[hit.id - 1]!));
          consume(Object.keys(interpolateAverages(hits, averages)).length);
        },
        { ...QUERY_OPTIONS, setup },
      );
      const naiveQuery = queryCycle();
      bench(
        'naive: scan all installations, averages from raw samples',
        () => {
          const at = naiveQuery();
          const { latitudes, longitudes, queries } = p.data;
          const result = naiveInterpolateAt(
            latitudes,
            longitudes,
            samples,
            queries[at]!,
            queries[at + 1]!,
            INTERPOLATION_RADIUS_KM,
            WINDOW_FROM_MS,
            WINDOW_TILL_MS,
          );
          consume(Object.keys(result).length);
        },
        size >= 100_000 ? { ...SCAN_OPTIONS, setup } : { ...QUERY_OPTIONS, setup },
      );
    });
  }

  describe(`index build, ${label(size)} installations`, () => {
    let points!: GeoBenchData['points'];
    const setup = () => {
      // The turf features and raw samples would only make every garbage collection slower.
      turfCollection.clear();
      rawSamples.clear();
      points = geoBenchPoints(size);
    };
    bench(
      'airq InstallationIndex.from',
      () => {
        consume(InstallationIndex.from(points).size);
      },
      { ...BUILD_OPTIONS, setup },
    );
    bench(
      'bare new KDBush(n) + add + finish',
      () => {
        const tree = new KDBush(points.length);
        for (let i = 0; i < points.length; i++) {
          const point = points[i]!; // ! : i < length
          tree.add(point.longitude, point.latitude);
        }
        consume(tree.finish().numItems);
      },
      { ...BUILD_OPTIONS, setup },
    );
  });
}

function geoBenchPoints(size: number) {
  return prepared(size).data.points;
}

// ---- raw samples for the IDW benchmark ----------------------------------------------------

// The window is the spec's `current`: the last 60 minutes; samples every 5 minutes over the
// last two hours, so half of each series lies outside the window.
const WINDOW_TILL_MS = Date.UTC(2026, 10, 21, 9, 27);
const WINDOW_FROM_MS = WINDOW_TILL_MS - 3_600_000;
const SAMPLE_STEP_MS = 300_000;
const SAMPLES_PER_SERIES = 24;

const rawSamples = lastSizeCache((size): Readonly<Record<string, RawSeries>>[] => {
  const random = seededRandom(size + 2);
  const atMs = Float64Array.from(
    { length: SAMPLES_PER_SERIES },
    (_, i) => WINDOW_TILL_MS - (SAMPLES_PER_SERIES - i) * SAMPLE_STEP_MS,
  );
  const series = (base: number): RawSeries => ({
    atMs,
    values: Float64Array.from({ length: SAMPLES_PER_SERIES }, () => base * (0.5 + random())),
  });
  return Array.from({ length: size }, () => {
    const record: Record<string, RawSeries> = { PM25: series(25), PM10: series(40) };
    // One installation in five has no PM1 sensor: that type then renormalises without it.
    if (random() < 0.8) record.PM1 = series(15);
    return record;
  });
});

function windowAverages(record: Readonly<Record<string, RawSeries>>): WindowAverages {
  const averages: Record<string, number> = {};
  for (const type in record) {
    const value = rawAverage(record[type]!, WINDOW_FROM_MS, WINDOW_TILL_MS);
    if (value !== undefined) averages[type] = value;
  }
  return averages;
}
