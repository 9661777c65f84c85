import { version } from '../../package.json';
import { createAccessLog } from './access-log.js';
import { ASSESS_HELP, runAssessCommand } from './assess-command.js';
import { CALIBRATE_HELP, runCalibrateCommand } from './calibrate-command.js';
import { type CliEnvironment, EXIT_FAILURE, EXIT_USAGE } from './command-line.js';
import { IMPORT_HELP, runImportCommand } from './import-command.js';
import { CLI_HELP, parseCliArgs } from './parse-args.js';
import { type RunningServer, startServer } from './start-server.js';
import { runTrendCommand, TREND_HELP } from './trend-command.js';

export { type CliEnvironment, EXIT_FAILURE, EXIT_USAGE } from './command-line.js';

/** Every command besides serving, by the first argument that names it, with its help. */
const SUBCOMMANDS = [
  { name: 'import', help: IMPORT_HELP, run: runImportCommand },
  { name: 'assess', help: ASSESS_HELP, run: runAssessCommand },
  { name: 'calibrate', help: CALIBRATE_HELP, run: runCalibrateCommand },
  { name: 'trend', help: TREND_HELP, run: runTrendCommand },
] as const;

// `airq --help`: serving, then every other command with its options.
function fullHelp(): string {
  const others = SUBCOMMANDS.map((command) => `\n${command.help}`).join('');
  const list = SUBCOMMANDS.map((command) => `airq ${command.name} --help`).join(', ');
  return `${CLI_HELP}\nOther commands (also ${list}):\n${others}`;
}

function banner(running: RunningServer): string[] {
  const { url, demoKey, examplePoint: point } = running;
  const path =
    point === undefined
      ? '/v2/meta/indexes'
      : `/v2/measurements/point?lat=${point.latitude}&lng=${point.longitude}`;
  return [
    `airq /v2 API serving ${running.description}`,
    `Listening on ${url}`,
    demoKey === undefined ? 'API keys: as configured (not printed)' : `Demo API key: ${demoKey}`,
    `Try: curl -H 'apikey: ${demoKey ?? '<your key>'}' '${url}${path}'`,
    `Or open ${url}/ in a browser: the network on a map`,
    ...(running.takesWrites
      ? [`Writes: POST ${url}/v2/airq/samples or /v2/airq/airrohr with a write key (docs/live.md)`]
      : []),
  ];
}

/**
 * The `airq` command (`npm start`): parses flags, serves until SIGINT/SIGTERM, then shuts down
 * gracefully. Resolves with the exit code (0 after a clean stop, 2 for bad flags, 1 when the
 * server cannot start); never calls `process.exit` itself. A first argument `import`, `assess`,
 * `calibrate` or `trend` runs that command instead.
 *
 * @example
 * process.exitCode = await main({ argv: ['--port', '9000'], env: process.env, stdout: console.log, stderr: console.error, stopRequested });
 */
export async function main(environment: CliEnvironment): Promise<number> {
  const { argv, stdout, stderr } = environment;
  const subcommand = SUBCOMMANDS.find((command) => command.name === argv[0]);
  if (subcommand !== undefined) return subcommand.run({ ...environment, argv: argv.slice(1) });
  const command = parseCliArgs(argv, environment.env);
  if (command.kind === 'help' || command.kind === 'version') {
    stdout(command.kind === 'help' ? fullHelp() : version);
    return 0;
  }
  if (command.kind === 'usage-error') {
    stderr(`airq: ${command.message}\nRun with --help for the options.`);
    return EXIT_USAGE;
  }
  const log = createAccessLog(command.options.logLevel, environment.logDestination);
  let running: RunningServer;
  try {
    running = await startServer(command.options, {
      ...(log.logger === undefined ? {} : { logger: log.logger }),
      report: stderr,
    });
  } catch (error) {
    stderr(`airq: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  }
  for (const line of banner(running)) stdout(line);
  stdout(`airq: ${await environment.stopRequested} received, shutting down`);
  await running.close();
  log.flush();
  return 0;
}
