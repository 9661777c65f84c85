import type { Installation } from '../../model/api-types.js';
import { convexHull, polygonPath } from './convex-hull.js';
import { gridStep, gridValues } from './grid-lines.js';
import { bindMapControls, type MapEvents } from './map-controls.js';
import {
  type BaseFrame,
  type BasePoint,
  fitFrame,
  fromBase,
  type LatLng,
  toBase,
} from './map-projection.js';
import {
  IDENTITY_VIEW,
  pan,
  toBasePoint,
  transformAttribute,
  type ViewTransform,
  zoomAt,
} from './view-transform.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The colour of a mark whose index has not arrived yet. */
export const PENDING_COLOR = '#9E9E9E';
const FIT_PADDING_PX = 24;

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function svgElement<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/**
 * The map: an SVG in Web Mercator with the network's outline, a faint degree grid and one
 * focusable circle per installation (`data-installation-id`, `data-color`). Pan by dragging
 * or with the arrow keys, zoom with the wheel, `+`/`-` or the buttons. Marks keep their
 * screen size at every zoom (their radius is divided by the zoom in CSS).
 */
export class MapView {
  readonly svg: SVGSVGElement;
  readonly #layer: SVGGElement;
  readonly #marks = new Map<number, SVGCircleElement>();
  readonly #points = new Map<number, BasePoint>();
  readonly #pointMarker: SVGCircleElement;
  #frame: BaseFrame = { originX: 0, originY: 0, scale: 1 };
  #view: ViewTransform = IDENTITY_VIEW;

  constructor(svg: SVGSVGElement, events: MapEvents) {
    this.svg = svg;
    this.#layer = svgElement('g', { class: 'view' });
    this.#pointMarker = svgElement('circle', {
      class: 'point-marker',
      r: '1',
      visibility: 'hidden',
    });
    svg.append(this.#layer);
    bindMapControls(this, events);
  }

  /** Draws the installations, fitted into the map's current size, and resets pan and zoom. */
  draw(
    installations: readonly Installation[],
    label: (installation: Installation) => string,
  ): void {
    const width = this.svg.clientWidth || 800;
    const height = this.svg.clientHeight || 600;
    this.#frame = fitFrame(
      installations.map((installation) => installation.location),
      width,
      height,
      FIT_PADDING_PX,
    );
    const frame = this.#frame;
    const points = installations.map((installation) => toBase(frame, installation.location));
    const grid = this.#grid(width, height);
    const outline = svgElement('path', { class: 'outline', d: polygonPath(convexHull(points)) });
    const marks = svgElement('g', { class: 'marks' });
    // Reading order (north to south, west to east), so Tab moves across the map sensibly.
    const order = installations
      .map((installation, i) => ({ installation, point: points[i]! }))
      .sort((a, b) => a.point.y - b.point.y || a.point.x - b.point.x);
    // One string for the browser's parser instead of 10,000 createElementNS with ten
    // setAttribute calls each: the draw is what the page waits on. For 10,000 marks this step
    // took 200–430 ms against 450–750 ms one by one (4 runs each, shared 2-core machine at
    // load 15; bench/RESULTS.md, "The page at /").
    const markup: string[] = [];
    for (const { installation, point } of order) {
      markup.push(
        `<circle class="mark" cx="${point.x.toFixed(1)}" cy="${point.y.toFixed(1)}" fill="${PENDING_COLOR}" tabindex="0" role="button" data-installation-id="${installation.id}" data-color="${PENDING_COLOR}" aria-label="${escapeAttribute(label(installation))}"></circle>`,
      );
    }
    marks.innerHTML = markup.join('');
    this.#marks.clear();
    this.#points.clear();
    const circles = marks.children;
    for (let i = 0; i < order.length; i++) {
      const { installation, point } = order[i]!;
      this.#marks.set(installation.id, circles[i] as SVGCircleElement);
      this.#points.set(installation.id, point);
    }
    this.#layer.replaceChildren(grid, outline, marks, this.#pointMarker);
    this.setView(IDENTITY_VIEW);
  }

  #grid(width: number, height: number): SVGGElement {
    const group = svgElement('g', { class: 'grid', 'aria-hidden': 'true' });
    // The grid covers three views in each direction, so panning does not run off its edge.
    const corner1 = fromBase(this.#frame, { x: -width, y: 2 * height });
    const corner2 = fromBase(this.#frame, { x: 2 * width, y: -height });
    const step = gridStep((corner2.longitude - corner1.longitude) / 3, 8);
    const top = toBase(this.#frame, corner2).y;
    const bottom = toBase(this.#frame, corner1).y;
    for (const longitude of gridValues(corner1.longitude, corner2.longitude, step)) {
      const x = toBase(this.#frame, { latitude: corner1.latitude, longitude }).x.toFixed(1);
      group.append(svgElement('line', { x1: x, x2: x, y1: String(top), y2: String(bottom) }));
    }
    for (const latitude of gridValues(corner1.latitude, corner2.latitude, step)) {
      const y = toBase(this.#frame, { latitude, longitude: corner1.longitude }).y.toFixed(1);
      group.append(svgElement('line', { x1: String(-width), x2: String(2 * width), y1: y, y2: y }));
    }
    return group;
  }

  /** Colours an installation's mark (`#RRGGBB`) and updates its accessible name. */
  paint(installationId: number, color: string, label: string): void {
    const mark = this.#marks.get(installationId);
    if (mark === undefined) return;
    mark.setAttribute('fill', color);
    mark.setAttribute('data-color', color);
    mark.setAttribute('aria-label', label);
  }

  /** Every installation id on the map, nearest to the view's centre first. */
  idsByDistanceFromCentre(): number[] {
    const centre = toBasePoint(this.#view, {
      x: (this.svg.clientWidth || 800) / 2,
      y: (this.svg.clientHeight || 600) / 2,
    });
    return [...this.#points.entries()]
      .map(([id, point]) => ({ id, d: (point.x - centre.x) ** 2 + (point.y - centre.y) ** 2 }))
      .sort((a, b) => a.d - b.d)
      .map((entry) => entry.id);
  }

  /** Marks which installations are selected or took part in a point's interpolation. */
  highlight(selectedId: number | undefined, contributorIds: readonly number[]): void {
    const contributors = new Set(contributorIds);
    for (const [id, mark] of this.#marks) {
      mark.classList.toggle('selected', id === selectedId);
      mark.toggleAttribute('data-contributing', contributors.has(id));
    }
  }

  /** Shows (or, with `undefined`, hides) the marker of a clicked point. */
  showPoint(position: LatLng | undefined): void {
    if (position === undefined) {
      this.#pointMarker.setAttribute('visibility', 'hidden');
      return;
    }
    const point = toBase(this.#frame, position);
    this.#pointMarker.setAttribute('cx', point.x.toFixed(1));
    this.#pointMarker.setAttribute('cy', point.y.toFixed(1));
    this.#pointMarker.setAttribute('visibility', 'visible');
  }

  /** The mark of an installation (to give focus back to it). */
  mark(installationId: number): SVGCircleElement | undefined {
    return this.#marks.get(installationId);
  }

  setView(view: ViewTransform): void {
    this.#view = view;
    this.#layer.setAttribute('transform', transformAttribute(view));
    this.svg.style.setProperty('--k', String(view.k));
  }

  /** Zooms about the map's centre (buttons and keys). */
  zoom(factor: number): void {
    const centre = { x: this.svg.clientWidth / 2, y: this.svg.clientHeight / 2 };
    this.setView(zoomAt(this.#view, centre, factor));
  }

  /** Pans by a screen distance. */
  pan(dxPx: number, dyPx: number): void {
    this.setView(pan(this.#view, dxPx, dyPx));
  }

  /** A mouse event's point in the map, CSS pixels from its top left corner. */
  localPoint(event: MouseEvent): BasePoint {
    const box = this.svg.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  /** Zooms by `factor` keeping the point under `screen` in place (the wheel). */
  zoomAt(screen: BasePoint, factor: number): void {
    this.setView(zoomAt(this.#view, screen, factor));
  }

  /** The position under a point of the map, to six decimals (about 0.1 m, all a click means). */
  positionAt(screen: BasePoint): LatLng {
    const { latitude, longitude } = fromBase(this.#frame, toBasePoint(this.#view, screen));
    const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
    return { latitude: round(latitude), longitude: round(longitude) };
  }
}
