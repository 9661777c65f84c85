/** The languages of the page: those the `/v2` interface translates into. */
export const PAGE_LANGUAGES = Object.freeze(['en', 'pl'] as const);

/** A language of the page. */
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** Whether a string is a language of the page. */
export function isPageLanguage(value: unknown): value is PageLanguage {
  return value === 'en' || value === 'pl';
}

/**
 * The page's first language from the browser's preferences (`navigator.languages`, most
 * preferred first): the first one whose primary subtag is a page language, else English.
 *
 * @example
 * browserLanguage(['de-DE', 'pl-PL', 'en']); // → 'pl'
 * browserLanguage(['fr']); // → 'en'
 */
export function browserLanguage(preferred: readonly string[]): PageLanguage {
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isPageLanguage(primary)) return primary;
  }
  return 'en';
}
