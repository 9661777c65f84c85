// The page at `/`: a client of the `/v2` routes of the server that serves it, and of nothing
// else. Wires the key, the language, the map, the legend, the loader and the panel together.
import type {
  IndexTypeMeta,
  IndexValue,
  Installation,
  MeasurementTypeMeta,
} from '../../model/api-types.js';
import { ApiClient, type ApiFailure, ApiFailureError } from './api-client.js';
import { IndexLoader } from './index-loader.js';
import { addressLine, levelText } from './installation-text.js';
import { renderLegend, selectorOrder } from './legend-view.js';
import { bindZoomButtons } from './map-controls.js';
import { MapView, PENDING_COLOR } from './map-view.js';
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

let language: PageLanguage = readLanguage(LANGUAGE_STORAGE);
let texts: PageTexts = PAGE_TEXTS[language];
let client: ApiClient | undefined;
let installations: Installation[] = [];
let installationsById = new Map<number, Installation>();
let indexTypes: IndexTypeMeta[] = [];
let measurementTypes: MeasurementTypeMeta[] = [];
let selected:
  | { kind: 'installation'; id: number }
  | { kind: 'point'; latitude: number; longitude: number }
  | undefined;

const map = new MapView(required<SVGSVGElement>('[data-testid="map"]'), {
  onInstallation: (id, byKeyboard) => void openInstallation(id, byKeyboard),
  onPoint: (position) => void openPoint(position.latitude, position.longitude),
});

const loader = new IndexLoader(
  async (id, indexType) => {
    const payload = await currentClient().installationMeasurements(id, indexType);
    return payload.current.indexes[0]!;
  },
  {
    onIndex: (id, index) => paint(id, index),
    onProgress: (done, total) => {
      status.textContent = texts.coloured(done, total);
      status.dataset.progress = `${done}/${total}`;
      if (done === total) performance.mark('airq-page:coloured');
      delete status.dataset.failure;
    },
    onFailure: (failure) => showFailure(failure),
  },
);

function currentClient(): ApiClient {
  if (client === undefined) throw new ApiFailureError({ kind: 'unauthorized' });
  return client;
}

function markLabel(installation: Installation, index: IndexValue | undefined): string {
  return texts.markLabel(addressLine(installation), levelText(index, texts.noData));
}

function paint(id: number, index: IndexValue): void {
  const installation = installationsById.get(id);
  if (installation !== undefined) map.paint(id, index.color, markLabel(installation, index));
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

function colourMarks(): void {
  showLegend();
  void loader.start(map.idsByDistanceFromCentre(), chosenIndex());
}

async function loadMeta(): Promise<void> {
  [indexTypes, measurementTypes] = await Promise.all([
    currentClient().indexTypes(),
    currentClient().measurementTypes(),
  ]);
  const previous = chosenIndex();
  indexSelect.replaceChildren(
    ...selectorOrder(indexTypes).map((name) => new Option(name, name, false, name === previous)),
  );
}

async function start(key: string): Promise<void> {
  client = new ApiClient(key, language);
  keyForm.hidden = true;
  status.textContent = texts.loading;
  await guarded(async () => {
    const meta = loadMeta();
    // The map is drawn as soon as the list is in; the legend and colours wait for the meta.
    meta.catch(() => undefined);
    const list = await currentClient().installations();
    performance.mark('airq-page:installations-loaded');
    installations = list;
    installationsById = new Map(list.map((installation) => [installation.id, installation]));
    map.draw(installations, (installation) => markLabel(installation, undefined));
    performance.mark('airq-page:map-built');
    // After the next frame the marks are on screen (bench/page-draw.ts reads this mark).
    requestAnimationFrame(() => setTimeout(() => performance.mark('airq-page:map-drawn')));
    await meta;
    colourMarks();
  });
}

function panelContext() {
  return { texts, language, measurementTypes, onClose: closePanel };
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
    const payload = await currentClient().installationMeasurements(id, chosenIndex());
    if (selected?.kind !== 'installation' || selected.id !== id) return;
    panel.showInstallation(installation, payload, panelContext());
    // A keyboard user lands in the panel, not 166 marks before it; Escape brings them back.
    if (byKeyboard) panel.element.querySelector<HTMLButtonElement>('button.close')?.focus();
  });
}

async function openPoint(latitude: number, longitude: number): Promise<void> {
  selected = { kind: 'point', latitude, longitude };
  map.showPoint({ latitude, longitude });
  await guarded(async () => {
    const payload = await currentClient().pointMeasurements(latitude, longitude, chosenIndex());
    if (selected?.kind !== 'point' || selected.latitude !== latitude) return;
    map.highlight(
      undefined,
      payload.interpolation?.contributors.map((c) => c.installationId) ?? [],
    );
    panel.showPoint(latitude, longitude, payload, panelContext());
  });
}

function reopen(): void {
  if (selected?.kind === 'installation') void openInstallation(selected.id);
  else if (selected?.kind === 'point') void openPoint(selected.latitude, selected.longitude);
}

indexSelect.addEventListener('change', () => {
  colourMarks();
  reopen();
});

languageSelect.addEventListener('change', () => {
  if (!isPageLanguage(languageSelect.value)) return;
  language = languageSelect.value;
  texts = PAGE_TEXTS[language];
  sessionStorage.setItem(LANGUAGE_STORAGE, language);
  showTexts();
  if (client === undefined) return;
  client = new ApiClient(client.key, language);
  void guarded(async () => {
    await loadMeta();
    showLegend();
    for (const installation of installations) {
      const index = loader.cached(installation.id, chosenIndex());
      map.paint(installation.id, index?.color ?? PENDING_COLOR, markLabel(installation, index));
    }
    reopen();
  });
});

keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const key = new FormData(keyForm).get('key');
  if (typeof key !== 'string' || key.trim() === '') return;
  sessionStorage.setItem(KEY_STORAGE, key.trim());
  loader.clear();
  void start(key.trim());
});

bindZoomButtons(map);

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && selected !== undefined) closePanel();
});

showTexts();
const chosen = readKey(KEY_STORAGE);
if (chosen === undefined) askForKey(texts.keyNeeded);
else {
  void start(chosen.key);
}
