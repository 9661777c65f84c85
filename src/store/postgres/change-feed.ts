import type { ClientBase, Pool } from 'pg';
import { DataVersions } from '../data-versions.js';

interface ChangeRow {
  readonly change_id: number;
  readonly installation_id: number | null;
  readonly oldest_ms: number | null;
}

// Ids fit a double long before they could run out; casting keeps pg from handing back strings.
const NEW_CHANGES = `
SELECT change_id::float8 AS change_id, installation_id::float8 AS installation_id,
       oldest_ms::float8 AS oldest_ms
FROM airq_changes WHERE change_id > $1 ORDER BY change_id`;

/**
 * What one process knows of the changes committed to the database by every process: the data
 * versions per installation (the same `DataVersions` as the in-memory store, fed from the
 * `airq_changes` log) and whether the installation set changed. {@link poll} reads the log
 * past the last change seen: one indexed query that returns no row when nothing moved.
 *
 * Concurrent polls are merged: a call made while a poll runs waits for it and then shares one
 * more poll, which starts after the call and so sees every change committed before it.
 *
 * @example
 * const feed = new ChangeFeed(await latestChangeId(client));
 * const installationsChanged = await feed.poll(pool);
 */
export class ChangeFeed {
  readonly #versions = new DataVersions();
  #lastSeen: number;
  #running: Promise<boolean> | undefined;
  #queued: Promise<boolean> | undefined;

  /** @param lastSeen - the newest change id already reflected in this process's state */
  constructor(lastSeen: number) {
    this.#lastSeen = lastSeen;
  }

  /** See `MeasurementStore.dataVersion`. */
  versionBefore(installationId: number, beforeMs: number): number {
    return this.#versions.versionBefore(installationId, beforeMs);
  }

  /**
   * Applies every change committed since the last poll.
   *
   * @returns whether the installation set changed (the caller reloads it)
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
      name: 'airq_new_changes',
      text: NEW_CHANGES,
      values: [this.#lastSeen],
    });
    let installationsChanged = false;
    for (const row of result.rows) {
      // Rows come in id order, so the last seen only moves forward.
      this.#lastSeen = row.change_id;
      if (row.installation_id === null) installationsChanged = true;
      else this.#versions.record(row.installation_id, row.oldest_ms ?? Number.NEGATIVE_INFINITY);
    }
    return installationsChanged;
  }
}

/**
 * The newest committed change id (0 for none), where a new process starts to follow the log:
 * it has no cache yet, so older changes concern it no more.
 *
 * @example
 * await latestChangeId(client); // e.g. 42
 */
export async function latestChangeId(client: ClientBase): Promise<number> {
  const result = await client.query<{ id: number }>(
    'SELECT coalesce(max(change_id), 0)::float8 AS id FROM airq_changes',
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
