import type { ApiLogger } from '../http/core-request.js';
import { parseCliArgs } from './parse-args.js';
import { type RunningServer, startServer } from './start-server.js';

/** Exit code for bad flags (as most Unix tools use it). */
export const EXIT_USAGE = 2;
/** Exit code when the server cannot start (unreadable files, port in use). */
export const EXIT_FAILURE = 1;

/** What `main` talks to; `process` in production, fakes in tests. */
export interface CliEnvironment {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM). */
  readonly stopRequested: Promise<string>;
}

function accessLogger(stdout: (line: string) => void, stderr: (line: string) => void): ApiLogger {
  return {
    info: (_message, fields) =>
      stdout(`${new Date().toISOString()} ${fields?.method} ${fields?.url} ${fields?.status}`),
    error: (message, fields) => {
      const error = fields?.error;
      stderr(
        `${new Date().toISOString()} ${message} ${fields?.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    },
  };
}

function banner(running: RunningServer): string[] {
  const lines = [`airq /v2 API serving ${running.description}`, `Listening on ${running.url}`];
  const key = running.demoKey ?? '<your key>';
  if (running.demoKey !== undefined) lines.push(`Demo API key: ${running.demoKey}`);
  else lines.push('API keys: as configured (not printed)');
  const point = running.examplePoint;
  const path =
    point === undefined
      ? '/v2/meta/indexes'
      : `/v2/measurements/point?lat=${point.latitude}&lng=${point.longitude}`;
  lines.push(`Try: curl -H 'apikey: ${key}' '${running.url}${path}'`);
  return lines;
}

/**
 * The `npm start` command: parses flags, serves until SIGINT/SIGTERM, then shuts down
 * gracefully. Resolves with the exit code (0 after a clean stop, 2 for bad flags, 1 when the
 * server cannot start); never calls `process.exit` itself.
 *
 * @example
 * process.exitCode = await main({ argv: ['--port', '9000'], env: process.env, stdout: console.log, stderr: console.error, stopRequested });
 */
export async function main(environment: CliEnvironment): Promise<number> {
  const { stdout, stderr } = environment;
  const command = parseCliArgs(environment.argv, environment.env);
  if (command.kind === 'help') {
    stdout(command.text);
    return 0;
  }
  if (command.kind === 'usage-error') {
    stderr(`airq: ${command.message}\nRun with --help for the options.`);
    return EXIT_USAGE;
  }
  let running: RunningServer;
  try {
    const logger = command.options.quiet ? undefined : accessLogger(stdout, stderr);
    running = await startServer(command.options, logger === undefined ? {} : { logger });
  } catch (error) {
    stderr(`airq: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  }
  for (const line of banner(running)) stdout(line);
  const signal = await environment.stopRequested;
  stdout(`airq: ${signal} received, shutting down`);
  await running.close();
  return 0;
}
