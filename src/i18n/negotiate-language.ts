import type { Language } from '../model/api-types.js';
import { LANGUAGES } from '../model/api-types.js';
import { DEFAULT_LANGUAGE } from './language.js';

// RFC 9110 language-range: `*` or 1-8 letters followed by `-`-separated 1-8 alphanumerics.
const LANGUAGE_RANGE = /^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$/;
// RFC 9110 qvalue: 0 to 1 with at most three decimals.
const QUALITY_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Picks the response language from an `Accept-Language` header value.
 *
 * Entries are weighed by their `q` value (default 1); `q=0` means "not acceptable"; among equal
 * weights the entry written first wins. A range matches by its primary subtag (`pl-PL` → `pl`;
 * of several variants of one language the best-weighted counts),
 * and `*` stands for every supported language the header does not name. Malformed entries
 * (bad tag, bad `q`) are ignored rather than rejected, because real clients send things like
 * the literal string `undefined`. Anything that leaves no acceptable supported language,
 * including a missing header or a non-string, gives {@link DEFAULT_LANGUAGE}. Never throws.
 *
 * @param acceptLanguage - the raw header value, or `null`/`undefined` when absent
 * @returns `en` or `pl`
 * @example
 * negotiateLanguage('pl-PL,pl;q=0.9,en;q=0.8'); // 'pl'
 * negotiateLanguage('en;q=0.1, pl;q=0.5'); // 'pl'
 * negotiateLanguage('de'); // 'en'
 * negotiateLanguage('undefined'); // 'en'
 */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language {
  if (typeof acceptLanguage !== 'string') return DEFAULT_LANGUAGE;
  // Per supported language: its best weight and where in the header that weight was written.
  const quality = new Map<Language, number>();
  const position = new Map<Language, number>();
  let wildcardQuality = -1;
  let wildcardPosition = -1;
  const entries = acceptLanguage.split(',');
  for (let index = 0; index < entries.length; index++) {
    const entry = parseEntry(entries[index]!);
    if (entry === undefined) continue;
    if (entry.range === '*') {
      if (entry.quality > wildcardQuality) {
        wildcardQuality = entry.quality;
        wildcardPosition = index;
      }
      continue;
    }
    const language = supportedLanguageOf(entry.range);
    if (language === undefined) continue;
    // Several variants of one language (pl-PL, pl): the most welcome one counts.
    if (entry.quality > (quality.get(language) ?? -1)) {
      quality.set(language, entry.quality);
      position.set(language, index);
    }
  }
  let best: Language = DEFAULT_LANGUAGE;
  let bestQuality = 0;
  let bestPosition = Number.POSITIVE_INFINITY;
  for (const language of LANGUAGES) {
    const named = quality.has(language);
    const q = named ? quality.get(language)! : wildcardQuality;
    const at = named ? position.get(language)! : wildcardPosition;
    if (q > bestQuality || (q === bestQuality && q > 0 && at < bestPosition)) {
      best = language;
      bestQuality = q;
      bestPosition = at;
    }
  }
  return best;
}

function parseEntry(text: string): { range: string; quality: number } | undefined {
  const parameters = text.split(';');
  const range = parameters[0]!.trim();
  if (!LANGUAGE_RANGE.test(range)) return undefined;
  let quality = 1;
  for (let i = 1; i < parameters.length; i++) {
    const parameter = parameters[i]!.trim();
    const equals = parameter.indexOf('=');
    if (equals < 0) return undefined;
    const key = parameter.slice(0, equals).trim().toLowerCase();
    if (key !== 'q') continue;
    const value = parameter.slice(equals + 1).trim();
    if (!QUALITY_VALUE.test(value)) return undefined;
    quality = Number(value);
  }
  return { range, quality };
}

function supportedLanguageOf(range: string): Language | undefined {
  const dash = range.indexOf('-');
  const primary = (dash < 0 ? range : range.slice(0, dash)).toLowerCase();
  return LANGUAGES.find((language) => language === primary);
}
