import type { InMemoryStore } from './in-memory-store.js';
import type { IngestReport, Sample } from './ingest-report.js';
import { type JournalFiles, NODE_JOURNAL_FILES } from './journal/journal-file.js';
import { type FsyncPolicy, SampleJournal } from './journal/sample-journal.js';
import type { PlacedInstallation, PlaceWriter } from './placed-installation.js';
import type { SampleWriter } from './sample-writer.js';

/** Options of {@link JournaledStore.open}. */
export interface JournaledStoreOptions {
  /** The journal's directory (created when missing; one process at a time). */
  readonly dir: string;
  /**
   * `always` (default): a write resolves after `fdatasync`, with group commit. `interval`: after
   * the OS has the bytes (a killed process loses nothing), synced every second (a power loss
   * may lose that second).
   */
  readonly fsync?: FsyncPolicy;
  /**
   * Zeros kept written ahead of the journal's last record while open (`SampleJournal`'s
   * `reserveBytes`): default 1 MiB; 0 for none, on a copy-on-write file system.
   */
  readonly reserveBytes?: number;
  /** How the journal reaches its files; default the real file system (a test breaks its I/O). */
  readonly files?: JournalFiles;
}

/** What a start found in the journal and did with it. */
export interface JournalStartReport {
  /** Records and samples read back from the journal. */
  readonly records: number;
  readonly samples: number;
  /** Samples the store refused on replay (an installation no longer in the set, or older than its horizon). */
  readonly refused: number;
  /** The first refusal's reason, for the log. */
  readonly firstRefusal: string | undefined;
  /** Installations of followed places read back (see {@link JournaledStore.writePlaces}). */
  readonly places: number;
  /**
   * Places records the store refused on replay (an id that an installation loaded from a file
   * now has, …), with the first reason; their samples are refused too.
   */
  readonly refusedPlaces: number;
  readonly firstPlacesRefusal: string | undefined;
  /** Bytes of a torn or corrupt tail that were cut, and the offset of the cut. */
  readonly cutBytes: number;
  readonly cutAtByte: number | undefined;
}

/**
 * The embedded default's live store: an {@link InMemoryStore} that the measurements service
 * reads, and a journal on disk that every write goes to first. A write is checked against the
 * store (the report `ingest` would give), its valid samples appended to the journal, and only
 * once the journal says they are durable are they put in memory and the promise resolved: no
 * reader ever sees a sample that a crash could take back. Writes reach memory in the order the
 * journal holds them, so a restart that replays it serves exactly what was served before.
 *
 * @example
 * const { store: writer, report } = await JournaledStore.open(memory, { dir: './airq-data' });
 * await writer.writeSamples([{ installationId: 1001, name: 'PM25', atMs, value: 41.3 }]);
 * // { accepted: 1, rejected: [] }: on disk, and in every answer from now on
 */
export class JournaledStore implements SampleWriter, PlaceWriter {
  readonly #store: InMemoryStore;
  readonly #journal: SampleJournal;

  private constructor(store: InMemoryStore, journal: SampleJournal) {
    this.#store = store;
    this.#journal = journal;
  }

  /**
   * Takes the journal's lock, replays it into `store` (each samples record as one `ingest`,
   * each places record as one `writePlaces`), cuts a torn tail, and drops from the journal
   * what is older than the store's horizon.
   *
   * @throws Error when another process holds the directory; the file system's errors
   */
  static async open(
    store: InMemoryStore,
    options: JournaledStoreOptions,
  ): Promise<{ readonly store: JournaledStore; readonly report: JournalStartReport }> {
    const journal = await SampleJournal.open(
      {
        dir: options.dir,
        fsync: options.fsync ?? 'always',
        ...(options.reserveBytes === undefined ? {} : { reserveBytes: options.reserveBytes }),
      },
      options.files ?? NODE_JOURNAL_FILES,
    );
    let refused = 0;
    let firstRefusal: string | undefined;
    let refusedPlaces = 0;
    let firstPlacesRefusal: string | undefined;
    const takePlaces = (entries: readonly PlacedInstallation[]) => {
      try {
        store.preparePlaces(entries).apply();
      } catch (error) {
        // Written after the same checks, so only a change of what else the store holds (an
        // installations file that now has one of the ids) can refuse it: reported, not fatal.
        if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
        refusedPlaces++;
        firstPlacesRefusal ??= error.message;
      }
    };
    try {
      const replay = await journal.replay((samples) => {
        const { rejected } = store.ingest(samples);
        refused += rejected.length;
        firstRefusal ??= rejected[0]?.reason;
      }, takePlaces);
      if (Number.isFinite(store.retainedFromMs)) await journal.compact(store.retainedFromMs);
      const { records, samples, places, cutBytes, cutAtByte } = replay;
      const report = {
        ...{ records, samples, refused, firstRefusal, places, refusedPlaces, firstPlacesRefusal },
        ...{ cutBytes, cutAtByte },
      };
      return { store: new JournaledStore(store, journal), report };
    } catch (error) {
      await journal.close().catch(() => undefined);
      throw error;
    }
  }

  /** The journal's directory. */
  get dir(): string {
    return this.#journal.dir;
  }

  /** {@inheritDoc SampleWriter.retainedFromMs} */
  get retainedFromMs(): number {
    return this.#store.retainedFromMs;
  }

  /**
   * {@inheritDoc SampleWriter.writeSamples} The batch is judged once, before the journal
   * (`InMemoryStore.prepareIngest`), and applied once the journal has it; a sample that the
   * horizon overtakes while the journal syncs is counted in the report but pruned.
   *
   * @throws DependencyUnavailableError when the journal cannot make the write durable (nothing
   *   of it is served)
   */
  async writeSamples(samples: readonly Sample[]): Promise<IngestReport> {
    const prepared = this.#store.prepareIngest(samples);
    const { report } = prepared;
    if (report.accepted === 0) return report;
    let accepted = samples;
    if (report.rejected.length > 0) {
      const refused = new Set(report.rejected.map((rejected) => rejected.index));
      accepted = samples.filter((_, i) => !refused.has(i));
    }
    await this.#journal.append(accepted);
    prepared.apply();
    return report;
  }

  /** {@inheritDoc PlaceWriter.readPlaces} */
  readPlaces(source: string, sourceIds: readonly number[]): Promise<readonly PlacedInstallation[]> {
    return this.#store.readPlaces(source, sourceIds);
  }

  /**
   * {@inheritDoc PlaceWriter.writePlaces} Checked against the store first
   * (`InMemoryStore.preparePlaces`), appended to the journal as one places record, and put in
   * memory once the journal says it is durable.
   *
   * @throws TypeError / RangeError as `InMemoryStore.writePlaces` (nothing is written);
   *   DependencyUnavailableError when the journal cannot make the write durable (nothing of it
   *   is served)
   * @example
   * await writer.writePlaces([{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]);
   */
  async writePlaces(entries: readonly PlacedInstallation[]): Promise<void> {
    const prepared = this.#store.preparePlaces(entries);
    if (prepared.entries.length === 0) return;
    await this.#journal.appendPlaces(prepared.entries);
    prepared.apply();
  }

  /** {@inheritDoc SampleWriter.deviceInstallation} */
  deviceInstallation(device: string): Promise<number | undefined> {
    return this.#store.deviceInstallation(device);
  }

  /**
   * Prunes the store to `atMs` and rewrites the journal without what is older (waiting for the
   * writes under way). Returns the samples removed from memory.
   *
   * @example
   * await writer.pruneBefore(Date.now() - 30 * 86_400_000);
   */
  async pruneBefore(atMs: number): Promise<number> {
    const removed = this.#store.pruneBefore(atMs);
    await this.#journal.compact(atMs);
    return removed;
  }

  /** Syncs and closes the journal and lets go of its lock. */
  close(): Promise<void> {
    return this.#journal.close();
  }
}
