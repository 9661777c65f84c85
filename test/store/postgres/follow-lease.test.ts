// The follow lease in PostgreSQL: one holder among processes that try at once, renewal by the
// holder only, takeover once the lease has expired (its expiry moved into the past by hand, so
// that no test waits on a clock), and release.
import { describe, expect, it } from 'vitest';
import { postgresBinaries } from '../../helpers/postgres-server.js';
import { postgresSuite } from '../../helpers/postgres-suite.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();
const MINUTE = 60_000;

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('PostgresFollowLease', () => {
  const suite = postgresSuite(binaries);

  it('lets one of three processes hold a source, renews it for the holder only, and hands it over after expiry or release', async () => {
    const schema = await suite.server.createSchema('lease');
    const stores = await Promise.all([0, 1, 2].map(() => suite.connectStore(schema)));
    const leases = stores.map((store) => store.followLease());
    for (let round = 0; round < 5; round++) {
      const source = `round-${round}` as never;
      const held = await Promise.all(leases.map((lease) => lease.hold(source, MINUTE)));
      expect(held.filter(Boolean)).toHaveLength(1);
    }
    const held = await Promise.all(leases.map((lease) => lease.hold('openaq', MINUTE)));
    const holder = held.indexOf(true);
    expect(held.filter(Boolean)).toHaveLength(1);
    const others = leases.filter((_, i) => i !== holder);
    expect(await leases[holder]!.hold('openaq', MINUTE)).toBe(true); // renewed
    expect(await Promise.all(others.map((lease) => lease.hold('openaq', MINUTE)))).toEqual([
      false,
      false,
    ]);
    // Each source has its own lease.
    expect(await others[0]!.hold('purpleair', MINUTE)).toBe(true);

    // The holder dies: its lease runs out (moved into the past), and one other takes over.
    await suite.admin.query(
      `UPDATE ${schema}.airq_follow_leases SET expires_at = clock_timestamp() - interval '1 second' WHERE source = 'openaq'`,
    );
    const takeover = await Promise.all(others.map((lease) => lease.hold('openaq', MINUTE)));
    expect(takeover.filter(Boolean)).toHaveLength(1);
    const next = others[takeover.indexOf(true)]!;
    expect(await leases[holder]!.hold('openaq', MINUTE)).toBe(false);

    // A release lets another take it at once; releasing what one does not hold changes nothing.
    await leases[holder]!.release('openaq');
    expect(await leases[holder]!.hold('openaq', MINUTE)).toBe(false);
    await next.release('openaq');
    expect(await leases[holder]!.hold('openaq', MINUTE)).toBe(true);
    const { rows } = await suite.admin.query(
      `SELECT holder, expires_at > clock_timestamp() + interval '50 seconds' AS ahead FROM ${schema}.airq_follow_leases WHERE source = 'openaq'`,
    );
    expect(rows).toEqual([{ holder: leases[holder]!.holder, ahead: true }]);
  });

  it('refuses a bad ttl or source with the function and the value', async () => {
    const lease = (
      await suite.connectStore(await suite.server.createSchema('lease_args'))
    ).followLease();
    await expect(lease.hold('openaq', 0)).rejects.toThrow(
      new RangeError(
        'PostgresFollowLease.hold: ttlMs must be a finite number in [1, 86400000], got 0',
      ),
    );
    await expect(lease.hold('' as never, MINUTE)).rejects.toThrow(
      new TypeError('PostgresFollowLease.hold: source must be a non-empty string, got ""'),
    );
  });
});
