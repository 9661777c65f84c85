import { checkOneOf } from '../arguments/argument-checks.js';
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

/**
 * Builds a value once for every supported language and returns its checked lookup. For small
 * fixed tables (the meta lists) that are shared, frozen and asked for on every request.
 *
 * @param functionName - the public function named when the language is not supported
 * @param build - makes the value for one language
 * @example
 * const greeting = perLanguage('greeting', (language) => (language === 'pl' ? 'Cześć' : 'Hi'));
 * greeting('pl'); // 'Cześć'
 * greeting('de' as Language); // RangeError: greeting: language must be one of en, pl, got "de"
 */
export function perLanguage<T>(
  functionName: string,
  build: (language: Language) => T,
): (language: Language) => T {
  const built = new Map(LANGUAGES.map((language) => [language, build(language)] as const));
  return (language) => {
    checkOneOf(functionName, 'language', language, LANGUAGES);
    return built.get(language)!; // every supported language was built above
  };
}
