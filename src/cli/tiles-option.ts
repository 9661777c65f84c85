import {
  DEFAULT_TILE_URL,
  DEFAULT_TILES,
  type MapTiles,
  tileUrlProblem,
} from '../page/map-tiles.js';
import { type CommandLine, invalid, UsageError } from './command-line.js';

/**
 * `--tiles` and `--tiles-attribution` of `airq` (serving): `undefined` for no tile layer.
 * Another provider's tiles come with their own terms, so they need an attribution of their own.
 *
 * @throws UsageError naming the flag
 * @example
 * readTiles(readCommandLine(CLI_HELP, ['--tiles', 'none'], false)); // undefined
 */
export function readTiles(line: CommandLine): MapTiles | undefined {
  const url = line.text('tiles');
  const attribution = line.text('tiles-attribution');
  if (url === 'none') {
    if (attribution !== undefined)
      throw new UsageError('--tiles-attribution has nothing to attribute with --tiles none');
    return undefined;
  }
  if (attribution !== undefined && attribution.trim() === '')
    throw new UsageError('--tiles-attribution must not be empty');
  if (url === undefined || url === DEFAULT_TILE_URL)
    return attribution === undefined ? DEFAULT_TILES : { url: DEFAULT_TILE_URL, attribution };
  const problem = tileUrlProblem(url);
  if (problem !== undefined) throw invalid('--tiles', `${problem}, or none`, url);
  if (attribution === undefined)
    throw new UsageError(
      '--tiles needs --tiles-attribution (the attribution the tile provider requires)',
    );
  return { url, attribution };
}
