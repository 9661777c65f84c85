// A command-line environment for running `main` and the subcommands in process: every line
// and raw write is collected, stderr is a TTY only when asked, and no stop is ever requested.

/**
 * The environment for `argv`, with what the command printed.
 *
 * @example
 * const { env, out } = cliEnvironment(['--version']);
 * await main(env); // out: ['airq 0.1.0']
 */
export function cliEnvironment(argv: string[], extra: { tty?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const raw: string[] = [];
  return {
    out,
    err,
    raw,
    env: {
      argv,
      env: {},
      stdout: (line: string) => out.push(line),
      stderr: (line: string) => err.push(line),
      writeStderr: (text: string) => raw.push(text),
      stderrIsTty: extra.tty ?? false,
      stopRequested: new Promise<string>(() => {}),
    },
  };
}
