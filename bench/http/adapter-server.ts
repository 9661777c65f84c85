// Server A of `npm run bench:http`, run as its own process:
//   node --import tsx bench/http/adapter-server.ts --now live|2026-11-21T09:27:00Z --key K [--gzip web] [--floor]
// The /v2 adapter over the seeded sample network as `npm start` serves it: the live clock with
// the network producing samples every 30 s (or, with an ISO --now, a frozen clock and no new
// samples), one key whose limits never refuse, and no access log. With `--redis URL` the rate-limit
// counters live in that Redis (RedisCounterStore) instead of in memory. gzip is `createNodeGzip()` (node:zlib)
// as `npm start` uses it, or the adapter's default CompressionStream with `--gzip web`. The
// parent can switch the V8 CPU profiler (the one behind `node --cpu-prof`) on and off, to
// profile just a load window. With `--floor`, the floor listener (floor-listener.ts) answers
// instead of `createNodeListener`, over the same adapter in the same process. For the ablations
// of docs/design.md: `--cache-bytes 0` switches the response cache off, `--no-splice` gzips each
// Measurements body whole instead of splicing it onto the kept DEFLATE stream.
import { createServer } from 'node:http';
import { SAMPLE_PRODUCE_INTERVAL_MS } from '../../src/cli/start-server.js';
import { createApi } from '../../src/http/create-api.js';
import { createNodeDeflateRaw, createNodeGzip } from '../../src/http/node/node-gzip.js';
import { createNodeListener } from '../../src/http/node/node-listener.js';
import { RedisCounterStore } from '../../src/limits/redis/redis-counter-store.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import { createSampleNetwork } from '../../src/sample/sample-network.js';
import { type ProfilerCall, profilerCall } from './cpu-profiler.mjs';
import { createFloorListener } from './floor-listener.js';
import { serveForParent, UNREACHABLE_LIMIT } from './server-process.js';

/** What the adapter server announces besides its port. */
export interface AdapterServerInfo {
  readonly centre: { readonly latitude: number; readonly longitude: number };
  readonly nowIso: string;
  readonly gzip: 'node' | 'web';
}

export type { ProfilerCall } from './cpu-profiler.mjs';

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const nowIso = flag('now') ?? 'live';
  const live = nowIso === 'live';
  const frozenMs = live ? Date.now() : Date.parse(nowIso);
  const key = flag('key');
  const gzip = flag('gzip') === 'web' ? 'web' : 'node';
  if (!Number.isFinite(frozenMs) || key === undefined) {
    throw new Error(
      `adapter-server: needs --now live|ISO and --key K, got ${process.argv.slice(2)}`,
    );
  }
  const network = createSampleNetwork({ now: frozenMs });
  if (live) {
    // As npm start: new samples every 30 s, so cached answers meet real data changes.
    setInterval(() => network.produceUntil(Date.now()), SAMPLE_PRODUCE_INTERVAL_MS).unref();
  }
  const redisUrl = flag('redis');
  const counterStore =
    redisUrl === undefined ? undefined : await RedisCounterStore.connect({ url: redisUrl });
  const api = createApi({
    ...(counterStore === undefined ? {} : { counterStore }),
    service: createMeasurementsService({ store: network.store }),
    keys: [key],
    dayLimit: UNREACHABLE_LIMIT,
    minuteLimit: UNREACHABLE_LIMIT,
    clock: live ? Date.now : () => frozenMs,
    ...(gzip === 'web'
      ? {}
      : process.argv.includes('--no-splice')
        ? { gzip: createNodeGzip() }
        : { gzip: createNodeGzip(), deflateRaw: createNodeDeflateRaw() }),
    ...(flag('cache-bytes') === undefined
      ? {}
      : { responseCacheBytes: Number(flag('cache-bytes')) }),
  });
  const info: AdapterServerInfo = { centre: network.centre, nowIso, gzip };
  const listener = process.argv.includes('--floor')
    ? createFloorListener(api, key, UNREACHABLE_LIMIT)
    : createNodeListener(api);
  await serveForParent(createServer(listener), info, (payload) =>
    profilerCall(payload as ProfilerCall),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
