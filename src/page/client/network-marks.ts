import type { NetworkIndex, NetworkState } from './api-client.js';
import type { MapView } from './map-view.js';

/**
 * Whether two answers of `/v2/airq/network` hold the same installations in the same order
 * (both are sorted by id), so the marks drawn for one serve the other.
 *
 * @example
 * sameInstallations(undefined, state); // → false: nothing drawn yet
 */
export function sameInstallations(previous: NetworkState | undefined, next: NetworkState): boolean {
  const before = previous?.installations;
  const after = next.installations;
  return (
    before !== undefined &&
    before.length === after.length &&
    before.every((installation, i) => installation.id === after[i]!.id)
  );
}

/**
 * Puts one answer of `/v2/airq/network` on the map: draws the marks anew when the set of
 * installations changed (the first answer, or one installed or retired since; a refresh of
 * colours alone leaves the view where the person moved it), then gives every mark its colour
 * and accessible name. Returns whether the marks were drawn anew.
 */
export function showNetworkMarks(
  map: MapView,
  previous: NetworkState | undefined,
  next: NetworkState,
  label: (installationId: number, index: NetworkIndex | undefined) => string,
): boolean {
  const redraw = !sameInstallations(previous, next);
  if (redraw) {
    map.draw(next.installations, (id) => label(id, undefined));
    performance.mark('airq-page:map-built');
  }
  for (const installation of next.installations)
    map.paint(
      installation.id,
      installation.index.color,
      label(installation.id, installation.index),
    );
  // After the next frame the coloured marks are on screen (bench/page-draw.ts reads this mark).
  if (redraw)
    requestAnimationFrame(() => setTimeout(() => performance.mark('airq-page:map-drawn')));
  return redraw;
}
