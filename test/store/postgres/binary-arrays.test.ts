// The binary array parameters against the server's own parser: every value comes back as
// the server reads it, which is the oracle (no decimal text involved on the way in).
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  float8ArrayParam,
  int2ArrayParam,
  int8ArrayParam,
  timestamptzArrayParam,
} from '../../../src/store/postgres/binary-arrays.js';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../../helpers/postgres-server.js';
import { serverSuitesRun } from '../../helpers/throwaway-server.js';

const binaries = postgresBinaries();

describe.runIf(serverSuitesRun('PostgreSQL', binaries))('binary array parameters', () => {
  let server: PostgresServer;
  let client: pg.Client;
  beforeAll(async () => {
    if (!binaries.available) return;
    server = await startPostgres(binaries.path);
    client = await server.connectClient();
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    await server?.stop();
  }, 60_000);

  it('round-trips safe integers, doubles and small integers exactly', async () => {
    const int8s = fc.sample(
      fc.oneof(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: -5, max: 5 }),
        fc.constantFrom(2 ** 32, -(2 ** 32), 2 ** 32 - 1, -(2 ** 31), 8.64e15, -8.64e15),
      ),
      { numRuns: 1000, seed: 3 },
    );
    const doubles = fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), {
      numRuns: 1000,
      seed: 4,
    });
    const int2s = fc.sample(fc.integer({ min: -32768, max: 32767 }), { numRuns: 1000, seed: 5 });
    const { rows } = await client.query(
      // As text, so that the check does not depend on pg's own parsing of the results.
      `SELECT array_to_string($1::bigint[], ',') AS a, $2::float8[]::text AS b,
              array_to_string($3::smallint[], ',') AS c, cardinality($4::bigint[]) AS d`,
      [int8ArrayParam(int8s), float8ArrayParam(doubles), int2ArrayParam(int2s), int8ArrayParam([])],
    );
    expect(rows[0].a).toBe(int8s.map((n) => BigInt(n).toString()).join(','));
    const back = (rows[0].b as string).slice(1, -1).split(',').map(Number);
    expect(back).toEqual(doubles);
    expect(rows[0].c).toBe(int2s.join(','));
    expect(rows[0].d).toBe(0);
  });

  it('sends epoch milliseconds as timestamptz exactly, in a session that is not in UTC', async () => {
    const times = fc.sample(
      fc.oneof(
        fc.integer({ min: Date.UTC(-4000, 0, 1), max: 8.64e15 }),
        fc.integer({ min: -3_600_001, max: 3_600_001 }),
        fc.constantFrom(
          Date.UTC(-4000, 0, 1),
          8.64e15,
          Date.UTC(2000, 0, 1),
          -1,
          2 ** 32,
          -(2 ** 32),
        ),
      ),
      { numRuns: 1000, seed: 6 },
    );
    await client.query("SET TimeZone = 'Asia/Kathmandu'");
    // extract(epoch) is exact numeric (PostgreSQL 14 and later): the server's own reading.
    const { rows } = await client.query(
      `SELECT array_to_string(array(
         SELECT (extract(epoch FROM t) * 1000)::bigint FROM unnest($1::timestamptz[]) AS t
       ), ',') AS ms`,
      [timestamptzArrayParam(times)],
    );
    await client.query('RESET TimeZone');
    expect(rows[0].ms).toBe(times.map((ms) => BigInt(ms).toString()).join(','));
  });
});
