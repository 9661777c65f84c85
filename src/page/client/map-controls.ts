import type { BasePoint, LatLng } from './map-projection.js';
import type { MapView } from './map-view.js';
import { IDENTITY_VIEW } from './view-transform.js';

/** What the map tells the page. */
export interface MapEvents {
  /** `byKeyboard`: chosen with Enter or Space, so the panel should take the focus. */
  readonly onInstallation: (installationId: number, byKeyboard: boolean) => void;
  readonly onPoint: (position: LatLng) => void;
}

// A press that moves less than this is a click, not a drag, px.
const CLICK_SLOP_PX = 4;
// How far an arrow key moves the map, px.
const KEY_PAN_PX = 60;
const KEY_ZOOM_FACTOR = 1.5;

const KEY_MOVES: Readonly<Record<string, readonly [number, number]>> = Object.freeze({
  ArrowLeft: [KEY_PAN_PX, 0],
  ArrowRight: [-KEY_PAN_PX, 0],
  ArrowUp: [0, KEY_PAN_PX],
  ArrowDown: [0, -KEY_PAN_PX],
});

/**
 * The map's pointer, wheel and keyboard handling: a drag pans, a click chooses the
 * installation under it or asks for the point, the wheel zooms at the cursor; on the focused
 * map the arrow keys pan and `+`/`-` zoom; Enter or Space on a focused mark chooses it.
 */
export function bindMapControls(map: MapView, events: MapEvents): void {
  const { svg } = map;
  let press: { start: BasePoint; last: BasePoint; moved: boolean; id: number } | undefined;
  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const start = map.localPoint(event);
    press = { start, last: start, moved: false, id: event.pointerId };
  });
  svg.addEventListener('pointermove', (event) => {
    if (press === undefined || event.pointerId !== press.id) return;
    const at = map.localPoint(event);
    if (!press.moved && Math.hypot(at.x - press.start.x, at.y - press.start.y) < CLICK_SLOP_PX)
      return;
    if (!press.moved) svg.setPointerCapture(event.pointerId);
    press.moved = true;
    map.pan(at.x - press.last.x, at.y - press.last.y);
    press.last = at;
  });
  svg.addEventListener('pointerup', (event) => {
    const ended = press;
    press = undefined;
    if (ended === undefined || ended.moved || event.pointerId !== ended.id) return;
    const id = (event.target as Element).getAttribute('data-installation-id');
    if (id !== null) events.onInstallation(Number(id), false);
    else events.onPoint(map.positionAt(map.localPoint(event)));
  });
  svg.addEventListener('pointercancel', () => {
    press = undefined;
  });
  svg.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      map.zoomAt(map.localPoint(event), Math.exp(-event.deltaY / 300));
    },
    { passive: false },
  );
  svg.addEventListener('keydown', (event) => {
    const id = (event.target as Element).getAttribute('data-installation-id');
    if (id !== null && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      events.onInstallation(Number(id), true);
      return;
    }
    const move = KEY_MOVES[event.key];
    if (move !== undefined) map.pan(move[0], move[1]);
    else if (event.key === '+' || event.key === '=') map.zoom(KEY_ZOOM_FACTOR);
    else if (event.key === '-') map.zoom(1 / KEY_ZOOM_FACTOR);
    else return;
    event.preventDefault();
  });
}

/** The zoom buttons beside the map (`data-action` zoom-in, zoom-out, reset). */
export function bindZoomButtons(map: MapView): void {
  for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('[data-action]'))) {
    button.addEventListener('click', () => {
      const action = button.dataset.action;
      if (action === 'zoom-in') map.zoom(KEY_ZOOM_FACTOR);
      else if (action === 'zoom-out') map.zoom(1 / KEY_ZOOM_FACTOR);
      else map.setView(IDENTITY_VIEW);
    });
  }
}
