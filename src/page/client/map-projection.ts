// Web Mercator in "base pixels": the map is projected once, at the scale that fits the whole
// network into the first view, and pan and zoom are then a translate and a scale of that
// drawing. Keeping coordinates near the view (not raw Mercator units around 0.5) keeps the
// browser's single-precision transforms exact to well under a pixel at any zoom we allow.

/** A WGS 84 position in decimal degrees. */
export interface LatLng {
  readonly latitude: number;
  readonly longitude: number;
}

/** A point in base pixels (x to the east, y to the south). */
export interface BasePoint {
  readonly x: number;
  readonly y: number;
}

/** How base pixels relate to Mercator units: `base = (mercator - origin) * scale`. */
export interface BaseFrame {
  readonly originX: number;
  readonly originY: number;
  /** Base pixels per Mercator unit (the world is 1 × 1 unit). */
  readonly scale: number;
}

const MAX_LATITUDE = 85.05112878;

/** Mercator units in [0, 1]: x from longitude, y from latitude (north up, so y grows south). */
export function mercator(position: LatLng): BasePoint {
  const latitude = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, position.latitude));
  const sine = Math.sin((latitude * Math.PI) / 180);
  return {
    x: (position.longitude + 180) / 360,
    y: 0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI),
  };
}

/** The inverse of {@link mercator}. */
export function inverseMercator(point: BasePoint): LatLng {
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - 2 * point.y))) * 180) / Math.PI;
  return { latitude, longitude: point.x * 360 - 180 };
}

/**
 * The frame that fits every position into `widthPx` × `heightPx` with `paddingPx` on each side,
 * centred. A single position (or none) gets a frame of about 2 km across.
 */
export function fitFrame(
  positions: readonly LatLng[],
  widthPx: number,
  heightPx: number,
  paddingPx: number,
): BaseFrame {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const position of positions) {
    const { x, y } = mercator(position);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (!Number.isFinite(minX)) {
    minX = maxX = 0.5;
    minY = maxY = 0.5;
  }
  // At least ~2 km of the equator's scale, so one installation is not an infinite zoom.
  const spanX = Math.max(maxX - minX, 5e-5);
  const spanY = Math.max(maxY - minY, 5e-5);
  const usableWidth = Math.max(1, widthPx - 2 * paddingPx);
  const usableHeight = Math.max(1, heightPx - 2 * paddingPx);
  const scale = Math.min(usableWidth / spanX, usableHeight / spanY);
  return {
    originX: (minX + maxX) / 2 - widthPx / 2 / scale,
    originY: (minY + maxY) / 2 - heightPx / 2 / scale,
    scale,
  };
}

/** A position in base pixels of `frame`. */
export function toBase(frame: BaseFrame, position: LatLng): BasePoint {
  const { x, y } = mercator(position);
  return { x: (x - frame.originX) * frame.scale, y: (y - frame.originY) * frame.scale };
}

/** The position at a point in base pixels of `frame`. */
export function fromBase(frame: BaseFrame, point: BasePoint): LatLng {
  return inverseMercator({
    x: point.x / frame.scale + frame.originX,
    y: point.y / frame.scale + frame.originY,
  });
}
