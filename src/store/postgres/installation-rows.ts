import type { ClientBase, Pool } from 'pg';
import type { StoredInstallation } from '../stored-installation.js';

/**
 * Every installation of the table, in id order, as the JSON objects they were written from.
 * They were validated before they were written, and are validated again when a registry is
 * built from them, so a row edited by hand into something invalid is reported, not served.
 *
 * @example
 * const installations = await readInstallations(client); // [{ id: 1001, … }, …]
 */
export async function readInstallations(client: ClientBase | Pool): Promise<StoredInstallation[]> {
  const result = await client.query<{ body: StoredInstallation }>(
    'SELECT body FROM airq_installations ORDER BY id',
  );
  return result.rows.map((row) => row.body);
}

/**
 * Inserts the installations or replaces the rows with the same ids, in one statement
 * (`unnest` over two arrays). The caller validates them and holds the transaction.
 *
 * @param installations - checked, frozen copies (`storedInstallationCopy`), so the JSON holds
 *   exactly the fields the store keeps
 * @example
 * await upsertInstallations(client, [installation]);
 */
export async function upsertInstallations(
  client: ClientBase,
  installations: readonly StoredInstallation[],
): Promise<void> {
  if (installations.length === 0) return;
  const ids = installations.map((installation) => installation.id);
  const bodies = installations.map((installation) => JSON.stringify(installation));
  await client.query(
    `INSERT INTO airq_installations (id, body)
     SELECT id, body::jsonb FROM unnest($1::bigint[], $2::text[]) AS t(id, body)
     ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
    [ids, bodies],
  );
}
