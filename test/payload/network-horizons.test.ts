import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NetworkHorizons } from '../../src/payload/network-horizons.js';
import { StoreFreshness, snapshotVersions } from '../../src/payload/payload-freshness.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time/instant.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';
import { RUNS } from '../helpers/property-runs.js';

// The quick check of a network answer's elements must name exactly the elements whose own
// `validAt` is false, whenever it answers at all; and it must give up (undefined) rather than
// answer when the instant leaves the hour or precedes an element, or the installations change.

const HOUR_MS = Date.parse('2026-11-21T09:00:00.000Z');
const COUNT = 6;

// An element computed at `fromMs`, exact through `fromMs + span`, over the store as it is.
const element = fc.record({
  fromMs: fc.integer({ min: HOUR_MS - 10 * MS_PER_MINUTE, max: HOUR_MS + 50 * MS_PER_MINUTE }),
  span: fc.integer({ min: 0, max: 2 * MS_PER_HOUR }),
});

function storeOf(): InMemoryStore {
  return new InMemoryStore(
    Array.from({ length: COUNT }, (_, i) => fakeInstallation(i + 1, 50, 19.9 + i * 0.01)),
  );
}

function freshnessOf(store: InMemoryStore, id: number, fromMs: number, span: number) {
  const versions = snapshotVersions(store, store.installationsVersion, [id]);
  return {
    freshness: new StoreFreshness(store, versions, fromMs, fromMs + span, false),
    version: versions.versions[0]!,
  };
}

describe('NetworkHorizons.staleAt', () => {
  it('names exactly the elements whose validAt is false, whenever it answers', () => {
    fc.assert(
      fc.property(
        fc.array(element, { minLength: COUNT, maxLength: COUNT }),
        fc.subarray([1, 2, 3, 4, 5, 6]),
        fc.array(fc.tuple(fc.integer({ min: 0, max: COUNT - 1 }), element), { maxLength: 3 }),
        fc.subarray([1, 2, 3, 4, 5, 6]),
        fc.integer({ min: HOUR_MS - 20 * MS_PER_MINUTE, max: HOUR_MS + 80 * MS_PER_MINUTE }),
        fc.boolean(),
        (first, changedBefore, replaced, changedAfter, nowMs, moved) => {
          const store = storeOf();
          const ingest = (ids: readonly number[]) =>
            store.ingest(
              ids.map((installationId) => ({
                installationId,
                name: 'PM25' as const,
                atMs: HOUR_MS - 2 * MS_PER_HOUR,
                value: installationId,
              })),
            );
          const ids = Array.from({ length: COUNT }, (_, i) => i + 1);
          const elements = first.map(({ fromMs, span }, i) =>
            freshnessOf(store, i + 1, fromMs, span),
          );
          const horizons = NetworkHorizons.of(COUNT, (i) => elements[i]!.freshness);
          ingest(changedBefore);
          // Some elements computed again, the horizons read again at those positions only.
          const stale = [...new Set(replaced.map(([at]) => at))];
          for (const [at, { fromMs, span }] of replaced) {
            elements[at] = freshnessOf(store, at + 1, fromMs, span);
          }
          const next = NetworkHorizons.of(COUNT, (i) => elements[i]!.freshness, {
            horizons,
            stale,
          });
          ingest(changedAfter);
          const installationsVersion = store.installationsVersion;
          if (moved) store.putInstallations([fakeInstallation(COUNT + 1, 50, 20)]);
          const versions = elements.map((e) => e.version);
          const quick = next.staleAt(store, installationsVersion, ids, versions, nowMs);
          const expected = ids.flatMap((_, i) =>
            elements[i]!.freshness.validAt(nowMs) ? [] : [i],
          );
          if (quick !== undefined) expect(quick).toEqual(expected);
          const inHour = nowMs < HOUR_MS + MS_PER_HOUR && nowMs >= HOUR_MS;
          const afterAll = elements.every((e) => nowMs >= e.freshness.fromMs);
          const sameHour = elements.every((e) => e.freshness.hourEndMs === HOUR_MS + MS_PER_HOUR);
          if (!moved && inHour && afterAll && sameHour && stale.length === 0) {
            expect(quick).toEqual(expected);
          }
          if (moved) expect(quick).toBeUndefined();
          expect(next.throughMs).toBe(Math.min(...elements.map((e) => e.freshness.throughMs)));
        },
      ),
      RUNS,
    );
  });
});
