// The server of `npm run soak`, run as its own process so that its memory is measured alone:
//   node --import tsx bench/http/soak-server.ts --key K
// It is `npm start` itself (startServer: the sample network with its live producer adding
// samples every 30 s on the real clock, node:zlib gzip, the socket timeouts), with one key
// whose limits are never reached and no access log. The parent's calls get the process's
// memory figures.
import { parseCliArgs } from '../../src/cli/parse-args.js';
import { startServer } from '../../src/cli/start-server.js';
import { serveForParent, UNREACHABLE_LIMIT } from './server-process.js';

/** What the soak server announces besides its port. */
export interface SoakServerInfo {
  readonly centre: { readonly latitude: number; readonly longitude: number };
}

/** One memory reading of the server process, bytes. */
export interface MemoryReading {
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  readonly heapTotalBytes: number;
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--key');
  const key = at < 0 ? undefined : process.argv[at + 1];
  if (key === undefined) throw new Error('soak-server: needs --key K');
  const limit = String(UNREACHABLE_LIMIT);
  const command = parseCliArgs(
    ['--port', '0', '--keys', `${key}:${limit}:${limit}`, '--quiet'],
    {},
  );
  if (command.kind !== 'serve') throw new Error(`soak-server: ${JSON.stringify(command)}`);
  const running = await startServer(command.options);
  if (running.examplePoint === undefined) throw new Error('soak-server: no installation');
  const info: SoakServerInfo = { centre: running.examplePoint };
  await serveForParent(running.server, info, (): MemoryReading => {
    const { rss, heapUsed, heapTotal } = process.memoryUsage();
    return { rssBytes: rss, heapUsedBytes: heapUsed, heapTotalBytes: heapTotal };
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
