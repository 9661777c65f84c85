// A local HTTP server for the Sensor.Community tests: a random port of 127.0.0.1, each test's
// own handler, the request paths it saw. Nothing waits on time: close() ends every connection.
// And what most of them serve: the recorded cut of data.json
// (test/fixtures/follow/sensor-community/README.md), with a box and a clock that fit it.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The recorded data.json: five elements of Berlin (location 1071) and Stuttgart (28), 2019. */
export const RECORDED_DATA_JSON = readFileSync(
  new URL('../fixtures/follow/sensor-community/data-2019-04-25.json', import.meta.url),
);
/** A box holding both places of {@link RECORDED_DATA_JSON}. */
export const GERMANY = Object.freeze({ minLat: 47, minLng: 5, maxLat: 56, maxLng: 16 });
/** A data clock just after the recorded file's last element, epoch ms. */
export const RECORDED_NOW_MS = Date.UTC(2019, 3, 25, 1, 55);

export interface ReplayServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash, as `FollowOptions.baseUrl`. */
  readonly baseUrl: string;
  /** The path of every request, in order. */
  readonly paths: readonly string[];
  close(): Promise<void>;
}

/** Starts a server that answers every request with `handler`. */
export async function startReplayServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<ReplayServer> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
