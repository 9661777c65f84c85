import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATA_VERSION_MARKS, DataVersions } from '../../src/store/data-versions.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { floorHourMs, MS_PER_HOUR } from '../../src/time/instant.js';
import { installation } from '../helpers/store-fixtures.js';

const NINE = Date.UTC(2026, 10, 21, 9);

/** One change: an installation (1 or 2) and the oldest sample it touched, or a pruning. */
const changeArb = fc.record({
  installationId: fc.constantFrom(1, 2),
  oldestAtMs: fc.oneof(
    fc.integer({ min: -6 * 60, max: 2 * 60 }).map((minute) => NINE + minute * 60_000),
    fc.constant(Number.NEGATIVE_INFINITY),
  ),
});
/** Where a reader asks: hour starts around 09:00, and a few instants inside hours. */
const beforeArb = fc.oneof(
  fc.integer({ min: -6, max: 3 }).map((hours) => NINE + hours * MS_PER_HOUR),
  fc.integer({ min: -6 * 60, max: 3 * 60 }).map((minute) => NINE + minute * 60_000),
);

// Oracle: every change ever recorded, with the hour it is filed under.
function exactVersion(
  log: readonly { installationId: number; oldestAtMs: number }[],
  installationId: number,
  beforeMs: number,
): number {
  let version = 0;
  log.forEach((change, i) => {
    const hourMs = Number.isFinite(change.oldestAtMs) ? floorHourMs(change.oldestAtMs) : -Infinity;
    if (change.installationId === installationId && hourMs < beforeMs) version = i + 1;
  });
  return version;
}

describe('DataVersions', () => {
  it('ignores changes of the hour in progress and sees a late sample (the class example)', () => {
    const versions = new DataVersions();
    versions.record(7, NINE + 5 * 60_000);
    expect(versions.versionBefore(7, NINE)).toBe(0);
    expect(versions.versionBefore(7, NINE + MS_PER_HOUR)).toBe(1);
    versions.record(7, NINE - 90 * 60_000); // 07:30, late
    expect(versions.versionBefore(7, NINE)).toBe(2);
    versions.record(7, NINE + 20 * 60_000); // in order again
    expect(versions.versionBefore(7, NINE)).toBe(2);
    versions.record(7, Number.NEGATIVE_INFINITY); // pruning
    expect(versions.versionBefore(7, NINE - 5 * MS_PER_HOUR)).toBe(4);
    expect(versions.versionBefore(8, NINE)).toBe(0);
  });

  it('changes whenever a change reaches before the asked time, never goes back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(changeArb, beforeArb), { maxLength: 60 }),
        beforeArb,
        (steps, probeMs) => {
          const versions = new DataVersions();
          const log: { installationId: number; oldestAtMs: number }[] = [];
          for (const [change, beforeMs] of steps) {
            const seen = [1, 2].map((id) => versions.versionBefore(id, probeMs));
            versions.record(change.installationId, change.oldestAtMs);
            log.push(change);
            const now = [1, 2].map((id) => versions.versionBefore(id, probeMs));
            const hourMs = Number.isFinite(change.oldestAtMs)
              ? floorHourMs(change.oldestAtMs)
              : -Infinity;
            const changed = change.installationId;
            // A relevant change always shows; the other installation never moves.
            if (hourMs < probeMs) expect(now[changed - 1]).toBeGreaterThan(seen[changed - 1]!);
            else expect(now[changed - 1]).toBeGreaterThanOrEqual(seen[changed - 1]!);
            expect(now[2 - changed]).toBe(seen[2 - changed]);
            // Never below the exact answer: a reader can only miss a cache entry, not keep a stale one.
            expect(versions.versionBefore(changed, beforeMs)).toBeGreaterThanOrEqual(
              exactVersion(log, changed, beforeMs),
            );
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is exact while an installation has at most DATA_VERSION_MARKS marks', () => {
    const fewHoursArb = fc.record({
      installationId: fc.constantFrom(1, 2),
      oldestAtMs: fc
        .integer({ min: 0, max: DATA_VERSION_MARKS - 1 })
        .chain((hour) =>
          fc
            .integer({ min: 0, max: MS_PER_HOUR - 1 })
            .map((into) => NINE - hour * MS_PER_HOUR + into),
        ),
    });
    fc.assert(
      fc.property(fc.array(fewHoursArb, { maxLength: 60 }), beforeArb, (log, beforeMs) => {
        const versions = new DataVersions();
        for (const change of log) versions.record(change.installationId, change.oldestAtMs);
        for (const id of [1, 2]) {
          expect(versions.versionBefore(id, beforeMs)).toBe(exactVersion(log, id, beforeMs));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('InMemoryStore.dataVersion', () => {
  it('follows ingest, ingestColumns and pruning of one installation only', () => {
    const store = new InMemoryStore([installation(1), installation(2)]);
    expect(store.dataVersion(1, NINE)).toBe(0);
    store.ingest([{ installationId: 1, name: 'PM10', atMs: NINE + 60_000, value: 40 }]);
    expect(store.dataVersion(1, NINE)).toBe(0); // belongs to the hour in progress
    expect(store.dataVersion(1, NINE + MS_PER_HOUR)).toBeGreaterThan(0);
    store.ingest([{ installationId: 1, name: 'PM10', atMs: NINE - 60_000, value: 42 }]);
    const afterLate = store.dataVersion(1, NINE);
    expect(afterLate).toBeGreaterThan(0);
    store.ingestColumns(1, 'PM25', [NINE - 2 * MS_PER_HOUR], [11]);
    expect(store.dataVersion(1, NINE)).toBeGreaterThan(afterLate);
    expect(store.dataVersion(2, NINE)).toBe(0);
    const beforePrune = store.dataVersion(1, NINE);
    expect(store.pruneBefore(NINE - 3 * MS_PER_HOUR)).toBe(0);
    expect(store.dataVersion(1, NINE)).toBe(beforePrune); // nothing removed, nothing changed
    expect(store.pruneBefore(NINE)).toBe(2);
    expect(store.dataVersion(1, NINE - 5 * MS_PER_HOUR)).toBeGreaterThan(beforePrune);
    expect(store.dataVersion(2, NINE)).toBe(0);
  });

  it('does not change for a rejected batch', () => {
    const store = new InMemoryStore([installation(1)]);
    store.ingest([{ installationId: 1, name: 'PM2.5', atMs: NINE - 60_000, value: 1 }]);
    expect(store.dataVersion(1, NINE)).toBe(0);
  });
});
