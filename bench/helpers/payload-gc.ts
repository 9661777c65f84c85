import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let fullCollection: (() => void) | undefined;

/**
 * Runs a full garbage collection now, so that a benchmark does not pay for the garbage (or
 * the unfinished marking of a freshly built, multi-gigabyte heap) left by the setup or by the
 * previous benchmark. The payloads' own garbage is still collected inside the timed runs.
 * vitest's workers do not start with `--expose-gc`, so the flag is switched on here, once.
 *
 * @example
 * collectGarbage(); // returns when the collection is done
 */
export function collectGarbage(): void {
  if (fullCollection === undefined) {
    setFlagsFromString('--expose-gc');
    fullCollection = runInNewContext('gc') as () => void;
  }
  fullCollection();
}
