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
import { chooseKey, keyFromFragment } from './key-source.js';
import { renderLegend, selectorOrder } from './legend-view.js';
import { MapView, PENDING_COLOR } from './map-view.js';
import { browserLanguage, isPageLanguage, type PageLanguage } from './page-language.js';
import { PAGE_TEXTS, type PageTexts, waitText } from './page-texts.js';
import { PanelView } from './panel-view.js';
import { IDENTITY_VIEW } from './view-transform.js';

const KEY_STORAGE = 'airq-page-key';
const LANGUAGE_STORAGE = 'airq-page-language';

const roundDegrees = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

function required<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (element === null) throw new Error(`airq page: ${selector} is missing from the HTML`);
  return element;
}

const indexSelect = required<HTMLSelectElement>('[data-testid="index-type"]');
const languageSelect = required<HTMLSelectElement>('[data-testid="language"]');
const keyForm = required<HTMLFormElement>('[data-testid="key-form"]');
const keyMessage = required<HTMLElement>('[data-testid="key-message"]');
const status = required<HTMLElement>('[data-testid="status"]');
const legend = required<HTMLElement>('[data-testid="legend"]');
const panel = new PanelView(required<HTMLElement>('[data-testid="panel"]'));

const stored = (name: string) => sessionStorage.getItem(name) ?? undefined;
const storedLanguage = stored(LANGUAGE_STORAGE);
let language: PageLanguage = isPageLanguage(storedLanguage)
  ? storedLanguage
  : browserLanguage(navigator.languages);
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
  onInstallation: (id) => void openInstallation(id),
  // Six decimals (about 0.1 m) are all a click can mean.
  onPoint: (position) =>
    void openPoint(roundDegrees(position.latitude), roundDegrees(position.longitude)),
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
  status.textContent =
    failure.kind === 'rate-limited'
      ? texts.rateLimited(waitText(texts, failure.retryAfterSeconds))
      : failure.kind === 'unavailable'
        ? texts.unavailable(waitText(texts, failure.retryAfterSeconds))
        : failure.kind === 'failed'
          ? texts.failed(failure.status)
          : texts.unreachable;
  status.dataset.failure = failure.kind;
}

function askForKey(message: string): void {
  client = undefined;
  sessionStorage.removeItem(KEY_STORAGE);
  keyMessage.textContent = message;
  keyForm.hidden = false;
  status.textContent = '';
}

function applyTexts(): void {
  document.documentElement.lang = language;
  document.title = texts.title;
  languageSelect.value = language;
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('[data-text]')))
    element.textContent = String(texts[element.dataset.text as keyof PageTexts]);
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('[data-text-label]'))) {
    const label = String(texts[element.dataset.textLabel as keyof PageTexts]);
    element.setAttribute('aria-label', label);
    element.title = label;
  }
  const keyInput = keyForm.elements.namedItem('key');
  if (keyInput instanceof HTMLInputElement) keyInput.setAttribute('aria-label', texts.keyLabel);
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

function colourMarks(): void {
  renderLegend(
    legend,
    indexTypes.find((index) => index.name === chosenIndex()),
    texts,
  );
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

async function openInstallation(id: number): Promise<void> {
  const installation = installationsById.get(id);
  if (installation === undefined) return;
  selected = { kind: 'installation', id };
  map.highlight(id, []);
  map.showPoint(undefined);
  await guarded(async () => {
    const payload = await currentClient().installationMeasurements(id, chosenIndex());
    if (selected?.kind !== 'installation' || selected.id !== id) return;
    panel.showInstallation(installation, payload, panelContext());
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
  applyTexts();
  if (client === undefined) return;
  client = new ApiClient(client.key, language);
  void guarded(async () => {
    await loadMeta();
    renderLegend(
      legend,
      indexTypes.find((index) => index.name === chosenIndex()),
      texts,
    );
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

for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('[data-action]'))) {
  button.addEventListener('click', () => {
    const action = button.dataset.action;
    if (action === 'zoom-in') map.zoom(1.5);
    else if (action === 'zoom-out') map.zoom(1 / 1.5);
    else map.setView(IDENTITY_VIEW);
  });
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && selected !== undefined) closePanel();
});

applyTexts();
const fragmentKey = keyFromFragment(location.hash);
// The key leaves the address bar (and so the history and any screenshot) once read.
if (fragmentKey !== undefined) history.replaceState(null, '', location.pathname + location.search);
const chosen = chooseKey({
  fragment: fragmentKey,
  entered: stored(KEY_STORAGE),
  demo: document.querySelector<HTMLMetaElement>('meta[name="airq-demo-key"]')?.content,
});
if (chosen === undefined) askForKey(texts.keyNeeded);
else {
  if (chosen.source === 'address') sessionStorage.setItem(KEY_STORAGE, chosen.key);
  void start(chosen.key);
}
