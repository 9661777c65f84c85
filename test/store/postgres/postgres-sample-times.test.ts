// PostgresStore.firstSampleTimes on a real server, against a scan of every sample written:
// across day partitions, at fractional instants, after the retention horizon moved into the
// middle of a day (the partition of that day still holds the samples before it), and with a bad
// argument named.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postgresBinaries } from '../../helpers/postgres-server.js';
import { postgresSuite } from '../../helpers/postgres-suite.js';
import { PROPERTY_RUNS } from '../../helpers/property-runs.js';
import { installation } from '../../helpers/store-fixtures.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();
const [HOUR, DAY] = [3_600_000, 86_400_000];
const START_MS = Date.UTC(2026, 10, 19);
const SPAN_MS = 3 * DAY;

/** The earliest of `times` at or after `atMs`, `+Infinity` for none: the scan the store must equal. */
function firstByScan(times: readonly number[], atMs: number): number {
  let first = Number.POSITIVE_INFINITY;
  for (const t of times) if (t >= atMs && t < first) first = t;
  return first;
}

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('PostgresStore.firstSampleTimes', () => {
  const suite = postgresSuite(binaries);

  it('gives the earliest sample at or after each instant, any type, as a scan does', async () => {
    const schema = await suite.server.createSchema('first_times');
    const store = await suite.connectStore(schema);
    let nextId = 0;
    const sample = fc.record({
      name: fc.constantFrom('PM10', 'PM25', 'NO2'),
      atMs: fc.integer({ min: START_MS, max: START_MS + SPAN_MS }),
    });
    // Whole and fractional instants, some before and after every sample.
    const instant = fc.oneof(
      fc.integer({ min: START_MS - HOUR, max: START_MS + SPAN_MS + HOUR }),
      fc.double({ min: START_MS, max: START_MS + SPAN_MS, noNaN: true }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(sample, { maxLength: 30 }),
        fc.array(instant, { maxLength: 25 }),
        async (samples, instants) => {
          const id = ++nextId;
          await store.putInstallations(
            [installation(id)],
            samples.map((s) => ({ installationId: id, value: 1, ...s })),
          );
          const times = samples.map((s) => s.atMs);
          const expected = instants.map((atMs) => firstByScan(times, atMs));
          expect(await store.firstSampleTimes(id, instants)).toEqual(expected);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
    expect(await store.firstSampleTimes(999_999, [START_MS])).toEqual([Number.POSITIVE_INFINITY]);
    expect(await store.firstSampleTimes(1, [])).toEqual([]);
  }, 300_000);

  it('never gives a sample before the retention horizon, though its partition still holds it', async () => {
    const schema = await suite.server.createSchema('first_times_retention');
    const store = await suite.connectStore(schema, { retentionMs: DAY });
    const times = [0, 6, 12, 18, 30].map((hours) => START_MS + hours * HOUR);
    await store.putInstallations(
      [installation(1)],
      times.map((atMs) => ({ installationId: 1, name: 'PM10', atMs, value: 5 })),
    );
    // The horizon at 10:00 of the first day: 00:00 and 06:00 are gone, 12:00 is the first left.
    const report = await store.pruneExpired(START_MS + 34 * HOUR);
    expect(report.retainedFromMs).toBe(START_MS + 10 * HOUR);
    expect(await store.firstSampleTimes(1, [START_MS, START_MS + 13 * HOUR])).toEqual([
      START_MS + 12 * HOUR,
      START_MS + 18 * HOUR,
    ]);
  });

  it('names the method, the parameter and the value of a bad instant', async () => {
    const schema = await suite.server.createSchema('first_times_arguments');
    const store = await suite.connectStore(schema);
    await expect(store.firstSampleTimes(1, [START_MS, Number.NaN])).rejects.toThrow(
      new RangeError(
        'PostgresStore.firstSampleTimes: instantsMs[1] must be a finite number, got NaN',
      ),
    );
    await expect(store.firstSampleTimes(1, 'now' as never)).rejects.toThrow(TypeError);
  });
});
