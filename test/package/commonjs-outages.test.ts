// The adapter under CommonJS, as a user who writes `require('airq/http')` runs it: a hung
// Redis and a stopped PostgreSQL give the documented JSON 503 with Retry-After, not a 500.
// (Under the old per-entry CommonJS build, airq/http did not recognise the
// DependencyUnavailableError of airq/http/redis's or airq/store/postgres's own copy.)
//
// The child is a .cjs file in the project that has the packed tarball installed; the servers are
// throwaway Debian ones. The child answers one request per line it reads on stdin, so the test
// can inflict the fault between two requests.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PostgresServer,
  postgresBinaries,
  startPostgres,
} from '../helpers/postgres-server.js';
import { describeWithRedis, type RedisServer, startRedisServer } from '../helpers/redis-server.js';
import { serverSuitesRun } from '../helpers/throwaway-server.js';
import { type PackedPackage, packedPackage } from './packed-package.js';

const INSTALLATION = {
  id: 1001,
  location: { latitude: 50.0614, longitude: 19.9366 },
  address: { country: 'Poland', city: 'Kraków', street: 'Floriańska', number: '1' },
  elevation: 219,
  vendor: true,
  sponsor: { id: 1, name: 'A school' },
};

// The child: `createApi` from airq/http over a measurements service, with the Redis counter
// store or the PostgreSQL store, served through `createFetchHandler`.
const CHILD = `'use strict';
const { createApi, createFetchHandler } = require('airq/http');
const { createMeasurementsService } = require('airq/payload');
const { InMemoryStore } = require('airq/store');
const readline = require('node:readline');
const [kind, url, installationJson, schema] = process.argv.slice(2);
const installation = JSON.parse(installationJson);

async function handler() {
  if (kind === 'redis') {
    const { RedisCounterStore } = require('airq/http/redis');
    const counterStore = await RedisCounterStore.connect({ url, deadlineMs: 500 });
    const service = createMeasurementsService({ store: new InMemoryStore([installation]) });
    return createFetchHandler(createApi({ service, keys: ['k'], counterStore }));
  }
  const { PostgresStore } = require('airq/store/postgres');
  const store = await PostgresStore.connect({ connectionString: url, schema, deadlineMs: 500 });
  await store.putInstallations([installation]);
  return createFetchHandler(createApi({ service: createMeasurementsService({ store }), keys: ['k'] }));
}

handler().then((handle) => {
  process.stdout.write('ready\\n');
  readline.createInterface({ input: process.stdin }).on('line', async (path) => {
    const response = await handle(new Request('http://airq.test' + path, { headers: { apikey: 'k' } }));
    const answer = { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    process.stdout.write(JSON.stringify(answer) + '\\n');
  });
}, (error) => { console.error(error); process.exit(1); });
`;

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: unknown;
}

/** A running child and a way to send it one path and read its answer. */
interface Child {
  get(path: string): Promise<Answer>;
  stop(): void;
}

let packed: PackedPackage;

beforeAll(async () => {
  packed = await packedPackage();
  writeFileSync(join(packed.projectDir, 'outage.cjs'), CHILD);
}, 300_000);

async function startChild(args: string[]): Promise<Child> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [join(packed.projectDir, 'outage.cjs'), ...args],
    { cwd: packed.projectDir },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const line = await lines.next();
    if (line.done) throw new Error(`the CommonJS child exited: ${errors}`);
    return line.value;
  };
  expect(await next()).toBe('ready');
  return {
    async get(path) {
      child.stdin.write(`${path}\n`);
      return JSON.parse(await next()) as Answer;
    },
    stop: () => child.kill(),
  };
}

describeWithRedis('under CommonJS, a hung Redis', () => {
  let redis: RedisServer;
  let child: Child;

  beforeAll(async () => {
    redis = await startRedisServer();
    child = await startChild(['redis', redis.url, JSON.stringify(INSTALLATION)]);
  }, 60_000);

  afterAll(async () => {
    redis?.resume();
    child?.stop();
    await redis?.stop();
  });

  it('gives keyed requests a JSON 503 with Retry-After, and 200 again once it answers', async () => {
    expect((await child.get('/v2/meta/indexes')).status).toBe(200);
    redis.pause();
    try {
      expect(await child.get('/v2/meta/indexes')).toEqual({
        status: 503,
        retryAfter: '5',
        body: {
          errorCode: 'SERVICE_UNAVAILABLE',
          message: 'The rate-limit counters did not answer in time; retry later.',
          details: { dependency: 'counters' },
        },
      });
    } finally {
      redis.resume();
    }
    let after = await child.get('/v2/meta/indexes');
    for (let attempt = 0; after.status !== 200 && attempt < 20; attempt += 1) {
      after = await child.get('/v2/meta/indexes');
    }
    expect(after.status).toBe(200);
  }, 60_000);
});

const binaries = postgresBinaries();

describe.runIf(serverSuitesRun('PostgreSQL', binaries))(
  'under CommonJS, a stopped PostgreSQL',
  () => {
    let postgres: PostgresServer;
    let child: Child;

    beforeAll(async () => {
      if (!binaries.available) return;
      postgres = await startPostgres(binaries.path);
      const schema = await postgres.createSchema('commonjs');
      child = await startChild([
        'postgres',
        postgres.connectionString,
        JSON.stringify(INSTALLATION),
        schema,
      ]);
    }, 60_000);

    afterAll(async () => {
      child?.stop();
      await postgres?.stop();
    });

    it('gives measurement and installation routes a JSON 503 with Retry-After; meta routes answer', async () => {
      const measurements = `/v2/measurements/installation?installationId=${INSTALLATION.id}`;
      const installation = `/v2/installations/${INSTALLATION.id}`;
      expect((await child.get(installation)).status).toBe(200);
      await postgres.halt();
      for (const path of [measurements, installation]) {
        expect(await child.get(path)).toEqual({
          status: 503,
          retryAfter: '5',
          body: {
            errorCode: 'SERVICE_UNAVAILABLE',
            message: 'The measurement store did not answer in time; retry later.',
            details: { dependency: 'store' },
          },
        });
      }
      expect((await child.get('/v2/meta/indexes')).status).toBe(200);
    }, 60_000);
  },
);
