import {
  type CircleMarker,
  circleMarker,
  control,
  type LatLngBounds,
  type Map as LeafletMap,
  latLngBounds,
  map as leafletMap,
  Projection,
  polygon,
  svg,
  tileLayer,
} from 'leaflet';
import { convexHull } from './convex-hull.js';
import type { TileChoice } from './map-tiles.js';

/** A position on the map, degrees. */
export interface LatLng {
  readonly latitude: number;
  readonly longitude: number;
}

/** What the map tells the page. */
export interface MapEvents {
  /** `byKeyboard`: chosen with Enter or Space, so the panel should take the focus. */
  readonly onInstallation: (installationId: number, byKeyboard: boolean) => void;
  readonly onPoint: (position: LatLng) => void;
  /** The first tile that could not be loaded (offline, or a tile server that refuses). */
  readonly onTilesFailed: () => void;
}

/** One installation as the map draws it. */
export interface MapInstallation {
  readonly id: number;
  readonly location: LatLng;
}

/** The colour of a mark whose index has not arrived yet. */
export const PENDING_COLOR = '#9E9E9E';
// Screen radii of a mark, a chosen or contributing mark and a clicked point's ring, px.
const MARK_RADIUS_PX = 6;
const CHOSEN_RADIUS_PX = 9;
const POINT_RADIUS_PX = 7;
const FIT_PADDING_PX = 24;
// The zoom a single installation, or a network with no extent, is shown at.
const SINGLE_ZOOM = 13;

function round6(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}

/**
 * The map, on Leaflet: the tile layer (if any), the network's outline (the convex hull of its
 * installations, in Web Mercator), a metric scale, and one focusable SVG circle per
 * installation (`data-installation-id`, `data-color`, `role="button"`, an `aria-label`) in
 * reading order, north to south, so Tab walks across the map. Drag or arrow keys pan, the wheel
 * or `+`/`-` zoom (Leaflet's own handlers); Enter or Space on a focused mark chooses it.
 */
export class MapView {
  readonly container: HTMLElement;
  readonly #map: LeafletMap;
  readonly #renderer = svg({ padding: 0.5 });
  readonly #marks = new Map<number, CircleMarker>();
  readonly #pointMarker: CircleMarker;
  readonly #events: MapEvents;
  #outline: ReturnType<typeof polygon> | undefined;
  #bounds: LatLngBounds | undefined;
  #chosen = new Set<number>();

  constructor(container: HTMLElement, tiles: TileChoice | undefined, events: MapEvents) {
    this.container = container;
    this.#events = events;
    this.#map = leafletMap(container, {
      zoomControl: false,
      renderer: this.#renderer,
      // Quarter steps, so "Whole network" fits the network closely, not to the next power of 2.
      zoomSnap: 0.25,
      // A view before the first layer (Leaflet draws nothing on a map without one).
      center: [0, 0],
      zoom: 2,
    });
    this.#map.attributionControl.setPrefix(false);
    control.scale({ imperial: false }).addTo(this.#map);
    if (tiles !== undefined) {
      let failed = false;
      tileLayer(tiles.url, {
        attribution: tiles.attributionHtml,
        maxZoom: 19,
        // The page itself sends no referrer; tile servers such as OpenStreetMap's ask for one.
        referrerPolicy: 'strict-origin-when-cross-origin',
      })
        .on('tileerror', () => {
          if (failed) return;
          failed = true;
          container.dataset.tiles = 'unavailable';
          events.onTilesFailed();
        })
        .addTo(this.#map);
      container.dataset.tiles = 'on';
    } else container.dataset.tiles = 'none';
    this.#pointMarker = circleMarker([0, 0], {
      radius: POINT_RADIUS_PX,
      className: 'point-marker',
      interactive: false,
      fill: false,
      color: '#000',
      weight: 2,
    });
    this.#map.on('click', (event) =>
      events.onPoint({
        latitude: round6(event.latlng.lat),
        longitude: round6(event.latlng.wrap().lng),
      }),
    );
    container.addEventListener('keydown', (event) => this.#onKey(event));
    // A mark reached with Tab outside the view brings the view to it.
    container.addEventListener('focusin', (event) => {
      const id = (event.target as Element).getAttribute('data-installation-id');
      const mark = id === null ? undefined : this.#marks.get(Number(id));
      if (mark !== undefined) this.#map.panInside(mark.getLatLng(), { animate: false });
    });
  }

  #onKey(event: KeyboardEvent): void {
    const id = (event.target as Element).getAttribute('data-installation-id');
    if (id === null || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    event.stopPropagation();
    this.#events.onInstallation(Number(id), true);
  }

  /** Draws the installations, replacing any drawn before, and fits the view to them. */
  draw(installations: readonly MapInstallation[], label: (id: number) => string): void {
    for (const mark of this.#marks.values()) mark.remove();
    this.#marks.clear();
    this.#outline?.remove();
    const projected = installations.map((installation) => ({
      id: installation.id,
      latLng: [installation.location.latitude, installation.location.longitude] as const,
      point: Projection.SphericalMercator.project({
        lat: installation.location.latitude,
        lng: installation.location.longitude,
      } as never),
    }));
    const hull = convexHull(projected.map((entry) => entry.point));
    this.#outline = polygon(
      hull.map((point) => Projection.SphericalMercator.unproject(point as never)),
      { className: 'outline', interactive: false, weight: 1.5, dashArray: '6 4' },
    ).addTo(this.#map);
    // Reading order (north to south, west to east): the order of the SVG, so the order of Tab.
    projected.sort((a, b) => a.point.y - b.point.y || a.point.x - b.point.x);
    for (const { id, latLng } of projected) {
      const mark = circleMarker([latLng[0], latLng[1]], {
        radius: MARK_RADIUS_PX,
        className: 'mark',
        color: '#1b1b1b',
        weight: 1,
        fillColor: PENDING_COLOR,
        fillOpacity: 1,
        bubblingMouseEvents: false,
      });
      mark.on('click', () => this.#events.onInstallation(id, false));
      mark.addTo(this.#map);
      const element = mark.getElement()!;
      element.setAttribute('tabindex', '0');
      element.setAttribute('role', 'button');
      element.setAttribute('data-installation-id', String(id));
      element.setAttribute('data-color', PENDING_COLOR);
      element.setAttribute('aria-label', label(id));
      this.#marks.set(id, mark);
    }
    this.#bounds =
      projected.length === 0
        ? undefined
        : latLngBounds(projected.map((entry) => [entry.latLng[0], entry.latLng[1]]));
    this.fitNetwork();
  }

  /** Shows the whole network (the "Whole network" button). */
  fitNetwork(): void {
    const bounds = this.#bounds;
    if (bounds === undefined) return;
    if (bounds.getNorthEast().equals(bounds.getSouthWest()))
      this.#map.setView(bounds.getCenter(), SINGLE_ZOOM, { animate: false });
    else this.#map.fitBounds(bounds, { padding: [FIT_PADDING_PX, FIT_PADDING_PX], animate: false });
  }

  /** Colours an installation's mark (`#RRGGBB`) and updates its accessible name. */
  paint(installationId: number, color: string, label: string): void {
    const mark = this.#marks.get(installationId);
    if (mark === undefined) return;
    mark.setStyle({ fillColor: color });
    const element = mark.getElement()!;
    element.setAttribute('data-color', color);
    element.setAttribute('aria-label', label);
  }

  /** Marks which installations are selected or took part in a point's interpolation. */
  highlight(selectedId: number | undefined, contributorIds: readonly number[]): void {
    const next = new Set(contributorIds);
    if (selectedId !== undefined) next.add(selectedId);
    for (const id of new Set([...this.#chosen, ...next])) {
      const mark = this.#marks.get(id);
      if (mark === undefined) continue;
      const element = mark.getElement()!;
      element.classList.toggle('selected', id === selectedId);
      element.toggleAttribute('data-contributing', contributorIds.includes(id));
      mark.setRadius(next.has(id) ? CHOSEN_RADIUS_PX : MARK_RADIUS_PX);
    }
    this.#chosen = next;
  }

  /** Shows (or, with `undefined`, hides) the ring of a clicked point. */
  showPoint(position: LatLng | undefined): void {
    if (position === undefined) {
      this.#pointMarker.remove();
      return;
    }
    this.#pointMarker.setLatLng([position.latitude, position.longitude]).addTo(this.#map);
  }

  /** The mark's element of an installation (to give focus back to it). */
  mark(installationId: number): SVGElement | undefined {
    return (this.#marks.get(installationId)?.getElement() as SVGElement | undefined) ?? undefined;
  }

  /** Zooms in or out by one step about the centre (the buttons beside the map). */
  zoom(direction: 'in' | 'out'): void {
    if (direction === 'in') this.#map.zoomIn();
    else this.#map.zoomOut();
  }
}
