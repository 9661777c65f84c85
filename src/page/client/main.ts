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
import { readDataAttributions, showDataAttributions } from './data-attributions.js';
import { addressLine, levelText } from './installation-text.js';
import { renderLegend, selectorOrder } from './legend-view.js';
import { readTileChoice } from './map-tiles.js';
import { MapView } from './map-view.js';
import { NetworkLoader, REFRESH_INTERVAL_MS } from './network-loader.js';
import { showNetworkMarks } from './network-marks.js';
import {
  applyTexts,
  bindMapButtons,
  failureText,
  readKey,
  readLanguage,
  required,
} from './page-frame.js';
import { isPageLanguage, type PageLanguage } from './page-language.js';
import { PAGE_TEXTS, type PageTexts } from './page-texts.js';
import { PanelSelection } from './panel-selection.js';
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
// The key's client and its network loader (both new when the key or the language changes).
let session: { readonly client: ApiClient; readonly loader: NetworkLoader } | undefined;
let installationsById = new Map<number, Installation>();
let network: NetworkState | undefined;
let indexTypes: IndexTypeMeta[] = [];
// The measurement list only the panel needs: asked at the first panel, not for the map.
let measurementTypes: Promise<MeasurementTypeMeta[]> | undefined;

const mapElement = required<HTMLElement>('[data-testid="map"]');
// The followed sources' credits under the map, before the texts are applied (its label is one).
showDataAttributions(mapElement, readDataAttributions());

const map = new MapView(mapElement, readTileChoice(), {
  onInstallation: (id, byKeyboard) => void selection.openInstallation(id, byKeyboard),
  onPoint: (position) => void selection.openPoint(position.latitude, position.longitude),
  onTilesFailed: () => {
    tilesNote.hidden = false;
  },
});

const selection = new PanelSelection({
  map,
  panel,
  installation: (id) => installationsById.get(id),
  installationPayload: (id) => current().client.installationMeasurements(id, chosenIndex()),
  pointPayload: (lat, lng) => current().client.pointMeasurements(lat, lng, chosenIndex()),
  context: async () => {
    measurementTypes ??= current().client.measurementTypes();
    return { texts, language, measurementTypes: await measurementTypes };
  },
  guarded,
});

function current(): { readonly client: ApiClient; readonly loader: NetworkLoader } {
  if (session === undefined) throw new ApiFailureError({ kind: 'unauthorized' });
  return session;
}

function useKey(key: string): void {
  const client = new ApiClient(key, language);
  session = { client, loader: new NetworkLoader((type, etag) => client.network(type, etag)) };
  measurementTypes = undefined;
}

function markLabel(id: number, index: NetworkIndex | undefined): string {
  const installation = installationsById.get(id);
  const address = installation === undefined ? `#${id}` : addressLine(installation);
  return texts.markLabel(address, levelText(index, texts.noData));
}

function showNetwork(state: NetworkState): void {
  showNetworkMarks(map, network, state, markLabel);
  network = state;
  const total = state.installations.length;
  status.textContent = texts.coloured(total, total);
  status.dataset.progress = `${total}/${total}`;
  delete status.dataset.failure;
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
  session = undefined;
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
  const state = await current().loader.load(indexType);
  if (indexType === chosenIndex()) showNetwork(state);
}

async function loadMeta(): Promise<void> {
  indexTypes = await current().client.indexTypes();
  const previous = chosenIndex();
  indexSelect.replaceChildren(
    ...selectorOrder(indexTypes).map((name) => new Option(name, name, false, name === previous)),
  );
}

async function start(key: string): Promise<void> {
  useKey(key);
  keyForm.hidden = true;
  status.textContent = texts.loading;
  await guarded(async () => {
    // Three requests for the whole map: the index list, the installations (their addresses
    // name the marks) and the network's colours.
    const meta = loadMeta();
    const list = current().client.installations();
    const state = current().loader.load(chosenIndex());
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
  if (session === undefined || network === undefined) return;
  const indexType = chosenIndex();
  void guarded(async () => {
    const state = await current().loader.refresh(indexType, document.visibilityState === 'visible');
    if (state !== undefined && indexType === chosenIndex()) showNetwork(state);
  });
}, REFRESH_INTERVAL_MS);

indexSelect.addEventListener('change', () => {
  void guarded(colourMarks);
  selection.reopen();
});

languageSelect.addEventListener('change', () => {
  if (!isPageLanguage(languageSelect.value)) return;
  language = languageSelect.value;
  texts = PAGE_TEXTS[language];
  sessionStorage.setItem(LANGUAGE_STORAGE, language);
  showTexts();
  if (session === undefined) return;
  // The API's texts (level descriptions) change with the language: a new client and loader.
  useKey(session.client.key);
  void guarded(async () => {
    await Promise.all([loadMeta(), colourMarks()]);
    selection.reopen();
  });
});

keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const key = new FormData(keyForm).get('key');
  if (typeof key !== 'string' || key.trim() === '') return;
  sessionStorage.setItem(KEY_STORAGE, key.trim());
  void start(key.trim());
});

bindMapButtons(map);

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && selection.isOpen) selection.close();
});

showTexts();
const chosen = readKey(KEY_STORAGE);
if (chosen === undefined) askForKey(texts.keyNeeded);
else void start(chosen.key);
