import { describe, expect, it } from 'vitest';
import type { IndexValue } from '../../../src/model/api-types.js';
import { ApiFailureError } from '../../../src/page/client/api-client.js';
import { IndexLoader, LOADER_CONCURRENCY } from '../../../src/page/client/index-loader.js';

// A fake answer of the API: any index name the test asks for, so its type is asserted.
function index(id: number, indexType: string): IndexValue {
  return {
    name: indexType,
    value: id,
    level: 'LOW',
    description: '',
    advice: null,
    color: `#${String(id).padStart(6, '0')}`,
    dominantPollutant: null,
    subIndexes: {},
  } as IndexValue;
}

// A fetch under the test's control: answers, failures and the most requests at once.
function harness(
  failFor: (id: number, call: number) => ApiFailureError | undefined = () => undefined,
) {
  const log = {
    calls: [] as number[],
    inFlight: 0,
    maxInFlight: 0,
    painted: new Map<number, string>(),
    failures: [] as string[],
    progress: [] as string[],
  };
  const timers: (() => void)[] = [];
  const loader = new IndexLoader(
    async (id, indexType) => {
      log.calls.push(id);
      log.inFlight++;
      log.maxInFlight = Math.max(log.maxInFlight, log.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 0));
      log.inFlight--;
      const failure = failFor(id, log.calls.length);
      if (failure !== undefined) throw failure;
      return index(id, indexType);
    },
    {
      onIndex: (id, value) => log.painted.set(id, value.color),
      onProgress: (done, total) => log.progress.push(`${done}/${total}`),
      onFailure: (failure) => log.failures.push(failure.kind),
    },
    (run) => timers.push(run),
  );
  return { loader, log, timers };
}

const ids = Array.from({ length: 40 }, (_, i) => i + 1);

describe('IndexLoader', () => {
  it('loads every installation once, at most a few at a time, in the order given', async () => {
    const { loader, log } = harness();
    await loader.start(ids, 'CAQI');
    expect(log.calls).toEqual(ids);
    expect(log.maxInFlight).toBe(LOADER_CONCURRENCY);
    expect(log.painted.size).toBe(40);
    expect(log.painted.get(7)).toBe('#000007');
    expect(log.progress.at(-1)).toBe('40/40');
  });

  it('answers an index type it has seen from its cache, without a request', async () => {
    const { loader, log } = harness();
    await loader.start(ids, 'CAQI');
    await loader.start(ids, 'PIJP');
    log.calls.length = 0;
    log.painted.clear();
    await loader.start(ids, 'CAQI');
    expect(log.calls).toEqual([]);
    expect(log.painted.size).toBe(40);
    expect(log.progress.at(-1)).toBe('40/40');
    expect(loader.cached(3, 'PIJP')?.name).toBe('PIJP');
  });

  it('pauses on 429 until the timer of Retry-After runs, then loads the rest', async () => {
    let limited = true;
    const { loader, log, timers } = harness((id) =>
      limited && id >= 10
        ? new ApiFailureError({ kind: 'rate-limited', retryAfterSeconds: 30 })
        : undefined,
    );
    const done = loader.start(ids, 'CAQI');
    while (timers.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(log.failures).toEqual(['rate-limited']);
    expect(log.painted.has(10)).toBe(false);
    limited = false;
    timers[0]!();
    await done;
    expect(log.painted.size).toBe(40);
  });

  it('stops on 401, and leaves out an installation the server answers with another error', async () => {
    const stopped = harness((id) =>
      id === 5 ? new ApiFailureError({ kind: 'unauthorized' }) : undefined,
    );
    await stopped.loader.start(ids, 'CAQI');
    expect(stopped.log.failures).toEqual(['unauthorized']);
    expect(stopped.log.painted.size).toBeLessThan(40);

    const skipped = harness((id) =>
      id === 5 ? new ApiFailureError({ kind: 'failed', status: 404 }) : undefined,
    );
    await skipped.loader.start(ids, 'CAQI');
    expect(skipped.log.failures).toEqual(['failed']);
    expect(skipped.log.painted.size).toBe(39);
    expect(skipped.log.painted.has(5)).toBe(false);
  });

  it('reports nothing more of a run once a newer one started', async () => {
    const { loader, log } = harness();
    const first = loader.start(ids, 'CAQI');
    const second = loader.start(ids.slice(0, 3), 'PIJP');
    await Promise.all([first, second]);
    expect(log.progress.at(-1)).toBe('3/3');
    expect([...log.painted.keys()].filter((id) => id > 3).length).toBeLessThanOrEqual(
      LOADER_CONCURRENCY,
    );
  });
});
