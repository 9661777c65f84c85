// `airq/follow` bundled into one file of a user's own (esbuild, as a server's build would make
// it): the reading thread's module is left behind, so a poll reads on the calling thread and
// gives the batch it always gave, rather than failing poll after poll.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { readSensorCommunityFile } from '../../src/follow/sensor-community-read.js';
import {
  readingThreadFile,
  SensorCommunityThread,
} from '../../src/follow/sensor-community-thread.js';
import { CAN_COUNT_THREADS, lowPriorityThreads } from './reading-threads.js';
import {
  RECORDED_DATA_JSON as FIXTURE,
  GERMANY,
  RECORDED_NOW_MS as NOW_MS,
  type ReplayServer,
  startReplayServer,
} from './sensor-community-server.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// Under node_modules, so that the bundle's bare imports (date-fns, kdbush …) resolve.
async function bundledFollow(): Promise<typeof import('../../src/follow/index.js')> {
  const cache = join(REPO_ROOT, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'airq-follow-bundle-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const outfile = join(dir, 'follow.mjs');
  await build({
    entryPoints: [join(REPO_ROOT, 'src/follow/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}

describe('sensorCommunitySource bundled into one file', () => {
  it('reads on the calling thread and gives the same batch', async () => {
    const follow = await bundledFollow();
    const server: ReplayServer = await startReplayServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(FIXTURE);
    });
    cleanups.push(() => server.close());
    const filter = { box: GERMANY, indoor: false };
    const source = follow.sensorCommunitySource({ ...filter, baseUrl: server.baseUrl });
    const threadsBefore = CAN_COUNT_THREADS ? lowPriorityThreads() : 0;
    const signal = new AbortController().signal;
    const batch = await source.poll(globalThis.fetch, signal, NOW_MS);
    const url = `${server.baseUrl}/static/v1/data.json`;
    const ownFetch: typeof fetch = (input, init) => fetch(input, init);
    const expected = await readSensorCommunityFile(ownFetch, url, filter, signal, NOW_MS);
    expect(batch).toStrictEqual(expected);
    expect(batch.places.length).toBeGreaterThan(0);
    if (CAN_COUNT_THREADS) expect(lowPriorityThreads()).toBe(threadsBefore);
    await source.close?.();
  });
});

describe('SensorCommunityThread.available', () => {
  it('is false when the module is missing, true beside the sources', () => {
    const missing = new URL('file:///nowhere/sensor-community-worker.js');
    expect(new SensorCommunityThread(missing).available).toBe(false);
    expect(new SensorCommunityThread().available).toBe(true);
    expect(readingThreadFile('file:///app/dist/chunk-AB12.js').href).toBe(
      'file:///app/dist/sensor-community-worker.js',
    );
  });
});
