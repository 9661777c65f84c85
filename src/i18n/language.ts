import type { Language } from '../model/api-types.js';
import { LANGUAGES } from '../model/api-types.js';

/** The language of every text when the caller asks for none (or for one we do not have). */
export const DEFAULT_LANGUAGE = 'en' satisfies Language;

/**
 * A text written in every supported language. Tables use it so that adding a language is a
 * compile error everywhere a translation is missing.
 */
export type LocalizedText = Readonly<Record<Language, string>>;

/**
 * Whether `x` is one of the supported language codes (`en`, `pl`), exactly as spelled there.
 *
 * @example
 * isLanguage('pl'); // true
 * isLanguage('pl-PL'); // false (use negotiateLanguage for header values)
 */
export function isLanguage(x: unknown): x is Language {
  return (LANGUAGES as readonly unknown[]).includes(x);
}
