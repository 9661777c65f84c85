// `sensors` in PostgreSQL: they travel in the installation's JSONB body, so a put round-trips
// them, another process finds a device right after the put (deviceInstallation refreshes
// first), and a device named by two installations is refused at every place the set is read.
import { describe, expect, it } from 'vitest';
import { postgresBinaries } from '../../helpers/postgres-server.js';
import { postgresSuite } from '../../helpers/postgres-suite.js';
import { installation } from '../../helpers/store-fixtures.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('PostgresStore and sensors', () => {
  const suite = postgresSuite(binaries);

  it('keeps sensors in the body, serves them to no answer, and finds their installation', async () => {
    const schema = await suite.server.createSchema('sensors_round_trip');
    const writer = await suite.connectStore(schema);
    await writer.putInstallations([
      installation(31, { sensors: ['esp8266-12345678', 'esp32-a4cf12fe0b3c'] }),
      installation(32),
    ]);
    const { rows } = await suite.admin.query(
      `SELECT id, body->'sensors' AS sensors FROM ${schema}.airq_installations ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: '31', sensors: ['esp8266-12345678', 'esp32-a4cf12fe0b3c'] },
      { id: '32', sensors: null },
    ]);

    const fresh = await suite.connectStore(schema);
    expect(await fresh.deviceInstallation('esp8266-12345678')).toBe(31);
    expect(await fresh.deviceInstallation('esp32-a4cf12fe0b3c')).toBe(31);
    expect(await fresh.deviceInstallation('esp8266-1')).toBeUndefined();
    const lookup = await fresh.findInstallation(31);
    expect(lookup.status).toBe('active');
    expect(lookup.status === 'active' && lookup.installation).not.toHaveProperty('sensors');
    expect(await fresh.listActiveInstallations()).toEqual([
      expect.not.objectContaining({ sensors: expect.anything() }),
      expect.not.objectContaining({ sensors: expect.anything() }),
    ]);
  });

  it('finds a device put by another process without an explicit refresh', async () => {
    const schema = await suite.server.createSchema('sensors_other_process');
    const writer = await suite.connectStore(schema);
    const reader = await suite.connectStore(schema);
    expect(await reader.deviceInstallation('esp8266-777')).toBeUndefined();

    await writer.putInstallations([installation(41, { sensors: ['esp8266-777'] })]);
    expect(await reader.deviceInstallation('esp8266-777')).toBe(41);

    // A move by the writer, both installations in one call.
    await writer.putInstallations([
      installation(41),
      installation(42, { sensors: ['esp8266-777'] }),
    ]);
    expect(await reader.deviceInstallation('esp8266-777')).toBe(42);
  });

  it('refuses a put that names a device of another installation, writing nothing', async () => {
    const schema = await suite.server.createSchema('sensors_duplicate');
    const first = await suite.connectStore(schema);
    await first.putInstallations([installation(51, { sensors: ['esp8266-5'] })]);
    const second = await suite.connectStore(schema);

    // The second process has not refreshed: the check runs against the database's set.
    await expect(
      second.putInstallations([installation(52, { sensors: ['esp32-5', 'esp8266-5'] })]),
    ).rejects.toThrow(
      new RangeError(
        'PostgresStore.putInstallations: invalid installations: device esp8266-5 is named by installation 51 and by installation 52',
      ),
    );
    await expect(
      first.putInstallations([
        installation(53, { sensors: ['esp8266-6'] }),
        installation(54, { sensors: ['esp8266-6'] }),
      ]),
    ).rejects.toThrow(RangeError);
    const { rows } = await suite.admin.query(`SELECT id FROM ${schema}.airq_installations`);
    expect(rows).toEqual([{ id: '51' }]);
    expect(await second.deviceInstallation('esp8266-5')).toBe(51);
    expect(await second.deviceInstallation('esp32-5')).toBeUndefined();
  });

  it('refuses a set edited by hand into a shared device, on connect and on refresh', async () => {
    const schema = await suite.server.createSchema('sensors_hand_edit');
    const writer = await suite.connectStore(schema);
    await writer.putInstallations([installation(61, { sensors: ['esp8266-9'] }), installation(62)]);
    const reader = await suite.connectStore(schema);
    await suite.admin.query(
      `UPDATE ${schema}.airq_installations
       SET body = jsonb_set(body, '{sensors}', '["esp8266-9"]') WHERE id = 62`,
    );
    await expect(suite.connectStore(schema)).rejects.toThrow(
      new RangeError(
        'PostgresStore.connect: invalid installations: device esp8266-9 is named by installation 61 and by installation 62',
      ),
    );
    // What a writer files with every put: the set changed, so the reader reads it again.
    await suite.admin.query(
      `INSERT INTO ${schema}.airq_changes (installation_id, oldest_ms) VALUES (NULL, NULL)`,
    );
    await expect(reader.deviceInstallation('esp8266-9')).rejects.toThrow(
      'PostgresStore.refresh: invalid installations: device esp8266-9 is named by installation 61 and by installation 62',
    );
  });
});
