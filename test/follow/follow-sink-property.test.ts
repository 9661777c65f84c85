// A property of the follow sink over the journal: any sequence of batches (places that move,
// come back, change their description; samples resent with other values; samples of places the
// batch does not have) and restarts serves what a naive oracle says: ids from the documented
// scheme (the k-th distinct spot of a location), the latest description, the last value of
// each (installation, time), and the counts of every report (a value the sink stored for the
// source's previous batch, since the last restart, is a repeat).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFollowSink } from '../../src/follow/follow-sink.js';
import type { FollowedSourceName } from '../../src/follow/followed-batch.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { JournaledStore } from '../../src/store/journaled-store.js';
import { RUNS } from '../helpers/property-runs.js';
import { faultyFiles } from '../store/journal/journal-helpers.js';
import { batchOf, expectedId, place, pm10, SPOTS, servedPm10 } from './follow-sink-helpers.js';

type Command =
  | { readonly kind: 'restart' }
  | {
      readonly kind: 'batch';
      readonly source: FollowedSourceName;
      readonly places: readonly { sourceId: number; spot: number; elevation: number }[];
      readonly samples: readonly { sourceId: number; minute: number; value: number }[];
    };

const batchArb: fc.Arbitrary<Command> = fc.record({
  kind: fc.constant('batch' as const),
  source: fc.constantFrom<FollowedSourceName>('sensor-community', 'openaq'),
  places: fc.uniqueArray(
    fc.record({
      sourceId: fc.integer({ min: 1, max: 3 }),
      spot: fc.integer({ min: 0, max: SPOTS.length - 1 }),
      elevation: fc.constantFrom(10, 20),
    }),
    { selector: (entry) => entry.sourceId, maxLength: 3 },
  ),
  samples: fc.array(
    fc.record({
      sourceId: fc.integer({ min: 1, max: 4 }),
      minute: fc.integer({ min: 0, max: 3 }),
      value: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 500 })), // repeats too
    }),
    { maxLength: 5 },
  ),
});
const commandsArb = fc.array(
  fc.oneof({ weight: 4, arbitrary: batchArb }, fc.constant<Command>({ kind: 'restart' })),
  {
    minLength: 1,
    maxLength: 8,
  },
);

/** The naive oracle: lists of spots per location, descriptions and values by id. */
class Oracle {
  readonly spots = new Map<string, number[]>();
  readonly installations = new Map<number, { spot: number; elevation: number }>();
  readonly values = new Map<string, { id: number; minute: number; value: number }>();
  /** Per source, the values its previous batch stored (a sink's memory; gone at a restart). */
  previous = new Map<FollowedSourceName, Map<string, number>>();

  store(command: Extract<Command, { kind: 'batch' }>) {
    const idOf = new Map<number, number>();
    let newInstallations = 0;
    for (const { sourceId, spot, elevation } of command.places) {
      const key = `${command.source}/${sourceId}`;
      const seen = this.spots.get(key) ?? [];
      this.spots.set(key, seen);
      if (!seen.includes(spot)) {
        seen.push(spot);
        newInstallations++;
      }
      const id = expectedId(command.source, sourceId, seen.indexOf(spot));
      this.installations.set(id, { spot, elevation });
      idOf.set(sourceId, id);
    }
    let acceptedSamples = 0;
    let repeatedSamples = 0;
    const previous = this.previous.get(command.source) ?? new Map<string, number>();
    const current = new Map<string, number>();
    for (const { sourceId, minute, value } of command.samples) {
      const id = idOf.get(sourceId);
      if (id === undefined) continue;
      const key = `${id}/${minute}`;
      const known = current.has(key) ? current.get(key) : previous.get(key);
      current.set(key, value);
      if (known === value) {
        repeatedSamples++;
        continue;
      }
      acceptedSamples++;
      this.values.set(key, { id, minute, value });
    }
    this.previous.set(command.source, current);
    const rejectedSamples = command.samples.length - acceptedSamples - repeatedSamples;
    return { newInstallations, acceptedSamples, repeatedSamples, rejectedSamples };
  }

  restart() {
    this.previous = new Map();
  }
}

describe('createFollowSink over a journal, against a naive oracle', () => {
  it('serves what the oracle says after any batches and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(commandsArb, async (commands) => {
        const dir = await mkdtemp(join(tmpdir(), 'airq-follow-sink-'));
        const { files, controls } = faultyFiles();
        controls.skipDatasync = true; // durability is the journal tests' concern
        const open = async () => {
          const memory = new InMemoryStore([]);
          const { store } = await JournaledStore.open(memory, { dir, files });
          return { memory, store, sink: createFollowSink(store) };
        };
        let current = await open();
        const oracle = new Oracle();
        try {
          for (const command of commands) {
            if (command.kind === 'restart') {
              await current.store.close();
              current = await open();
              oracle.restart();
              continue;
            }
            const batch = batchOf(
              command.places.map((entry) => place(entry.sourceId, entry.spot, entry.elevation)),
              command.samples.map((entry) => pm10(entry.sourceId, entry.minute, entry.value)),
            );
            const report = await current.sink.storeBatch(command.source, batch);
            expect(report).toEqual(oracle.store(command));
          }
          const served = await current.memory.listActiveInstallations();
          const expected = [...oracle.installations].sort(([a], [b]) => a - b);
          expect(served.map((found) => [found.id, found.location, found.elevation])).toEqual(
            expected.map(([id, { spot, elevation }]) => [id, SPOTS[spot], elevation]),
          );
          for (const { id, minute, value } of oracle.values.values()) {
            expect(await servedPm10(current.memory, id, minute)).toBe(value);
          }
          expect(current.memory.sampleCount).toBe(oracle.values.size);
        } finally {
          await current.store.close();
          await rm(dir, { recursive: true, force: true });
        }
      }),
      RUNS,
    );
  }, 300_000);
});
