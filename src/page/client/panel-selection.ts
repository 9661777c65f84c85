import type { Installation, Measurements } from '../../model/api-types.js';
import type { PointMeasurements } from './api-client.js';
import type { MapView } from './map-view.js';
import type { PanelContext, PanelView } from './panel-view.js';

/** What {@link PanelSelection} needs of the page. */
export interface PanelSources {
  readonly map: MapView;
  readonly panel: PanelView;
  readonly installation: (installationId: number) => Installation | undefined;
  /** `/v2/measurements/installation` for the index type on screen. */
  readonly installationPayload: (installationId: number) => Promise<Measurements>;
  /** `/v2/measurements/point` for the index type on screen. */
  readonly pointPayload: (latitude: number, longitude: number) => Promise<PointMeasurements>;
  /** The panel's texts, language and measurement list (asked at the first panel). */
  readonly context: () => Promise<Omit<PanelContext, 'onClose'>>;
  /** Runs a request, showing its failure on the page instead of throwing. */
  readonly guarded: (work: () => Promise<void>) => Promise<void>;
}

type Selected =
  | { readonly kind: 'installation'; readonly id: number }
  | { readonly kind: 'point'; readonly latitude: number; readonly longitude: number };

/**
 * What the side panel shows: an installation (its mark highlighted) or a point (its ring and
 * the installations it was interpolated from), or nothing. An answer that arrives after
 * another choice is dropped. Opened from the keyboard, the panel takes the focus, and closing
 * it gives the focus back to the installation's mark.
 */
export class PanelSelection {
  readonly #sources: PanelSources;
  #selected: Selected | undefined;

  constructor(sources: PanelSources) {
    this.#sources = sources;
  }

  /** Whether the panel shows something. */
  get isOpen(): boolean {
    return this.#selected !== undefined;
  }

  async #context(): Promise<PanelContext> {
    return { ...(await this.#sources.context()), onClose: () => this.close() };
  }

  /** Closes the panel, clears the marks' highlight and gives the focus back to the mark. */
  close(): void {
    const { map, panel } = this.#sources;
    const previous = this.#selected;
    this.#selected = undefined;
    panel.close();
    map.highlight(undefined, []);
    map.showPoint(undefined);
    if (previous?.kind === 'installation') map.mark(previous.id)?.focus();
  }

  /** Shows an installation; `byKeyboard` moves the focus into the panel. */
  async openInstallation(id: number, byKeyboard = false): Promise<void> {
    const { map, panel, guarded } = this.#sources;
    const installation = this.#sources.installation(id);
    if (installation === undefined) return;
    this.#selected = { kind: 'installation', id };
    map.highlight(id, []);
    map.showPoint(undefined);
    await guarded(async () => {
      const [payload, context] = await Promise.all([
        this.#sources.installationPayload(id),
        this.#context(),
      ]);
      const now = this.#selected;
      if (now?.kind !== 'installation' || now.id !== id) return;
      panel.showInstallation(installation, payload, context);
      // A keyboard user lands in the panel, not 166 marks before it; Escape brings them back.
      if (byKeyboard) panel.element.querySelector<HTMLButtonElement>('button.close')?.focus();
    });
  }

  /** Shows the values interpolated at a point and marks the installations they came from. */
  async openPoint(latitude: number, longitude: number): Promise<void> {
    const { map, panel, guarded } = this.#sources;
    this.#selected = { kind: 'point', latitude, longitude };
    map.showPoint({ latitude, longitude });
    await guarded(async () => {
      const [payload, context] = await Promise.all([
        this.#sources.pointPayload(latitude, longitude),
        this.#context(),
      ]);
      const now = this.#selected;
      if (now?.kind !== 'point' || now.latitude !== latitude || now.longitude !== longitude) return;
      const contributors = payload.interpolation?.contributors ?? [];
      map.highlight(
        undefined,
        contributors.map((contributor) => contributor.installationId),
      );
      panel.showPoint(latitude, longitude, payload, context);
    });
  }

  /** Asks again for what is shown (another index type or language). */
  reopen(): void {
    const selected = this.#selected;
    if (selected?.kind === 'installation') void this.openInstallation(selected.id);
    else if (selected?.kind === 'point') void this.openPoint(selected.latitude, selected.longitude);
  }
}
