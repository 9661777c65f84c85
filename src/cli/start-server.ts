import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sourceAttributions } from '../follow/source-attributions.js';
import { createApi } from '../http/create-api.js';
import { respondToClientError } from '../http/node/node-client-error.js';
import { createNodeDeflateRaw, createNodeGzip } from '../http/node/node-gzip.js';
import { createNodeListener } from '../http/node/node-listener.js';
import { pageDemoKey } from '../page/demo-key.js';
import { createPageListener } from '../page/page-listener.js';
import { createMeasurementsService } from '../payload/create-measurements-service.js';
import { type OpenedData, openData, type ServerDependencies } from './open-data.js';
import type { ServeOptions } from './parse-args.js';
import { startFollowing } from './start-following.js';

export { SAMPLE_PRODUCE_INTERVAL_MS, type ServerDependencies } from './open-data.js';

/** Socket timeouts, so a slow or idle client cannot hold a connection for ever. */
export const SERVER_TIMEOUTS = Object.freeze({
  /** Whole request (headers and body) must arrive within this, ms. */
  requestTimeoutMs: 30_000,
  /** Headers must arrive within this, ms (slowloris). */
  headersTimeoutMs: 10_000,
  /** An idle keep-alive connection is closed after this, ms. */
  keepAliveTimeoutMs: 5_000,
  /** How long shutdown waits for requests in flight before cutting connections, ms. */
  shutdownGraceMs: 5_000,
});

/** A running server, what it serves (for the banner), and how to stop it. */
export interface RunningServer extends Pick<OpenedData, 'description' | 'examplePoint'> {
  readonly server: Server;
  /** `http://host:port`, with a loopback host when bound to every interface. */
  readonly url: string;
  /** The generated key when none was configured. */
  readonly demoKey: string | undefined;
  /** Whether the write routes take writes (there are write keys). */
  readonly takesWrites: boolean;
  /** Stops accepting, lets requests in flight finish (up to the grace time), stops timers. */
  close(): Promise<void>;
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the `/v2` server that `npm start` runs: opens the data, builds the service and the
 * adapter, and listens with timeouts set. Resolves once listening; rejects when the files
 * cannot be loaded or the port cannot be bound.
 *
 * @example
 * const running = await startServer({ ...options, port: 0 }, { logger });
 * running.url; // 'http://127.0.0.1:43817'
 * await running.close();
 */
export async function startServer(
  options: ServeOptions,
  dependencies: ServerDependencies = {},
): Promise<RunningServer> {
  const data = await openData(options, dependencies);
  const demoKey =
    options.keys === undefined ? `demo-${randomBytes(12).toString('base64url')}` : undefined;
  const frozenNowMs = options.nowMs;
  const api = createApi({
    service: createMeasurementsService({ store: data.store, whoEdition: options.whoEdition }),
    keys: options.keys ?? [demoKey!],
    dayLimit: options.dayLimit,
    minuteLimit: options.minuteLimit,
    clock: frozenNowMs === undefined ? Date.now : () => frozenNowMs,
    // Limits always follow real time, so a frozen data clock does not freeze the minute window
    // (createApi's default too; said here because --now freezes `clock`).
    limitsClock: Date.now,
    // node:zlib at level 1 per response (9 for the meta lists) beats CompressionStream on Node.
    gzip: createNodeGzip(),
    deflateRaw: createNodeDeflateRaw(),
    ...(data.counterStore === undefined ? {} : { counterStore: data.counterStore }),
    countersFailOpen: options.redisFailOpen === true,
    ...(data.writer === undefined ? {} : { writer: data.writer }),
    ...(options.writeKeys === undefined ? {} : { writeKeys: options.writeKeys }),
    maxBodyBytes: options.maxBodyBytes,
    ...(dependencies.logger === undefined ? {} : { logger: dependencies.logger }),
  });
  // The page at `/` (a client of /v2) in front of the API; every other path goes to the API.
  const server = createServer(
    createPageListener(createNodeListener(api), {
      demoKey: pageDemoKey(demoKey, options.host),
      tiles: options.tiles,
      attributions: sourceAttributions(options.follow?.sources.map((source) => source.name) ?? []),
    }),
  );
  server.requestTimeout = SERVER_TIMEOUTS.requestTimeoutMs;
  server.headersTimeout = SERVER_TIMEOUTS.headersTimeoutMs;
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeoutMs;
  server.on('clientError', respondToClientError);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await data.stop();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  // Polls begin once the server answers: their installations then appear as they are stored.
  const follower =
    options.follow === undefined || data.followStore === undefined
      ? undefined
      : startFollowing(
          options.follow,
          data.followStore,
          data.database,
          dependencies.report ?? (() => {}),
        );
  let closing: Promise<void> | undefined;
  return {
    server,
    url: `http://${hostForUrl(options.host)}:${port}`,
    demoKey,
    takesWrites: options.writeKeys !== undefined,
    examplePoint: data.examplePoint,
    description: data.description,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(
          () => server.closeAllConnections(),
          SERVER_TIMEOUTS.shutdownGraceMs,
        );
        force.unref();
        // Polls stop first: none may write into a store that is being closed.
        const followerStopped = follower?.stop() ?? Promise.resolve();
        server.close(() => {
          clearTimeout(force);
          followerStopped.then(() => data.stop()).then(resolve, resolve);
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
