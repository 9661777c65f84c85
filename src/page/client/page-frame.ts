import type { ApiFailure } from './api-client.js';
import { type ChosenKey, chooseKey, keyFromFragment } from './key-source.js';
import type { MapView } from './map-view.js';
import { browserLanguage, isPageLanguage, type PageLanguage } from './page-language.js';
import { type PageTexts, waitText } from './page-texts.js';

/** An element of the page's HTML (`src/page/page-html.ts`); its absence is a bug of the page. */
export function required<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (element === null) throw new Error(`airq page: ${selector} is missing from the HTML`);
  return element;
}

/**
 * Writes the page's own texts into the HTML frame: every `data-text` element's text, every
 * `data-text-label` element's accessible name and tooltip, the document's language and title.
 */
export function applyTexts(texts: PageTexts, language: PageLanguage): void {
  document.documentElement.lang = language;
  document.title = texts.title;
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('[data-text]')))
    element.textContent = String(texts[element.dataset.text as keyof PageTexts]);
  for (const element of Array.from(document.querySelectorAll<HTMLElement>('[data-text-label]'))) {
    const label = String(texts[element.dataset.textLabel as keyof PageTexts]);
    element.setAttribute('aria-label', label);
    element.title = label;
  }
  const keyInput = document.querySelector('[data-testid="key-form"] input');
  keyInput?.setAttribute('aria-label', texts.keyLabel);
}

/**
 * The status line's message for a failed request (401 asks for a key instead, so it has none
 * here): 429 and 503 with the wait until the page tries again, other statuses by number.
 *
 * @example
 * failureText(PAGE_TEXTS.en, { kind: 'rate-limited', retryAfterSeconds: 42 });
 * // → 'Request limit of this key reached (429). The page goes on in 42 seconds.'
 */
export function failureText(
  texts: PageTexts,
  failure: Exclude<ApiFailure, { kind: 'unauthorized' }>,
): string {
  switch (failure.kind) {
    case 'rate-limited':
      return texts.rateLimited(waitText(texts, failure.retryAfterSeconds));
    case 'unavailable':
      return texts.unavailable(waitText(texts, failure.retryAfterSeconds));
    case 'failed':
      return texts.failed(failure.status);
    case 'unreachable':
      return texts.unreachable;
  }
}

/**
 * The key the page starts with (see {@link chooseKey}): from `#key=…`, which then leaves the
 * address bar (and so the history and any screenshot) and is kept for the tab under
 * `storageName`; else one kept for the tab; else the demo key in the page's `<meta>`.
 */
export function readKey(storageName: string): ChosenKey | undefined {
  const fragment = keyFromFragment(location.hash);
  if (fragment !== undefined) {
    history.replaceState(null, '', location.pathname + location.search);
    sessionStorage.setItem(storageName, fragment);
  }
  return chooseKey({
    fragment,
    entered: sessionStorage.getItem(storageName) ?? undefined,
    demo: document.querySelector<HTMLMetaElement>('meta[name="airq-demo-key"]')?.content,
  });
}

/** The page's language: the one chosen earlier in this tab, else the browser's. */
export function readLanguage(storageName: string): PageLanguage {
  const stored = sessionStorage.getItem(storageName);
  return isPageLanguage(stored) ? stored : browserLanguage(navigator.languages);
}

/** The buttons beside the map (`data-action` zoom-in, zoom-out, reset to the whole network). */
export function bindMapButtons(map: MapView): void {
  for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('[data-action]'))) {
    button.addEventListener('click', () => {
      const action = button.dataset.action;
      if (action === 'zoom-in' || action === 'zoom-out')
        map.zoom(action === 'zoom-in' ? 'in' : 'out');
      else map.fitNetwork();
    });
  }
}
