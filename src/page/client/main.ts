// The page at `/`: a client of the `/v2` routes of the server that serves it (and of the map
// tiles it is told to draw). Wires the key, the language, the map, the legend, the network's
// colours and the panel together.
import type { IndexTypeMeta, Installation, MeasurementTypeMeta } from '../../model/api-types.js';
import {
  ApiClient,
  type ApiFailure,
  ApiFailureError,
  type NetworkIndex,
  type NetworkState,
} from './api-client.js';
import { addressLine, levelText } from './installation-text.js';
import { renderLegend, selectorOrder } from './legend-view.js';
import { readTileChoice } from './map-tiles.js';
import { MapView } from './map-view.js';
import { NetworkLoader, REFRESH_INTERVAL_MS } from './network-loader.js';
import { applyTexts, failureText, readKey, readLanguage, required } from './page-frame.js';
import { isPageLanguage, type PageLanguage } from './page-language.js';
import { PAGE_TEXTS, type PageTexts } from './page-texts.js';
import { PanelView } from './panel-view.js';

const KEY_STORAGE = 'airq-page-key';
const LANGUAGE_STORAGE = 'airq-page-language';

const indexSelect = required<HTMLSelectElement>('[data-testid="index-type"]');
const languageSelect = required<HTMLSelectElement>('[data-testid="language"]');
const keyForm = required<HTMLFormElement>('[data-testid="key-form"]');
const keyMessage = required<HTMLElement>('[data-testid="key-message"]');
const status = required<HTMLElement>('[data-testid="status"]');
const legend = required<HTMLElement>('[data-testid="legend"]');
const panel = new PanelView(required<HTMLElement>('[data-testid="panel"]'));

const tilesNote = required<HTMLElement>('[data-testid="tiles-note"]');

let language: PageLanguage = readLanguage(LANGUAGE_STORAGE);
let texts: PageTexts = PAGE_TEXTS[language];
let client: ApiClient | undefined;
let loader: NetworkLoader | undefined;
let installationsById = new Map<number, Installation>();
let network: NetworkState | undefined;
let indexTypes: IndexTypeMeta[] = [];
// The measurement list only the panel needs: asked at the first panel, not for the map.
let measurementTypes: Promise<MeasurementTypeMeta[]> | undefined;
let selected:
  | { kind: 'installation'; id: number }
  | { kind: 'point'; latitude: number; longitude: number }
  | undefined;

const map = new MapView(required<HTMLElement>('[data-testid="map"]'), readTileChoice(), {
  onInstallation: (id, byKeyboard) => void openInstallation(id, byKeyboard),
  onPoint: (position) => void openPoint(position.latitude, position.longitude),
  onTilesFailed: () => {
    tilesNote.hidden = false;
  },
});

function currentClient(): ApiClient {
  if (client === undefined) throw new ApiFailureError({ kind: 'unauthorized' });
  return client;
}

function currentLoader(): NetworkLoader {
  if (loader === undefined) throw new ApiFailureError({ kind: 'unauthorized' });
  return loader;
}

function useClient(key: string): void {
  const next = new ApiClient(key, language);
  client = next;
  loader = new NetworkLoader((indexType, etag) => next.network(indexType, etag));
  measurementTypes = undefined;
}

function markLabel(id: number, index: NetworkIndex | undefined): string {
  const installation = installationsById.get(id);
  const address = installation === undefined ? `#${id}` : addressLine(installation);
  return texts.markLabel(address, levelText(index, texts.noData));
}

// Draws the marks when the set of installations changed (the first answer, or one installed
// or retired since), then colours every mark from the one answer.
function showNetwork(state: NetworkState): void {
  const previous = network?.installations;
  network = state;
  const same =
    previous !== undefined &&
    previous.length === state.installations.length &&
    previous.every((installation, i) => installation.id === state.installations[i]!.id);
  if (!same) {
    map.draw(state.installations, (id) => markLabel(id, undefined));
    performance.mark('airq-page:map-built');
  }
  for (const installation of state.installations)
    map.paint(
      installation.id,
      installation.index.color,
      markLabel(installation.id, installation.index),
    );
  const total = state.installations.length;
  status.textContent = texts.coloured(total, total);
  status.dataset.progress = `${total}/${total}`;
  delete status.dataset.failure;
  // After the next frame the coloured marks are on screen (bench/page-draw.ts reads this mark).
  if (!same) requestAnimationFrame(() => setTimeout(() => performance.mark('airq-page:map-drawn')));
}

function showFailure(failure: ApiFailure): void {
  if (failure.kind === 'unauthorized') {
    askForKey(texts.keyRejected);
    return;
  }
  status.textContent = failureText(texts, failure);
  status.dataset.failure = failure.kind;
}

function askForKey(message: string): void {
  client = undefined;
  sessionStorage.removeItem(KEY_STORAGE);
  keyMessage.textContent = message;
  keyForm.hidden = false;
  status.textContent = '';
}

function showTexts(): void {
  applyTexts(texts, language);
  languageSelect.value = language;
}

async function guarded(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    showFailure(error instanceof ApiFailureError ? error.failure : { kind: 'unreachable' });
  }
}

function chosenIndex(): string {
  return indexSelect.value || 'VENDOR_CAQI';
}

function showLegend(): void {
  renderLegend(
    legend,
    indexTypes.find((index) => index.name === chosenIndex()),
    texts,
  );
}

async function colourMarks(): Promise<void> {
  showLegend();
  // Until this index's colours are drawn, the marks are not "coloured" (the tests wait on it).
  delete status.dataset.progress;
  const indexType = chosenIndex();
  const state = await currentLoader().load(indexType);
  if (indexType === chosenIndex()) showNetwork(state);
}

async function loadMeta(): Promise<void> {
  indexTypes = await currentClient().indexTypes();
  const previous = chosenIndex();
  indexSelect.replaceChildren(
    ...selectorOrder(indexTypes).map((name) => new Option(name, name, false, name === previous)),
  );
}

async function start(key: string): Promise<void> {
  useClient(key);
  keyForm.hidden = true;
  status.textContent = texts.loading;
  await guarded(async () => {
    // Three requests for the whole map: the index list, the installations (their addresses
    // name the marks) and the network's colours.
    const meta = loadMeta();
    const list = currentClient().installations();
    const state = currentLoader().load(chosenIndex());
    for (const pending of [meta, list, state]) pending.catch(() => undefined);
    installationsById = new Map(
      (await list).map((installation) => [installation.id, installation]),
    );
    performance.mark('airq-page:installations-loaded');
    network = undefined;
    showNetwork(await state);
    await meta;
    showLegend();
  });
}

// Every minute, the index on screen again with If-None-Match; a hidden tab and the last
// requests of the key's day are left alone (see network-loader.ts).
setInterval(() => {
  if (loader === undefined || network === undefined) return;
  const indexType = chosenIndex();
  void guarded(async () => {
    const state = await currentLoader().refresh(indexType, document.visibilityState === 'visible');
    if (state !== undefined && indexType === chosenIndex()) showNetwork(state);
  });
}, REFRESH_INTERVAL_MS);

async function panelContext() {
  measurementTypes ??= currentClient().measurementTypes();
  return { texts, language, measurementTypes: await measurementTypes, onClose: closePanel };
}

function closePanel(): void {
  const previous = selected;
  selected = undefined;
  panel.close();
  map.highlight(undefined, []);
  map.showPoint(undefined);
  if (previous?.kind === 'installation') map.mark(previous.id)?.focus();
}

async function openInstallation(id: number, byKeyboard = false): Promise<void> {
  const installation = installationsById.get(id);
  if (installation === undefined) return;
  selected = { kind: 'installation', id };
  map.highlight(id, []);
  map.showPoint(undefined);
  await guarded(async () => {
    const [payload, context] = await Promise.all([
      currentClient().installationMeasurements(id, chosenIndex()),
      panelContext(),
    ]);
    if (selected?.kind !== 'installation' || selected.id !== id) return;
    panel.showInstallation(installation, payload, context);
    // A keyboard user lands in the panel, not 166 marks before it; Escape brings them back.
    if (byKeyboard) panel.element.querySelector<HTMLButtonElement>('button.close')?.focus();
  });
}

async function openPoint(latitude: number, longitude: number): Promise<void> {
  selected = { kind: 'point', latitude, longitude };
  map.showPoint({ latitude, longitude });
  await guarded(async () => {
    const [payload, context] = await Promise.all([
      currentClient().pointMeasurements(latitude, longitude, chosenIndex()),
      panelContext(),
    ]);
    if (selected?.kind !== 'point' || selected.latitude !== latitude) return;
    map.highlight(
      undefined,
      payload.interpolation?.contributors.map((c) => c.installationId) ?? [],
    );
    panel.showPoint(latitude, longitude, payload, context);
  });
}

function reopen(): void {
  if (selected?.kind === 'installation') void openInstallation(selected.id);
  else if (selected?.kind === 'point') void openPoint(selected.latitude, selected.longitude);
}

indexSelect.addEventListener('change', () => {
  void guarded(colourMarks);
  reopen();
});

languageSelect.addEventListener('change', () => {
  if (!isPageLanguage(languageSelect.value)) return;
  language = languageSelect.value;
  texts = PAGE_TEXTS[language];
  sessionStorage.setItem(LANGUAGE_STORAGE, language);
  showTexts();
  if (client === undefined) return;
  // The API's texts (level descriptions) change with the language: a new client and loader.
  useClient(client.key);
  void guarded(async () => {
    await Promise.all([loadMeta(), colourMarks()]);
    reopen();
  });
});

keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const key = new FormData(keyForm).get('key');
  if (typeof key !== 'string' || key.trim() === '') return;
  sessionStorage.setItem(KEY_STORAGE, key.trim());
  void start(key.trim());
});

for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('[data-action]'))) {
  button.addEventListener('click', () => {
    const action = button.dataset.action;
    if (action === 'zoom-in' || action === 'zoom-out')
      map.zoom(action === 'zoom-in' ? 'in' : 'out');
    else map.fitNetwork();
  });
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && selected !== undefined) closePanel();
});

showTexts();
const chosen = readKey(KEY_STORAGE);
if (chosen === undefined) askForKey(texts.keyNeeded);
else {
  void start(chosen.key);
}
