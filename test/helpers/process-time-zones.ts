// Runs a module script of the repository in child processes, one per TZ value, and returns
// what each printed: the tests that demand the same bytes in every process time zone.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The standard output of `script` (an ES module text, run from the repository root through
 * tsx) under each of `zones`, in order.
 *
 * @example
 * const [utc, warsaw] = outputsUnderZones("console.log(new Date(0).getHours())", ['UTC', 'Europe/Warsaw']);
 * // '0\n', '1\n'
 */
export function outputsUnderZones(script: string, zones: readonly string[]): string[] {
  return zones.map((zone) =>
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, TZ: zone },
      encoding: 'utf8',
    }),
  );
}
