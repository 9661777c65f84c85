export type { LocalizedText } from './language.js';
export { negotiateLanguage } from './negotiate-language.js';
