import type { ClientBase, Pool } from 'pg';
import { InstallationRegistry } from '../installation-registry.js';
import { PlaceTable } from '../place-table.js';
import {
  checkedPlacedInstallations,
  checkReadPlacesArguments,
  type PlacedInstallation,
} from '../placed-installation.js';
import type { StoredInstallation } from '../stored-installation.js';
import { RECORD_INSTALLATIONS_CHANGE, recordWholeHistoryChanges } from './change-feed.js';
import { readInstallations, upsertInstallations } from './installation-rows.js';
import { storeCall } from './pg-failures.js';
import { type WriterParts, writeAndRefresh } from './store-writes.js';

// The places of followed sources in PostgreSQL (airq_followed_places, migration 3): read by
// location, and written in one writer transaction with their installations, checked there
// against the rows the write touches (PlaceTable's check, the in-memory store's too) and held
// by the table's unique constraints.

interface PlaceRow {
  readonly source: string;
  readonly source_id: number;
  readonly k: number;
  readonly body: StoredInstallation;
}

// The places at these locations, or with these installation ids, with their installations.
// Ids and source ids fit a double exactly (safe integers); casting keeps pg from giving strings.
const SELECT_PLACES = `
SELECT p.source, p.source_id::float8 AS source_id, p.k, i.body
FROM airq_followed_places AS p JOIN airq_installations AS i ON i.id = p.installation_id
WHERE (p.source, p.source_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))
   OR p.installation_id = ANY($3::bigint[])`;

async function selectPlaces(
  client: ClientBase | Pool,
  locations: readonly (readonly [string, number])[],
  installationIds: readonly number[],
): Promise<PlacedInstallation[]> {
  const sources = locations.map(([source]) => source);
  const sourceIds = locations.map(([, sourceId]) => sourceId);
  const result = await client.query<PlaceRow>(SELECT_PLACES, [sources, sourceIds, installationIds]);
  return result.rows.map((row) => ({
    place: { source: row.source, sourceId: row.source_id, k: row.k },
    installation: row.body,
  }));
}

/**
 * The body of `PostgresStore.readPlaces`: one query, within the store's deadline.
 *
 * @throws TypeError for a bad argument; DependencyUnavailableError
 * @example
 * await readPlaceRows(pool, 2000, 'openaq', [1071]); // [{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]
 */
export async function readPlaceRows(
  pool: Pool,
  deadlineMs: number,
  source: string,
  sourceIds: readonly number[],
): Promise<PlacedInstallation[]> {
  checkReadPlacesArguments('PostgresStore.readPlaces', source, sourceIds);
  if (sourceIds.length === 0) return [];
  const locations = sourceIds.map((sourceId) => [source, sourceId] as const);
  const found = await storeCall(selectPlaces(pool, locations, []), deadlineMs);
  return PlaceTable.of(found).read(source, sourceIds); // in the in-memory store's order
}

/**
 * The body of `PostgresStore.writePlaces`: in one writer transaction, checks the entries
 * against the places they touch and the installations in the database, inserts the new
 * places, upserts the installations, and files a change of the installation set (and of all
 * data of each installation whose correction changed), as `putInstallations` does.
 *
 * @throws TypeError / RangeError as `InMemoryStore.writePlaces`; DependencyUnavailableError
 * @example
 * await writePlaceRows(parts, [{ place: { source: 'openaq', sourceId: 1071, k: 0 }, installation }]);
 */
export async function writePlaceRows(
  parts: WriterParts,
  entries: readonly PlacedInstallation[],
): Promise<void> {
  const fn = 'PostgresStore.writePlaces';
  const checked = checkedPlacedInstallations(fn, entries);
  if (checked.length === 0) return;
  const installations = checked.map((entry) => entry.installation);
  await writeAndRefresh(parts, async (client) => {
    const stored = InstallationRegistry.from(fn, await readInstallations(client));
    const locations = checked.map(({ place }) => [place.source, place.sourceId] as const);
    const ids = installations.map((installation) => installation.id);
    const known = PlaceTable.of(await selectPlaces(client, locations, ids));
    known.with(fn, checked, (id) => stored.has(id)); // throws on a conflict
    const registry = stored.with(fn, installations);
    await insertPlaces(client, checked);
    await upsertInstallations(client, installations);
    await recordWholeHistoryChanges(client, stored.correctionChanges(registry));
    await client.query(RECORD_INSTALLATIONS_CHANGE);
    return [];
  });
}

// Known places are left as they are (checked above to be the same place, id and coordinates).
async function insertPlaces(client: ClientBase, entries: readonly PlacedInstallation[]) {
  await client.query(
    `INSERT INTO airq_followed_places (source, source_id, k, latitude, longitude, installation_id)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::integer[], $4::float8[], $5::float8[], $6::bigint[])
     ON CONFLICT (source, source_id, k) DO NOTHING`,
    [
      entries.map(({ place }) => place.source),
      entries.map(({ place }) => place.sourceId),
      entries.map(({ place }) => place.k),
      entries.map(({ installation }) => installation.location.latitude),
      entries.map(({ installation }) => installation.location.longitude),
      entries.map(({ installation }) => installation.id),
    ],
  );
}
