import { createAccessLog, type LogDestination } from './access-log.js';
import { ASSESS_HELP, runAssessCommand } from './assess-command.js';
import { IMPORT_HELP, runImportCommand } from './import-command.js';
import { CLI_HELP, parseCliArgs } from './parse-args.js';
import { type RunningServer, startServer } from './start-server.js';
import { airqVersion } from './version.js';

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
  /** Where the JSON log lines go (a few lines per write). Default: standard output. */
  readonly logDestination?: LogDestination;
  /** Raw stderr (no line end added), for the progress bar of `airq import`. */
  readonly writeStderr?: (text: string) => void;
  /** Whether stderr is a terminal (the progress bar is drawn only there). */
  readonly stderrIsTty?: boolean;
}

/** A command of `airq` besides serving, chosen by its first argument. */
export interface Subcommand {
  readonly name: string;
  /** Its `--help` text, shown by `airq --help` too. */
  readonly help: string;
  run(environment: CliEnvironment): Promise<number>;
}

/** Every command besides serving, one line each. */
export const SUBCOMMANDS: readonly Subcommand[] = Object.freeze([
  { name: 'import', help: IMPORT_HELP, run: runImportCommand },
  { name: 'assess', help: ASSESS_HELP, run: runAssessCommand },
]);

/** `airq --help`: serving, then every other command with its options. */
export function fullHelp(): string {
  const others = SUBCOMMANDS.map((command) => `\n${command.help}`).join('');
  const list = SUBCOMMANDS.map((command) => `airq ${command.name} --help`).join(', ');
  return `${CLI_HELP}\nOther commands (also ${list}):\n${others}`;
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
  lines.push(`Or open ${running.url}/ in a browser: the network on a map`);
  return lines;
}

/**
 * The `airq` command (`npm start`): parses flags, serves until SIGINT/SIGTERM, then shuts down
 * gracefully. Resolves with the exit code (0 after a clean stop, 2 for bad flags, 1 when the
 * server cannot start); never calls `process.exit` itself. A first argument that names one of
 * {@link SUBCOMMANDS} (`airq import …`) runs that command instead.
 *
 * @example
 * process.exitCode = await main({ argv: ['--port', '9000'], env: process.env, stdout: console.log, stderr: console.error, stopRequested });
 */
export async function main(environment: CliEnvironment): Promise<number> {
  const { stdout, stderr } = environment;
  const subcommand = SUBCOMMANDS.find((command) => command.name === environment.argv[0]);
  if (subcommand !== undefined) {
    return subcommand.run({ ...environment, argv: environment.argv.slice(1) });
  }
  const command = parseCliArgs(environment.argv, environment.env);
  if (command.kind === 'help') {
    stdout(fullHelp());
    return 0;
  }
  if (command.kind === 'version') {
    stdout(airqVersion());
    return 0;
  }
  if (command.kind === 'usage-error') {
    stderr(`airq: ${command.message}\nRun with --help for the options.`);
    return EXIT_USAGE;
  }
  let running: RunningServer;
  const log = createAccessLog(command.options.logLevel, environment.logDestination);
  try {
    running = await startServer(command.options, {
      ...(log.logger === undefined ? {} : { logger: log.logger }),
      report: (line) => stderr(line),
    });
  } catch (error) {
    stderr(`airq: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  }
  for (const line of banner(running)) stdout(line);
  const signal = await environment.stopRequested;
  stdout(`airq: ${signal} received, shutting down`);
  await running.close();
  log.flush();
  return 0;
}
