export { DEFAULT_LANGUAGE, isLanguage, type LocalizedText } from './language.js';
export { negotiateLanguage } from './negotiate-language.js';
