export type { Language } from '../model/api-types.js';
export { LANGUAGES } from '../model/api-types.js';
export { DEFAULT_LANGUAGE, isLanguage, type LocalizedText } from './language.js';
export { negotiateLanguage } from './negotiate-language.js';
