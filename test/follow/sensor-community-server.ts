// A local HTTP server for the Sensor.Community tests: a random port of 127.0.0.1, each test's
// own handler, the request paths it saw. Nothing waits on time: close() ends every connection.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
