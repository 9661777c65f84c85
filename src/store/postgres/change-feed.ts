import type { ClientBase, Pool } from 'pg';
import { DataVersions } from '../data-versions.js';
import { RETAINED_FROM_MS } from './retention.js';

interface ChangeRow {
  readonly trimmed_id: number;
  readonly retained_from_ms: number;
  readonly change_id: number | null;
  readonly installation_id: number | null;
  readonly oldest_ms: number | null;
}

// The retention row always, joined with the changes past the last one seen (none when nothing
// moved): one statement, so the ids deleted by a trim and the rows left are one snapshot.
// Ids fit a double long before they could run out; casting keeps pg from handing back strings.
const NEW_CHANGES = `
SELECT r.trimmed_change_id::float8 AS trimmed_id, ${RETAINED_FROM_MS} AS retained_from_ms,
       c.change_id::float8 AS change_id, c.installation_id::float8 AS installation_id,
       c.oldest_ms::float8 AS oldest_ms
FROM airq_retention AS r LEFT JOIN airq_changes AS c ON c.change_id > $1
ORDER BY c.change_id`;

/**
 * What one process knows of the changes committed to the database by every process: the data
 * versions per installation (the same `DataVersions` as the in-memory store, fed from the
 * `airq_changes` log), whether the installation set changed, and the retention horizon.
 * {@link poll} reads the log past the last change seen: one indexed query that returns the
 * retention row alone when nothing moved.
 *
 * Three kinds of entry: an installation's samples changed from `oldest_ms` on (`oldest_ms`
 * null: all of them); the installation set changed (no installation, no `oldest_ms`); the
 * horizon moved to `oldest_ms` (no installation), a change of every installation's data, as
 * pruning is in the in-memory store. When the log was trimmed past the last change this process
 * saw, it cannot know what it missed, so it takes everything as changed.
 *
 * Concurrent polls are merged: a call made while a poll runs waits for it and then shares one
 * more poll, which starts after the call and so sees every change committed before it.
 *
 * @example
 * const feed = new ChangeFeed(await latestChangeId(client), -Infinity);
 * const installationsChanged = await feed.poll(pool);
 */
export class ChangeFeed {
  #versions = new DataVersions();
  // Changes filed in #versions, which numbers them 1, 2, …; every version is #base plus one
  // of those numbers. Taking everything as changed moves #base past every version served so
  // far and starts a new DataVersions: no installation's version can come back.
  #filed = 0;
  #base = 0;
  #lastSeen: number;
  #retainedFromMs: number;
  #running: Promise<boolean> | undefined;
  #queued: Promise<boolean> | undefined;

  /**
   * @param lastSeen - the newest change id already reflected in this process's state
   * @param retainedFromMs - the horizon as read with it, epoch ms (`-Infinity` for none)
   */
  constructor(lastSeen: number, retainedFromMs: number) {
    this.#lastSeen = lastSeen;
    this.#retainedFromMs = retainedFromMs;
  }

  /** The newest change id applied. */
  get lastSeen(): number {
    return this.#lastSeen;
  }

  /** The newest horizon seen (epoch ms; `-Infinity` for none): samples before it are gone. */
  get retainedFromMs(): number {
    return this.#retainedFromMs;
  }

  /** Takes note of a horizon read elsewhere (in a writer's transaction); it never moves back. */
  noteRetainedFrom(atMs: number): void {
    this.#retainedFromMs = Math.max(this.#retainedFromMs, atMs);
  }

  /** See `MeasurementStore.dataVersion`. */
  versionBefore(installationId: number, beforeMs: number): number {
    return this.#base + this.#versions.versionBefore(installationId, beforeMs);
  }

  /**
   * Takes note of a change of all of one installation's data that this process learnt of
   * outside the log: a new `correction` read with the installations after a poll.
   */
  touch(installationId: number): void {
    this.#versions.record(installationId, Number.NEGATIVE_INFINITY);
    this.#filed++;
  }

  /**
   * Applies every change committed since the last poll.
   *
   * @returns whether the installation set changed, or may have (the caller reloads it)
   */
  poll(pool: Pool): Promise<boolean> {
    if (this.#running === undefined) return this.#start(pool);
    if (this.#queued === undefined) {
      const queued = this.#running
        .catch(() => false)
        .then(() => {
          this.#queued = undefined;
          return this.#start(pool);
        });
      this.#queued = queued;
    }
    return this.#queued;
  }

  #start(pool: Pool): Promise<boolean> {
    const running = this.#pollOnce(pool).finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }

  async #pollOnce(pool: Pool): Promise<boolean> {
    const result = await pool.query<ChangeRow>({
      name: 'airq_poll_changes',
      text: NEW_CHANGES,
      values: [this.#lastSeen],
    });
    let installationsChanged = false;
    const retention = result.rows[0];
    if (retention !== undefined) {
      this.noteRetainedFrom(retention.retained_from_ms);
      if (retention.trimmed_id > this.#lastSeen) {
        // Entries this process had not read are gone: whatever they said, it is forgotten.
        this.#everythingChanged();
        installationsChanged = true;
        this.#lastSeen = retention.trimmed_id;
      }
    }
    for (const row of result.rows) {
      if (row.change_id === null) continue; // the retention row alone
      // Rows come in id order, so the last seen only moves forward.
      this.#lastSeen = Math.max(this.#lastSeen, row.change_id);
      if (row.installation_id !== null) {
        this.#versions.record(row.installation_id, row.oldest_ms ?? Number.NEGATIVE_INFINITY);
        this.#filed++;
      } else if (row.oldest_ms === null) installationsChanged = true;
      else this.#everythingChanged();
    }
    return installationsChanged;
  }

  #everythingChanged(): void {
    this.#base += this.#filed + 1;
    this.#filed = 0;
    this.#versions = new DataVersions();
  }
}

/**
 * The newest committed change id (0 for none), where a new process starts to follow the log:
 * it has no cache yet, so older changes concern it no more. After a trim that left the log
 * empty, the newest id deleted.
 *
 * @example
 * await latestChangeId(client); // e.g. 42
 */
export async function latestChangeId(client: ClientBase): Promise<number> {
  const result = await client.query<{ id: number }>(
    `SELECT greatest((SELECT max(change_id) FROM airq_changes),
                     (SELECT trimmed_change_id FROM airq_retention), 0)::float8 AS id`,
  );
  return result.rows[0]?.id ?? 0;
}

/** SQL that files a change of the installation set, inside the writer's transaction. */
export const RECORD_INSTALLATIONS_CHANGE =
  'INSERT INTO airq_changes (installation_id, oldest_ms) VALUES (NULL, NULL)';

/**
 * Files, inside the writer's transaction, a change of every sample of each installation (a
 * row with no `oldest_ms`, read as `-Infinity`): their averages changed without a sample
 * changing, as when a PM25 correction is set. Nothing is written for an empty list.
 *
 * @example
 * await recordWholeHistoryChanges(client, [1001]);
 */
export async function recordWholeHistoryChanges(
  client: ClientBase,
  installationIds: readonly number[],
): Promise<void> {
  if (installationIds.length === 0) return;
  await client.query(
    'INSERT INTO airq_changes (installation_id, oldest_ms) SELECT unnest($1::bigint[]), NULL',
    [installationIds],
  );
}
