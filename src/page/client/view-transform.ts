import type { BasePoint } from './map-projection.js';

/** Pan and zoom of the map: `screen = base * k + (tx, ty)`, in CSS pixels. */
export interface ViewTransform {
  readonly tx: number;
  readonly ty: number;
  /** Zoom factor relative to the first view (1 = the whole network fits). */
  readonly k: number;
}

/** Zoom limits relative to the first view. */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 64;

/** The first view: no pan, no zoom. */
export const IDENTITY_VIEW: ViewTransform = Object.freeze({ tx: 0, ty: 0, k: 1 });

/** The screen point (CSS pixels in the map) of a base point. */
export function toScreen(view: ViewTransform, point: BasePoint): BasePoint {
  return { x: point.x * view.k + view.tx, y: point.y * view.k + view.ty };
}

/** The base point under a screen point. */
export function toBasePoint(view: ViewTransform, screen: BasePoint): BasePoint {
  return { x: (screen.x - view.tx) / view.k, y: (screen.y - view.ty) / view.k };
}

/** Moves the view by a screen distance. */
export function pan(view: ViewTransform, dxPx: number, dyPx: number): ViewTransform {
  return { tx: view.tx + dxPx, ty: view.ty + dyPx, k: view.k };
}

/**
 * Zooms by `factor` keeping the base point under `screen` where it is (the cursor, or the
 * map's centre for the keyboard and the buttons). The zoom stays within
 * [{@link MIN_ZOOM}, {@link MAX_ZOOM}].
 */
export function zoomAt(view: ViewTransform, screen: BasePoint, factor: number): ViewTransform {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.k * factor));
  const anchor = toBasePoint(view, screen);
  return { tx: screen.x - anchor.x * k, ty: screen.y - anchor.y * k, k };
}

/** The SVG `transform` attribute of a view. */
export function transformAttribute(view: ViewTransform): string {
  return `translate(${view.tx} ${view.ty}) scale(${view.k})`;
}
